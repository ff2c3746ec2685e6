// The results report, made from real stored submissions and read back from the PDF's own text:
// through the visitor's cookie, through the signed link in their email, and what a link that has
// expired, was altered or leads nowhere answers instead.
import { extractText } from "unpdf";
import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { loader as reportByCookie } from "~/routes/assessment-report[.]pdf";
import { loader as reportByLink } from "~/routes/assessment-report.$token";
import {
  commitAssessmentSession,
  readAssessmentSession,
} from "~/features/assessment/assessment-session.server";
import { signReportToken } from "~/features/assessment/report-link.server";
import { answersInWords, type Answers } from "~/features/assessment/scoring";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { routeArgs } from "./support/actions";
import { sampleAnswers as answers } from "./support/assessment-answers";

const origin = "http://localhost";

let runs = 0;

/** Stores a submission as the wizard's last step does; returns it with its visit. */
async function submitted(given: Answers, firstName = "Katherine") {
  runs += 1;
  const visitId = trackVisit(null, 10, NO_ATTRIBUTION);
  const accepted = await submitAssessment({
    visitId,
    answers: given,
    contact: {
      company: "Brightline Freight",
      firstName,
      lastName: "Johnson",
      email: `katherine.${runs}@brightline.example`,
      phone: "",
    },
  });
  return { ...accepted, visitId };
}

/** The text of the respondent's email, as queued for them. */
function respondentEmail(submissionId: number, to: string) {
  return db.$client
    .prepare(
      "select text_body as text, html_body as html from outbox where assessment_submission_id = ? and recipient = ?",
    )
    .get(submissionId, to) as { text: string; html: string };
}

async function pdfText(response: Response) {
  const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), {
    mergePages: true,
  });
  // Lines break wherever the page's width does: compare words, not lines.
  return text.replace(/\s+/g, " ");
}

function linkRequest(token: string, clientIp?: string) {
  return routeArgs(new Request(`${origin}/assessment-report/${token}`), {
    params: { token },
    clientIp,
  });
}

async function cookieFor(result: {
  submissionId: number;
  efficiencyScore: number;
  bandScore: number;
}) {
  const { session, state } = await readAssessmentSession(new Request(origin));
  const cookie = await commitAssessmentSession(session, {
    ...state,
    result: { ...result, firstName: "Katherine", uncertainCount: 0 },
  });
  return cookie.split(";")[0] ?? "";
}

function expectPdfHeaders(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
  expect(response.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="operational-efficiency-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
  );
}

describe("the report from the link in the respondent's email", () => {
  test("is a PDF of the score, the level, the recommendation and all ten answers", async () => {
    const run = await submitted(answers);
    const email = respondentEmail(run.submissionId, run.contact.email);
    const link = /http:\/\/localhost:\d+\/assessment-report\/([\w.-]+)/.exec(email.text);
    expect(email.text).toContain("Download your report (PDF), with your ten answers: http");
    expect(email.html).toContain(">Download your report (PDF)<");
    expect(link, email.text).not.toBeNull();

    const response = await reportByLink(linkRequest(link?.[1] ?? ""));
    expectPdfHeaders(response);
    const text = await pdfText(response);
    for (const expected of [
      "Keelstone Operations",
      "Prepared for Katherine Johnson, Brightline Freight",
      "Your Efficiency Score 73%",
      "Good Efficiency with Room for Improvement",
      "Your Recommended Next Step Get the Quick Wins Guide",
      "Start with practical improvements your team can make",
      "5-10 hours",
      "Page 1 of 2",
    ]) {
      expect(text).toContain(expected);
    }
    for (const [index, item] of answersInWords(answers).entries()) {
      expect(text).toContain(`${index + 1}. ${item.prompt} ${item.answer}`);
    }
  });

  test("after 30 days answers 410 with a page that says so and leads to a new report", async () => {
    const run = await submitted(answers);
    const expired = signReportToken(run.visitId, new Date(Date.now() - 1000), env.SESSION_SECRET);
    const response = await reportByLink(linkRequest(expired));
    expect(response.status).toBe(410);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await response.text();
    expect(page).toContain("<h1");
    expect(page).toContain("This link has expired");
    expect(page).toContain("work for 30 days");
    expect(page).toContain('href="/efficiency-assessment"');
    expect(page).toContain('href="mailto:hello@keelstone.example.com"');
    expect(page).not.toContain("Brightline");
  });

  test("altered, it answers 404 'not valid' and shows nothing of the report", async () => {
    const run = await submitted(answers);
    const token = signReportToken(run.visitId, new Date(Date.now() + 60_000), env.SESSION_SECRET);
    const [visit = "", expiry = "", signature = ""] = token.split(".");
    const later = `${visit}.${Number(expiry) + 86_400 * 365}.${signature}`;
    for (const forged of [later, "not-a-token", `${visit}.${expiry}.${"A".repeat(43)}`]) {
      const response = await reportByLink(linkRequest(forged));
      expect(response.status, forged).toBe(404);
      const page = await response.text();
      expect(page).toContain("This link is not valid");
      expect(page).not.toContain("Brightline");
    }
  });

  test("signed for a visit that stored nothing, it answers 404 'could not find'", async () => {
    const visitId = trackVisit(null, 3, NO_ATTRIBUTION);
    const token = signReportToken(visitId, new Date(Date.now() + 60_000), env.SESSION_SECRET);
    const response = await reportByLink(linkRequest(token));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We could not find this report");
  });
});

describe("how often one address may ask", () => {
  test("past 20 reports in 15 minutes, both routes answer 429 with a page and Retry-After", async () => {
    const run = await submitted(answers);
    const token = signReportToken(run.visitId, new Date(Date.now() + 60_000), env.SESSION_SECRET);
    const clientIp = "198.51.100.77";
    // Every ask counts, a link that is no longer good too: the limit is on the address.
    for (let ask = 1; ask <= RATE_LIMITS.reportDownload.limit; ask++) {
      expect((await reportByLink(linkRequest("not-a-token", clientIp))).status).toBe(404);
    }
    const refused = await reportByLink(linkRequest(token, clientIp));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toContain("Too many reports at once");
    expect(page).not.toContain("Brightline");

    const cookie = await cookieFor({
      submissionId: run.submissionId,
      efficiencyScore: 73,
      bandScore: 12,
    });
    const byCookie = await reportByCookie(
      routeArgs(new Request(`${origin}/assessment-report.pdf`, { headers: { Cookie: cookie } }), {
        clientIp,
      }),
    );
    expect((byCookie as Response).status).toBe(429);
    // Another address is not held back.
    expect((await reportByLink(linkRequest(token, "198.51.100.78"))).status).toBe(200);
  });
});

describe("the report from the results page", () => {
  test("is found by the visitor's cookie", async () => {
    const run = await submitted(answers);
    const cookie = await cookieFor({
      submissionId: run.submissionId,
      efficiencyScore: 73,
      bandScore: 12,
    });
    const request = new Request(`${origin}/assessment-report.pdf`, { headers: { Cookie: cookie } });
    const response = await reportByCookie(routeArgs(request));
    expect(response.status).toBe(200);
    expectPdfHeaders(response as Response);
    const text = await pdfText(response as Response);
    expect(text).toContain("Your Efficiency Score 73%");
    expect(text).toContain("Get the Quick Wins Guide");
  });

  test("without a result in this browser, leads to the results page", async () => {
    const response = await reportByCookie(
      routeArgs(new Request(`${origin}/assessment-report.pdf`)),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/assessment-results");
  });

  test("with too many uncertain answers, gives the conversation instead of a score", async () => {
    const unsure = { ...answers, reinvent_wheel: "not-certain", meeting_time: "not-certain" };
    const run = await submitted(unsure);
    const cookie = await cookieFor({
      submissionId: run.submissionId,
      efficiencyScore: 47,
      bandScore: 12,
    });
    const request = new Request(`${origin}/assessment-report.pdf`, { headers: { Cookie: cookie } });
    const text = await pdfText((await reportByCookie(routeArgs(request))) as Response);
    expect(text).toContain("Let's Complete the Picture Together");
    expect(text).toContain('You answered "I am not certain" to 2 of the six efficiency questions');
    expect(text).toContain("Schedule a Discovery Call");
    expect(text).toContain("I am not certain");
    expect(text).not.toContain("Your Efficiency Score");
    expect(text).not.toContain("47%");
  });

  test("a name in other Latin letters keeps them", async () => {
    const run = await submitted(answers, "Łucja Żaneta");
    const token = signReportToken(run.visitId, new Date(Date.now() + 60_000), env.SESSION_SECRET);
    expect(await pdfText(await reportByLink(linkRequest(token)))).toContain(
      "Prepared for Łucja Żaneta Johnson",
    );
  });
});
