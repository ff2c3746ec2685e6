import { describe, expect, test } from "vitest";
import { recommendations, scoreAssessment } from "../scoring";
import { ownerNotificationEmail, respondentResultEmail } from "./assessment-emails";
import { renderEmailAwaitingId } from "~/features/outbox/index.server";
import { sampleAnswers as answers } from "../../../../tests/support/assessment-answers";

const hostile = {
  company: `<img src=x onerror="alert(1)"> & Sons`,
  firstName: "<b>Ada</b>",
  lastName: "<script>alert(1)</script>",
  email: "ada@example.org",
  phone: "",
};

const assessment = {
  submissionId: 42,
  contact: hostile,
  answers,
  score: scoreAssessment(answers),
  attribution: null,
};

const site = {
  brand: "Keelstone Operations",
  origin: "https://keelstone.example.com",
  email: "hello@keelstone.example.com",
};

describe("ownerNotificationEmail", () => {
  const rendered = ownerNotificationEmail(assessment, site.brand);

  test("names the lead, the score and the outcome", async () => {
    const email = await rendered;
    expect(email.subject).toBe(`New assessment lead: ${hostile.company} scored 73%`);
    for (const line of [
      "A visitor completed the Operational Efficiency Assessment on the Keelstone Operations website.",
      "Submission: #42",
      `Company: ${hostile.company}`,
      "Name: <b>Ada</b> <script>alert(1)</script>",
      "Email: ada@example.org",
      "Phone: not given",
      "Efficiency score: 73%",
      "Band score: 12 of 16",
      "Level: Good Efficiency with Room for Improvement",
      "Recommendation: Get the Quick Wins Guide",
      "Uncertain answers: 0",
      "Reply to this email to write to the visitor directly.",
    ]) {
      expect(email.text.split("\n")).toContain(line);
    }
    expect(email.html).toContain("#42");
    expect(email.html).toContain(">Good Efficiency with Room for Improvement<");
    expect(email.html).toContain('href="mailto:ada@example.org"');
  });

  test("lists every answer in words with its points", async () => {
    const email = await rendered;
    expect(email.text).toContain("Less than 2 hours (25 points)");
    expect(email.text).toContain("Often (5 points)");
    expect(email.text).toContain("Within 90 days (3 points)");
    expect(email.text.match(/\(\d+ points\)/g)).toHaveLength(10);
    expect(email.html.match(/\(\d+ points\)/g)).toHaveLength(10);
  });

  test("says 1 point, not 1 points", async () => {
    const oneOfThem = { ...answers, role: "individual-contributor" };
    const email = await ownerNotificationEmail(
      { ...assessment, answers: oneOfThem, score: scoreAssessment(oneOfThem) },
      site.brand,
    );
    expect(email.text).toContain("Individual contributor (1 point)");
    expect(email.html).toContain("<strong>Individual contributor</strong> (1 point)");
    expect(email.text).not.toMatch(/\(1 points\)/);
  });

  test("escapes what the visitor typed in the HTML part and keeps it literal in the text", async () => {
    const email = await rendered;
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).not.toContain("<b>Ada</b>");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Sons");
    expect(email.html).toContain("&lt;b&gt;Ada&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.text).toContain("<b>Ada</b> <script>alert(1)</script>");
  });

  test("shows the source only when there is one", async () => {
    expect((await rendered).text).not.toContain("Source:");
    const tagged = await ownerNotificationEmail(
      {
        ...assessment,
        attribution: {
          utmSource: "newsletter",
          utmMedium: null,
          utmCampaign: "<autumn>",
          utmTerm: null,
          utmContent: null,
          referrer: "https://news.example/ops",
        },
      },
      site.brand,
    );
    expect(tagged.text).toContain("Source:\nUTM source: newsletter\nUTM campaign: <autumn>");
    expect(tagged.text).toContain("Referrer: https://news.example/ops");
    expect(tagged.text).not.toContain("UTM medium");
    expect(tagged.html).toContain("&lt;autumn&gt;");
  });

  test("rendered before the submission is stored, it shows the id given afterwards", async () => {
    const awaiting = await renderEmailAwaitingId((submissionId) =>
      ownerNotificationEmail({ ...assessment, submissionId }, site.brand),
    );
    const email = awaiting.withId(7031);
    expect(email.text).toContain("Submission: #7031\n");
    expect(email.html).toContain(">#7031<");
    expect(email).toEqual(
      await ownerNotificationEmail({ ...assessment, submissionId: 7031 }, site.brand),
    );
  });
});

describe("respondentResultEmail", () => {
  const reportUrl = "https://keelstone.example.com/assessment-report/a-signed-token";
  const rendered = respondentResultEmail({ ...assessment, reportUrl }, site);

  test("gives the score, level and recommended next step with a link to /contact", async () => {
    const email = await rendered;
    expect(email.subject).toBe("Your Operational Efficiency Score: 73%");
    for (const line of [
      "Hello <b>Ada</b>,",
      `Thank you for taking the Operational Efficiency Assessment for ${hostile.company}.`,
      "Your efficiency score: 73%",
      "Your level: Good Efficiency with Room for Improvement",
      "Typical time lost per employee each week: 5-10 hours",
      "Typical cost impact: 10-15% of payroll",
      "Improvement opportunity: 20-30%",
      "Recommended next step: Get the Quick Wins Guide",
      "Get in touch: https://keelstone.example.com/contact",
      "Keelstone Operations",
      "Questions? Reply to this email or write to hello@keelstone.example.com.",
    ]) {
      expect(email.text.split("\n")).toContain(line);
    }
    expect(email.html).toContain('href="https://keelstone.example.com/contact"');
    expect(email.html).toContain('href="mailto:hello@keelstone.example.com"');
    expect(email.html).toContain("Recommended next step: Get the Quick Wins Guide");
  });

  test("a call recommended is booked at /book, from the button that names it", async () => {
    for (const recommendation of [recommendations.consultation, recommendations.high]) {
      const score = { ...scoreAssessment(answers), recommendation };
      const email = await respondentResultEmail({ ...assessment, score, reportUrl }, site);
      // The title inside the link to /book.
      const button = new RegExp(
        `href="https://keelstone\\.example\\.com/book"((?!</a>).)*${recommendation.title}`,
      );
      expect(email.html).toMatch(button);
      expect(email.html).toContain('href="https://keelstone.example.com/contact"');
    }
  });

  test("'Subscribe to Efficiency Updates' leads to the page with its button, behind the report's signed link", async () => {
    const score = { ...scoreAssessment(answers), recommendation: recommendations.low };
    const email = await respondentResultEmail({ ...assessment, score, reportUrl }, site);
    const page = `${reportUrl}/subscribe`;
    expect(email.text.split("\n")).toContain(`Subscribe: ${page}`);
    expect(email.html).toMatch(
      new RegExp(`href="${page}"((?!</a>).)*Subscribe to Efficiency Updates`),
    );
    for (const other of [
      recommendations.consultation,
      recommendations.high,
      recommendations.medium,
    ]) {
      const otherScore = { ...scoreAssessment(answers), recommendation: other };
      const otherEmail = await respondentResultEmail(
        { ...assessment, score: otherScore, reportUrl },
        site,
      );
      expect(otherEmail.text).not.toContain("/subscribe");
      expect(otherEmail.html).not.toContain("/subscribe");
    }
  });

  test("links to the report (PDF), in the button and in words for the plain-text part", async () => {
    const email = await rendered;
    expect(email.text).toContain(
      `Download your report (PDF), with your ten answers: ${reportUrl} (the link works for 30 days).`,
    );
    expect(email.html).toContain(`href="${reportUrl}"`);
    expect(email.html).toContain(">Download your report (PDF)<");
  });

  test("escapes the visitor's name and company in the HTML part", async () => {
    const email = await rendered;
    expect(email.html).toContain("Hello &lt;b&gt;Ada&lt;/b&gt;,");
    expect(email.html).not.toContain('onerror="alert');
  });
});
