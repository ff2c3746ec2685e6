import { describe, expect, test } from "vitest";
import { scoreAssessment, type Answers } from "../scoring";
import { ownerNotificationEmail, respondentResultEmail } from "./assessment-emails";

const answers: Answers = {
  time_wasted: "under-2-hours",
  reinvent_wheel: "rarely",
  critical_processes: "most-documented",
  vacation_impact: "work-continues",
  meeting_time: "10-25-percent",
  project_delays: "often",
  role: "director-manager",
  approval_process: "me-plus-one",
  urgency: "somewhat-urgent",
  timeline: "within-90-days",
};

const hostile = {
  company: `<img src=x onerror="alert(1)"> & Sons`,
  firstName: "<b>Ada</b>",
  lastName: "O'Neil",
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
  const email = ownerNotificationEmail(assessment, site.brand);

  test("names the lead, the score and the outcome", () => {
    expect(email.subject).toBe(`New assessment lead: ${hostile.company} scored 73%`);
    for (const line of [
      "Submission: #42",
      "Phone: not given",
      "Efficiency score: 73%",
      "Band score: 12 of 16",
      "Level: Good Efficiency with Room for Improvement",
      "Recommendation: Get the Quick Wins Guide",
      "Uncertain answers: 0",
    ]) {
      expect(email.text).toContain(line);
    }
  });

  test("lists every answer in words with its points", () => {
    expect(email.text).toContain("Less than 2 hours (25 points)");
    expect(email.text).toContain("Often (5 points)");
    expect(email.text).toContain("Within 90 days (3 points)");
    expect(email.text.match(/\(\d+ points\)/g)).toHaveLength(10);
  });

  test("escapes what the visitor typed in the HTML part", () => {
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).not.toContain("<b>Ada</b>");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Sons");
    expect(email.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
  });

  test("shows the source only when there is one", () => {
    expect(email.text).not.toContain("Source:");
    const tagged = ownerNotificationEmail(
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
});

describe("respondentResultEmail", () => {
  const email = respondentResultEmail(assessment, site);

  test("gives the score, level and recommended next step with a link to /contact", () => {
    expect(email.subject).toBe("Your Operational Efficiency Score: 73%");
    expect(email.text).toContain("Hello <b>Ada</b>,");
    expect(email.text).toContain("Your level: Good Efficiency with Room for Improvement");
    expect(email.text).toContain("Recommended next step: Get the Quick Wins Guide");
    expect(email.text).toContain("https://keelstone.example.com/contact");
    expect(email.html).toContain('href="https://keelstone.example.com/contact"');
  });

  test("escapes the visitor's name and company in the HTML part", () => {
    expect(email.html).toContain("Hello &lt;b&gt;Ada&lt;/b&gt;,");
    expect(email.html).not.toContain('onerror="alert');
  });
});
