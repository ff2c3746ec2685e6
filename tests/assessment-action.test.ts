// The assessment wizard's server side, driven the way browsers (and anything pretending to be one)
// post to it: refused input never stores a row or queues an email, and a full run stores one.
import { createCookieSessionStorage } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { action, loader } from "~/routes/efficiency-assessment";
import { TOTAL_STEPS, wizardSteps, type WizardState } from "~/features/assessment/wizard";
import { RESULT_EMAILS_PER_ADDRESS_PER_DAY } from "~/features/assessment/submit.server";
import { firmInbox } from "~/features/outbox/mailer.server";
import { questionsById } from "~/features/assessment/scoring";
import {
  commitAssessmentSession,
  readAssessmentSession,
} from "~/features/assessment/assessment-session.server";
import { callAction, seededRandom } from "./support/actions";

const base = "http://localhost/efficiency-assessment";
type Field = [string, string | Blob];

const contact = {
  company: "Brightline Freight",
  firstName: "Katherine",
  lastName: "Johnson",
  email: "katherine@brightline.example",
  phone: "",
};

/** The first option of every question: known answers with known scores. */
function validFields(step: number): Field[] {
  const wizardStep = wizardSteps[step - 1]!;
  if (wizardStep.kind === "contact") return Object.entries(contact);
  return wizardStep.questionIds.map((id) => [id, questionsById[id].options[0]!.value]);
}

function post(
  step: string | null,
  fields: Field[],
  { cookie = "", intent = ["next"] as string[], multipart = false } = {},
) {
  const url = step === null ? base : `${base}?step=${encodeURIComponent(step)}`;
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const all: Field[] = [...fields, ...intent.map((value): Field => ["intent", value])];
  if (multipart) {
    const body = new FormData();
    for (const [name, value] of all) body.append(name, value);
    return new Request(url, { method: "POST", headers, body });
  }
  const body = new URLSearchParams();
  for (const [name, value] of all) body.append(name, typeof value === "string" ? value : "");
  return new Request(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** The cookie a browser would send back: name=value of the Set-Cookie header. */
function cookieOf(headers: Headers) {
  return headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

function count(table: string) {
  return (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

/** A cookie signed with the server's own secret, holding whatever state we put in it. */
async function signedState(wizard: unknown) {
  const { session, state } = await readAssessmentSession(new Request(base));
  return (
    await commitAssessmentSession(session, { ...state, wizard: wizard as WizardState })
  ).split(";")[0]!;
}

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

/** cookieAt[n]: the cookie of a visitor who has answered every step before step n. */
const cookieAt: string[] = [];

beforeAll(async () => {
  cookieAt[1] = "";
  for (let step = 1; step < TOTAL_STEPS; step += 1) {
    const { status, headers } = await callAction(
      action,
      post(String(step), validFields(step), { cookie: cookieAt[step] }),
    );
    expect(status).toBe(302);
    cookieAt[step + 1] = cookieOf(headers);
  }
});

/** Answers steps 1 to 9 as a new visitor with this email; returns the cookie for step 10. */
async function visitorAtLastStep(email: string) {
  let cookie = "";
  for (let step = 1; step < TOTAL_STEPS; step += 1) {
    const fields =
      step === 1
        ? validFields(1).map(([name, value]): Field => [name, name === "email" ? email : value])
        : validFields(step);
    const { status, headers } = await callAction(action, post(String(step), fields, { cookie }));
    expect(status, `step ${step}`).toBe(302);
    cookie = cookieOf(headers);
  }
  return cookie;
}

/** Posts the last step of a complete run while the database is broken, then repairs it. */
async function submitLastStepWhile(breakDatabase: () => void, repair: () => void) {
  const cookie = await visitorAtLastStep(contact.email);
  breakDatabase();
  try {
    return await callAction(action, post("10", validFields(10), { cookie }), nextIp());
  } finally {
    repair();
  }
}

/** 200 posts that are wrong in every way a client can get them wrong. */
async function malformedRequests(): Promise<Request[]> {
  const random = seededRandom(20261124);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const badStepParams = [
    null,
    "",
    "0",
    "11",
    "-1",
    "1.5",
    "01",
    " 2",
    "2abc",
    "1e1",
    "0x2",
    "\u0000",
    "\uff11",
    "9".repeat(5000),
  ];
  const badAnswers = [
    "25",
    "0",
    "Under 2 hours",
    "under-2-hours ",
    "UNDER-2-HOURS",
    "<script>alert(1)</script>",
    "\u0000",
    "x".repeat(3000),
    "direct-decision-maker", // an option, but of another question
    "🙂",
  ];
  const badContact: Partial<Record<keyof typeof contact, string[]>> = {
    company: ["", "   ", "\u0000", "x".repeat(161), "a\r\nBcc: victim@example.com"],
    firstName: ["", "\u001b[31m", "x".repeat(81)],
    lastName: ["", "\t", "x".repeat(81)],
    email: ["", "not-an-email", "@example.org", "a\u0000@example.org", "x".repeat(300)],
    phone: ["call me", "1".repeat(41), "<script>"],
  };
  const badIntents = [
    [],
    ["submit"],
    [""],
    ["NEXT"],
    ["previous "],
    ["next", "next"],
    ["next", "previous"],
  ];
  const forger = createCookieSessionStorage({
    cookie: { name: "assessment", secrets: ["someone-else-s-secret-0123456789abcdef"] },
  });
  const completeState = {
    contact,
    answers: Object.fromEntries(
      wizardSteps.flatMap((step) => validFields(step.number).filter(() => step.kind !== "contact")),
    ),
  };
  const tamperedStates = [
    { ...completeState, contact: { ...contact, email: "not-an-email" } },
    { ...completeState, answers: { ...completeState.answers, time_wasted: "all-week" } },
    { ...completeState, answers: { ...completeState.answers, reinvent_wheel: undefined } },
    { ...completeState, answers: "everything" },
    { answers: completeState.answers },
    "not even an object",
  ];

  const requests: Request[] = [];
  for (let i = 0; requests.length < 200; i += 1) {
    const kind = i % 13;
    if (kind === 0) {
      requests.push(post(pick(badStepParams), validFields(10), { cookie: cookieAt[10] }));
    } else if (kind === 1) {
      const reached = between(1, TOTAL_STEPS - 1);
      const target = between(reached + 1, TOTAL_STEPS);
      requests.push(post(String(target), validFields(target), { cookie: cookieAt[reached] }));
    } else if (kind === 2) {
      const step = between(2, TOTAL_STEPS);
      const fields = validFields(step);
      const tampered = between(0, fields.length - 1);
      requests.push(
        post(
          String(step),
          fields.map(([name, value], index) => [
            name,
            index === tampered ? pick(badAnswers) : value,
          ]),
          { cookie: cookieAt[step], intent: pick([["next"], ["previous"]]) },
        ),
      );
    } else if (kind === 3) {
      const step = between(1, TOTAL_STEPS);
      const fields = validFields(step);
      requests.push(post(String(step), [...fields, pick(fields)], { cookie: cookieAt[step] }));
    } else if (kind === 4) {
      const step = between(1, TOTAL_STEPS);
      requests.push(
        post(String(step), validFields(step), { cookie: cookieAt[step], intent: pick(badIntents) }),
      );
    } else if (kind === 5) {
      requests.push(
        post("1", validFields(1), {
          cookie: pick([cookieAt[1], cookieAt[5]]),
          intent: ["previous"],
        }),
      );
    } else if (kind === 6) {
      const step = between(1, TOTAL_STEPS);
      const fields = validFields(step);
      const fileAt = between(0, fields.length - 1);
      requests.push(
        post(
          String(step),
          fields.map(([name, value], index) => [
            name,
            index === fileAt ? new Blob([String(value)], { type: "text/plain" }) : value,
          ]),
          { cookie: cookieAt[step], multipart: true },
        ),
      );
    } else if (kind === 7) {
      requests.push(
        new Request(`${base}?step=1`, {
          method: "POST",
          headers: { "Content-Type": pick(["application/json", "text/plain", "application/xml"]) },
          body: JSON.stringify({ ...contact, intent: "next" }),
        }),
      );
    } else if (kind === 8) {
      const padding = "x".repeat(between(17_000, 40_000));
      requests.push(post("1", [...validFields(1), ["padding", padding]]));
    } else if (kind === 9) {
      const session = await forger.getSession();
      session.set("wizard", completeState);
      const forged = (await forger.commitSession(session)).split(";")[0]!;
      // One character of the signed value changed: the signature no longer matches. (The end of
      // the signature is no place for it: its last character carries padding bits too.)
      const real = cookieAt[10]!;
      const middle = Math.floor(real.length / 2);
      const altered = `${real.slice(0, middle)}${real[middle] === "A" ? "B" : "A"}${real.slice(middle + 1)}`;
      requests.push(post("10", validFields(10), { cookie: pick([forged, altered]) }));
    } else if (kind === 10) {
      requests.push(
        post("10", validFields(10), { cookie: await signedState(pick(tamperedStates)) }),
      );
    } else if (kind === 11) {
      const field = pick(Object.keys(badContact) as (keyof typeof contact)[]);
      const value = pick(badContact[field]!);
      requests.push(
        post(
          "1",
          validFields(1).map(([name, v]) => [name, name === field ? value : v]),
        ),
      );
    } else {
      requests.push(
        new Request(`${base}?step=1`, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=nope" },
          body: "--broken\r\nContent-Disposition: form-data; name=",
        }),
      );
    }
  }
  return requests;
}

describe("the assessment action", () => {
  test("answers 200 malformed or tampered posts with 4xx and stores and sends nothing", async () => {
    const before = { submissions: count("assessment_submissions"), outbox: count("outbox") };
    const statuses = new Map<number, number>();
    for (const [index, request] of (await malformedRequests()).entries()) {
      const { status } = await callAction(action, request, nextIp());
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status, `request ${index}`).toBeGreaterThanOrEqual(400);
      expect(status, `request ${index}`).toBeLessThan(500);
    }
    expect(count("assessment_submissions")).toBe(before.submissions);
    expect(count("outbox")).toBe(before.outbox);
    expect([...statuses.keys()].sort()).toEqual([400, 413, 415]);
  });

  test("an answer outside the options is refused at its field, with the step shown again", async () => {
    const { status, body, headers } = await callAction(
      action,
      post("2", [["time_wasted", "all-week"]], { cookie: cookieAt[2] }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      step: 2,
      errors: { time_wasted: "That answer is not one of the options." },
    });
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  test("Previous keeps a valid answer and goes back one step", async () => {
    const { status, headers } = await callAction(
      action,
      post("3", validFields(3), { cookie: cookieAt[3], intent: ["previous"] }),
    );
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/efficiency-assessment?step=2");
    const { state } = await readAssessmentSession(
      new Request(base, { headers: { Cookie: cookieOf(headers) } }),
    );
    expect(state.wizard.answers.reinvent_wheel).toBe(validFields(3)[0]![1]);
  });

  test("a full run stores exactly one row with its attribution and queues both emails; a replay stores nothing more", async () => {
    const before = { submissions: count("assessment_submissions"), outbox: count("outbox") };
    const arrival = await callAction(
      loader,
      new Request(`${base}?utm_source=partner&utm_campaign=winter`, {
        headers: { Referer: "https://news.example/ops?token=secret" },
      }),
    );
    let cookie = cookieOf(arrival.headers);
    const ip = nextIp();
    for (let step = 1; step <= TOTAL_STEPS; step += 1) {
      const { status, headers } = await callAction(
        action,
        post(String(step), validFields(step), { cookie }),
        ip,
      );
      expect(status, `step ${step}`).toBe(302);
      if (step < TOTAL_STEPS) cookie = cookieOf(headers);
      else expect(headers.get("Location")).toBe("/assessment-results");
    }
    const replay = await callAction(action, post("10", validFields(10), { cookie }), ip);
    expect(replay.status).toBe(302);

    expect(count("assessment_submissions")).toBe(before.submissions + 1);
    expect(count("outbox")).toBe(before.outbox + 2);
    const row = db.$client
      .prepare("select * from assessment_submissions order by id desc limit 1")
      .get() as Record<string, unknown>;
    // The first option of every question is the best one: 150/150 and 4 + 4 + 4 + 4.
    expect(row).toMatchObject({
      company: contact.company,
      email: contact.email,
      phone: null,
      efficiency_score: 100,
      band_score: 16,
      utm_source: "partner",
      utm_campaign: "winter",
      utm_medium: null,
      referrer: "https://news.example/ops",
    });
    const emails = db.$client
      .prepare(
        "select recipient, text_body, html_body from outbox where assessment_submission_id = ? order by id",
      )
      .all(row.id) as { recipient: string; text_body: string; html_body: string }[];
    expect(emails.map((email) => email.recipient)).toEqual([
      "hello@keelstone.example.com",
      contact.email,
    ]);
    // The firm's email was rendered before the insert made the id, and shows the stored one.
    const [owner] = emails;
    expect(owner?.text_body).toContain(`Submission: #${row.id as number}\n`);
    expect(owner?.html_body).toContain(`>#${row.id as number}<`);
    expect(emails.map((email) => email.text_body + email.html_body).join()).not.toMatch(
      /id-not-yet-stored/,
    );
  });

  test("when the database is read-only the visitor is told why, keeps the answers, and nothing is stored", async () => {
    const before = { submissions: count("assessment_submissions"), outbox: count("outbox") };
    const reply = await submitLastStepWhile(
      () => db.$client.pragma("query_only = ON"),
      () => db.$client.pragma("query_only = OFF"),
    );
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({
      step: 10,
      values: Object.fromEntries(validFields(10)),
      notice: {
        title: "Error",
        description: "Failed to save assessment data: our storage is read-only right now.",
      },
    });
    const { state } = await readAssessmentSession(
      new Request(base, { headers: { Cookie: cookieOf(reply.headers) } }),
    );
    expect(Object.keys(state.wizard.answers)).toHaveLength(10);
    expect(state.result).toBeNull();
    expect(count("assessment_submissions")).toBe(before.submissions);
    expect(count("outbox")).toBe(before.outbox);
  });

  test("any other failure to save gives the default message and writes nothing half-way", async () => {
    const before = { submissions: count("assessment_submissions"), outbox: count("outbox") };
    const reply = await submitLastStepWhile(
      () => db.$client.exec("alter table outbox rename to outbox_unavailable"),
      () => db.$client.exec("alter table outbox_unavailable rename to outbox"),
    );
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({
      notice: { title: "Error", description: "Failed to submit assessment. Please try again." },
    });
    expect(count("assessment_submissions")).toBe(before.submissions);
    expect(count("outbox")).toBe(before.outbox);
  });

  test("the eleventh final submit from one address within the window is refused with 429", async () => {
    const ip = "192.0.2.55";
    for (let i = 0; i < 10; i += 1) {
      const { status } = await callAction(
        action,
        post("10", validFields(10), { cookie: cookieAt[10] }),
        ip,
      );
      expect(status).toBe(302);
    }
    const before = count("assessment_submissions");
    const { status, headers } = await callAction(
      action,
      post("10", validFields(10), { cookie: cookieAt[10] }),
      ip,
    );
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(count("assessment_submissions")).toBe(before);
  });

  test("the fullest possible state still fits in one cookie", async () => {
    const threeBytes = "€";
    const wide = (length: number) => threeBytes.repeat(length);
    const { session } = await readAssessmentSession(new Request(base));
    const longest = await commitAssessmentSession(session, {
      wizard: {
        contact: {
          company: wide(160),
          firstName: wide(80),
          lastName: wide(80),
          email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}`,
          phone: "+".repeat(40),
        },
        answers: Object.fromEntries(
          wizardSteps.flatMap((step) =>
            step.kind === "contact"
              ? []
              : step.questionIds.map((id) => [
                  id,
                  questionsById[id].options.reduce((a, b) =>
                    b.value.length > a.value.length ? b : a,
                  ).value,
                ]),
          ),
        ),
      },
      visitId: "123e4567-e89b-42d3-a456-426614174000",
      // Held only until the first answer, when the visit takes it over.
      arrival: null,
      result: {
        submissionId: 2 ** 31,
        firstName: wide(80),
        efficiencyScore: 100,
        bandScore: 16,
        uncertainCount: 10,
      },
    });
    const cookie = longest.split(";")[0]!;
    console.info(`largest assessment cookie: ${cookie.length} bytes`);
    // Browsers keep cookies of up to 4096 bytes (name, value and attributes together).
    expect(longest.length).toBeLessThan(4096);
  });
});

describe("replays and inbox flooding", () => {
  const mailsTo = (email: string) =>
    (
      db.$client
        .prepare("select count(*) as n from outbox where lower(recipient) = lower(?)")
        .get(email) as { n: number }
    ).n;

  test("replaying the same submit five times stores one submission and sends one respondent email", async () => {
    const email = "replayed@brightline.example";
    const cookie = await visitorAtLastStep(email);
    const before = count("assessment_submissions");
    const ip = nextIp();
    for (let replay = 1; replay <= 5; replay += 1) {
      const { status, headers } = await callAction(
        action,
        post("10", validFields(10), { cookie }),
        ip,
      );
      expect(status, `replay ${replay}`).toBe(302);
      expect(headers.get("Location")).toBe("/assessment-results");
    }
    expect(count("assessment_submissions")).toBe(before + 1);
    expect(mailsTo(email)).toBe(1);
  });

  test(`one address gets at most ${RESULT_EMAILS_PER_ADDRESS_PER_DAY} result emails a day; every submission is still stored and the firm told`, async () => {
    const before = {
      submissions: count("assessment_submissions"),
      firm: mailsTo(firmInbox),
    };
    const runs = RESULT_EMAILS_PER_ADDRESS_PER_DAY + 3;
    for (let run = 0; run < runs; run += 1) {
      // The same inbox, written differently each time.
      const email = run % 2 ? "Flooded@Victim.example" : "flooded@victim.example";
      const cookie = await visitorAtLastStep(email);
      const { status } = await callAction(
        action,
        post("10", validFields(10), { cookie }),
        nextIp(),
      );
      expect(status, `run ${run}`).toBe(302);
    }
    expect(count("assessment_submissions")).toBe(before.submissions + runs);
    expect(mailsTo(firmInbox)).toBe(before.firm + runs);
    expect(mailsTo("flooded@victim.example")).toBe(RESULT_EMAILS_PER_ADDRESS_PER_DAY);
  });
});
