// The "Subscribe to Efficiency Updates" next step on real stored submissions: the results page's
// button and the signed page the result email and the PDF report link to send Insights' opt-in
// email to the respondent's address, under the subscribers' own limits, answering alike whatever
// became of it; the link is offered for that recommendation only.
import { extractLinks, extractText } from "unpdf";
import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action as resultsAction } from "~/routes/assessment-results";
import { loader as reportByCookie } from "~/routes/assessment-report[.]pdf";
import {
  action as linkAction,
  loader as linkLoader,
} from "~/routes/assessment-report.$token_.subscribe";
import {
  commitAssessmentSession,
  readAssessmentSession,
} from "~/features/assessment/assessment-session.server";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { signReportToken } from "~/features/assessment/report-link.server";
import type { Answers } from "~/features/assessment/scoring";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { confirmSubscription } from "~/features/subscribers/subscriptions.server";
import { callAction, routeArgs } from "./support/actions";
import { answersAt, sampleAnswers } from "./support/assessment-answers";

const origin = "http://localhost";
/** The lowest option of every question: band 4, "Subscribe to Efficiency Updates". */
const lowAnswers = answersAt(3);

type Row = Record<string, unknown>;
let runs = 0;
let clients = 0;
/** A client address of its own, so one test's posts never count against another's limit. */
const newClientIp = () => `198.51.100.${(clients += 1)}`;

async function submitted(answers: Answers) {
  runs += 1;
  const visitId = trackVisit(null, 10, NO_ATTRIBUTION);
  const accepted = await submitAssessment({
    visitId,
    answers,
    contact: {
      company: "Brightline Freight",
      firstName: "Katherine",
      lastName: "Johnson",
      email: `Katherine.${runs}@Brightline.example`,
      phone: "",
    },
  });
  return { ...accepted, visitId, email: accepted.contact.email };
}

/** The opt-in emails queued to the address (every email but the assessment's own). */
const optInEmailsTo = (email: string) =>
  db.$client
    .prepare(
      "select * from outbox where channel = 'email' and lower(recipient) = ? and assessment_submission_id is null order by id",
    )
    .all(email.toLowerCase()) as Row[];

const subscriberOf = (email: string) =>
  db.$client.prepare("select * from subscribers where email_key = ?").get(email.toLowerCase()) as
    Row | undefined;

/** The respondent's result email, as queued for them. */
const resultEmailOf = (submissionId: number, email: string) =>
  db.$client
    .prepare(
      "select text_body as text, html_body as html from outbox where assessment_submission_id = ? and recipient = ?",
    )
    .get(submissionId, email) as { text: string; html: string };

async function cookieFor(run: { submissionId: number }) {
  const { session, state } = await readAssessmentSession(new Request(origin));
  const cookie = await commitAssessmentSession(session, {
    ...state,
    result: {
      submissionId: run.submissionId,
      firstName: "Katherine",
      efficiencyScore: 0,
      bandScore: 4,
      uncertainCount: 0,
    },
  });
  return cookie.split(";")[0] ?? "";
}

const pressOnResults = (cookie: string, clientIp: string) =>
  callAction(
    resultsAction,
    new Request(`${origin}/assessment-results`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    }),
    clientIp,
  );

const validToken = (visitId: string) =>
  signReportToken(visitId, new Date(Date.now() + 60_000), env.SESSION_SECRET);

function linkArgs(token: string, method: "GET" | "POST", clientIp = newClientIp()) {
  const request = new Request(`${origin}/assessment-report/${token}/subscribe`, {
    method,
    ...(method === "POST"
      ? { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" }
      : {}),
  });
  return routeArgs(request, { params: { token }, clientIp });
}

/** What a loader or an action answered with data(): its status, body and headers. */
function answered(result: unknown) {
  const wrapped = result as { data: unknown; init: ResponseInit | null };
  return {
    status: wrapped.init?.status ?? 200,
    body: wrapped.data as Record<string, unknown>,
    headers: new Headers(wrapped.init?.headers),
  };
}

const noticeOf = (body: unknown) =>
  (body as { notice: { type: string; title: string; description: string } }).notice;

/** The PDF's words and the addresses its links lead to. */
async function readPdf(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { text } = await extractText(bytes.slice(), { mergePages: true });
  const { links } = await extractLinks(bytes);
  return { text: text.replace(/\s+/g, " "), links };
}

describe("the button on the results page", () => {
  test("queues one opt-in email to the address of the submission, named and marked as from the assessment", async () => {
    const run = await submitted(lowAnswers);
    expect(optInEmailsTo(run.email)).toHaveLength(0);

    const reply = await pressOnResults(await cookieFor(run), newClientIp());
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Cache-Control")).toBe("private, no-store");
    expect(noticeOf(reply.body)).toMatchObject({
      type: "success",
      title: "Check your inbox to confirm",
    });
    const emails = optInEmailsTo(run.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: run.email });
    expect(String(emails[0]?.text_body)).toMatch(/\/insights\/subscribe\/confirm\/[\w-]{43}/);
    expect(subscriberOf(run.email)).toMatchObject({
      status: "pending",
      source: "assessment",
      name: "Katherine Johnson",
    });
  });

  test("pressed again and again, floods no inbox: three links an hour, the same answer each time", async () => {
    const run = await submitted(lowAnswers);
    const cookie = await cookieFor(run);
    const clientIp = newClientIp();
    const replies = [];
    for (let press = 0; press < 5; press += 1) replies.push(await pressOnResults(cookie, clientIp));
    expect(optInEmailsTo(run.email)).toHaveLength(RATE_LIMITS.subscribePerEmail.limit);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(noticeOf(reply.body)).toMatchObject({
        type: "success",
        title: "Check your inbox to confirm",
        description: noticeOf(replies[0]?.body).description,
      });
    }
  });

  test("an address subscribed already gets nothing, and sees the same answer", async () => {
    const run = await submitted(lowAnswers);
    const cookie = await cookieFor(run);
    const first = await pressOnResults(cookie, newClientIp());
    const token = /\/insights\/subscribe\/confirm\/([\w-]{43})/.exec(
      String(optInEmailsTo(run.email)[0]?.text_body),
    )?.[1];
    expect(confirmSubscription(db, token ?? "").status).toBe("confirmed");

    const again = await pressOnResults(cookie, newClientIp());
    expect(optInEmailsTo(run.email)).toHaveLength(1);
    expect(again.status).toBe(first.status);
    const { type, title, description } = noticeOf(first.body);
    expect(noticeOf(again.body)).toMatchObject({ type, title, description });
  });

  test("without a result in this browser, it sends nothing", async () => {
    const countSubscribers = () =>
      db.$client.prepare("select count(*) from subscribers").pluck().get();
    const before = countSubscribers();
    const reply = await pressOnResults("", newClientIp());
    expect(reply.status).toBe(404);
    expect(noticeOf(reply.body).type).toBe("error");
    expect(countSubscribers()).toBe(before);
  });

  test("one client address is refused past its limit with 429, and nothing is sent", async () => {
    const run = await submitted(lowAnswers);
    const cookie = await cookieFor(run);
    const clientIp = newClientIp();
    for (let press = 0; press < RATE_LIMITS.subscribePerAddress.limit; press += 1) {
      await pressOnResults("", clientIp);
    }
    const refused = await pressOnResults(cookie, clientIp);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(optInEmailsTo(run.email)).toHaveLength(0);
  });
});

describe("the page behind the subscribe link", () => {
  test("opening it sends nothing; its button sends the one opt-in email", async () => {
    const run = await submitted(lowAnswers);
    const token = validToken(run.visitId);
    const page = answered(linkLoader(linkArgs(token, "GET")));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ problem: null });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(optInEmailsTo(run.email)).toHaveLength(0);

    const reply = answered(await linkAction(linkArgs(token, "POST")));
    expect(reply.status).toBe(200);
    expect(noticeOf(reply.body).title).toBe("Check your inbox to confirm");
    expect(reply.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(optInEmailsTo(run.email)).toHaveLength(1);
    expect(subscriberOf(run.email)).toMatchObject({ source: "assessment" });
  });

  test("a forged, expired or orphaned link says so with a 4xx and changes nothing", async () => {
    const run = await submitted(lowAnswers);
    const token = validToken(run.visitId);
    const [visit = "", expiry = "", signature = ""] = token.split(".");
    const subscribersBefore = db.$client.prepare("select count(*) as n from subscribers").get();
    const cases: [string, number, string][] = [
      [`${visit}.${Number(expiry) + 86_400}.${signature}`, 404, "invalid"],
      [`${visit}.${expiry}.${"A".repeat(43)}`, 404, "invalid"],
      ["not-a-token", 404, "invalid"],
      [
        signReportToken(run.visitId, new Date(Date.now() - 1000), env.SESSION_SECRET),
        410,
        "expired",
      ],
      [validToken(trackVisit(null, 3, NO_ATTRIBUTION)), 404, "missing"],
    ];
    for (const [given, status, problem] of cases) {
      const page = answered(linkLoader(linkArgs(given, "GET")));
      expect(page.status, given).toBe(status);
      expect(page.body, given).toMatchObject({ problem });
      const reply = answered(await linkAction(linkArgs(given, "POST")));
      expect(reply.status, given).toBeGreaterThanOrEqual(400);
      expect(reply.status, given).toBeLessThan(500);
      expect(noticeOf(reply.body).type, given).toBe("error");
    }
    expect(optInEmailsTo(run.email)).toHaveLength(0);
    expect(db.$client.prepare("select count(*) as n from subscribers").get()).toEqual(
      subscribersBefore,
    );
  });
});

describe("where the link is offered", () => {
  const subscribeLink = /(http:\/\/localhost:\d+\/assessment-report\/[\w.-]+)\/subscribe/;

  test("the result email of a 'low' result links to the page, the report's link beside it", async () => {
    const run = await submitted(lowAnswers);
    const email = resultEmailOf(run.submissionId, run.email);
    const link = subscribeLink.exec(email.text);
    expect(link, email.text).not.toBeNull();
    expect(email.text).toContain(`Subscribe: ${link?.[0]}`);
    expect(email.html).toContain(`href="${link?.[0]}"`);
    // The same signed token as the report's, which works for the page.
    expect(email.text).toContain(`Download your report (PDF), with your ten answers: ${link?.[1]}`);
    const token = /\/assessment-report\/([\w.-]+)\/subscribe/.exec(link?.[0] ?? "")?.[1] ?? "";
    expect(answered(linkLoader(linkArgs(token, "GET"))).status).toBe(200);
  });

  test("the result email of any other result does not", async () => {
    for (const answers of [sampleAnswers, answersAt(0), answersAt(0, 2)]) {
      const run = await submitted(answers);
      const email = resultEmailOf(run.submissionId, run.email);
      expect(email.text).toContain("/assessment-report/");
      expect(email.text).not.toContain("/subscribe");
      expect(email.html).not.toContain("/subscribe");
    }
  });

  test("the PDF of a 'low' result gives the page's address, whose link works; others do not", async () => {
    const run = await submitted(lowAnswers);
    const request = new Request(`${origin}/assessment-report.pdf`, {
      headers: { Cookie: await cookieFor(run) },
    });
    const pdf = await readPdf((await reportByCookie(routeArgs(request))) as Response);
    expect(pdf.text).toContain(
      "Subscribe to Efficiency Updates Not ready to commit yet? Subscribe to our efficiency updates",
    );
    expect(pdf.text).toContain("Subscribe: open the page that sends your confirmation email");
    const pages = pdf.links.map((link) => subscribeLink.exec(link)?.[0]).filter(Boolean);
    expect(pages, pdf.links.join("\n")).toHaveLength(1);
    const token = /\/assessment-report\/([\w.-]+)\/subscribe/.exec(pages[0] ?? "")?.[1] ?? "";
    expect(answered(linkLoader(linkArgs(token, "GET"))).status).toBe(200);

    for (const answers of [sampleAnswers, answersAt(0), answersAt(0, 2)]) {
      const other = await submitted(answers);
      const otherRequest = new Request(`${origin}/assessment-report.pdf`, {
        headers: { Cookie: await cookieFor(other) },
      });
      const otherPdf = await readPdf((await reportByCookie(routeArgs(otherRequest))) as Response);
      expect(otherPdf.text).toContain("Get in touch:");
      expect(otherPdf.text).not.toContain("Subscribe:");
      expect(otherPdf.links.join(" ")).not.toContain("/subscribe");
    }
  });
});
