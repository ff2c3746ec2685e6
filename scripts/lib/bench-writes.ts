// The form posts scripts/bench.ts measures: contact messages, and assessments submitted at their
// last step, each as a browser without JavaScript posts them. Afterwards every post the server
// accepted must have stored its row and queued its email(s) in the outbox table.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { runPosts, type LoadResult, type LoadSettings, type PostMode } from "./bench-wrk.ts";

export type WriteOutcome = {
  result: LoadResult;
  acceptedPerSecond: number;
  stored: number;
  queued: number;
};

/** Steps 1 to 9 of the assessment as posted (step 10's post is in bench-wrk.lua). */
const ASSESSMENT_STEPS = [
  "company=Acme+Logistics&firstName=Ada&lastName=Lovelace&phone=",
  "time_wasted=2-5-hours",
  "reinvent_wheel=monthly",
  "critical_processes=some-documented",
  "vacation_impact=minor-delays",
  "meeting_time=not-certain",
  "project_delays=often",
  "role=director-manager",
  "approval_process=me-plus-one",
];
const ASSESSMENT_COOKIE = "assessment=";
// Visitors prepared for the warm-up (more with many connections); for the measured run, how many
// more than the warm-up's rate says it needs, and a few more per connection, since each
// connection (a wrk thread) has its own share of them and stops early when it runs out.
const WARM_UP_VISITORS = 400;
const WARM_UP_VISITORS_PER_CONNECTION = 8;
const VISITOR_MARGIN = 2;
const SPARE_VISITORS_PER_CONNECTION = 4;

const emailOf = (tag: string, number: number) => `bench-${tag}-${number}@example.org`;

export async function measureContactPosts(
  serverUrl: string,
  databasePath: string,
  settings: LoadSettings,
): Promise<WriteOutcome> {
  console.error("Measuring POST /contact...");
  const post = (tag: string, seconds: number) =>
    runPosts(serverUrl, { mode: "contact", tag }, settings, seconds);
  await post("w", settings.warmUpSeconds);
  const result = await post("m", settings.durationSeconds);
  const queuedByEmail = emailsQueuedPerRow(
    databasePath,
    `select m.email, count(o.id) as queued from contact_messages m
       left join outbox o on o.contact_message_id = m.id
     where m.email like ? group by m.id`,
    "m",
  );
  return outcome(result, queuedByEmail, (number) => emailOf("m", number), 1);
}

/**
 * Each submission needs its own visit, which the server starts at step 1 and carries in the
 * visitor's cookie: the bench first walks visitors through steps 1 to 9, then measures the posts
 * of step 10. How many the measured run needs is judged from the warm-up's rate; on a busy machine
 * that can be too few, and a run that ran out is measured once more with twice as many.
 */
export async function measureAssessmentPosts(
  serverUrl: string,
  databasePath: string,
  settings: LoadSettings,
): Promise<WriteOutcome> {
  const post = async (tag: string, visitors: number, seconds: number) => {
    const cookieFile = path.join(settings.scratchDirectory, `assessment-${tag}.txt`);
    console.error(`Walking ${visitors} visitors through steps 1 to 9 of the assessment...`);
    const cookies = await walkToLastStep(serverUrl, tag, visitors, settings.connections);
    fs.writeFileSync(cookieFile, `${cookies.join("\n")}\n`);
    console.error("Measuring POST /efficiency-assessment?step=10...");
    const mode: PostMode = { mode: "assessment", cookieFile };
    return runPosts(serverUrl, mode, settings, seconds);
  };
  const warmUpVisitors = Math.max(
    WARM_UP_VISITORS,
    settings.connections * WARM_UP_VISITORS_PER_CONNECTION,
  );
  const warmUp = await post("w", warmUpVisitors, settings.warmUpSeconds);
  const spare = settings.connections * SPARE_VISITORS_PER_CONNECTION;
  let visitors =
    Math.ceil(
      (warmUp.accepted.length / warmUp.durationSeconds) * settings.durationSeconds * VISITOR_MARGIN,
    ) + spare;
  let tag = "m";
  let result = await post(tag, visitors, settings.durationSeconds);
  if (result.exhausted) {
    visitors *= 2;
    tag = "m2";
    result = await post(tag, visitors, settings.durationSeconds);
  }
  const queuedByEmail = emailsQueuedPerRow(
    databasePath,
    `select s.email, count(o.id) as queued from assessment_submissions s
       left join outbox o on o.assessment_submission_id = s.id
     where s.email like ? group by s.id`,
    tag,
  );
  // The firm's notification and the respondent's result: every address is new, so both go.
  return outcome(result, queuedByEmail, (number) => emailOf(tag, number), 2);
}

/** The Set-Cookie pair of `count` visitors who each answered steps 1 to 9, in order. */
export async function walkToLastStep(
  serverUrl: string,
  tag: string,
  count: number,
  concurrency: number,
) {
  const cookies: string[] = Array.from({ length: count });
  let next = 0;
  const walker = async () => {
    for (let number = next++; number < count; number = next++) {
      let cookie = "";
      for (const [index, fields] of ASSESSMENT_STEPS.entries()) {
        const step = index + 1;
        const email = step === 1 ? `&email=${encodeURIComponent(emailOf(tag, number))}` : "";
        const response = await fetch(`${serverUrl}/efficiency-assessment?step=${step}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie },
          body: `${fields}${email}&intent=next`,
        });
        await response.arrayBuffer();
        const location = response.headers.get("location") ?? "";
        const setCookie = response.headers
          .getSetCookie()
          .find((value) => value.startsWith(ASSESSMENT_COOKIE));
        if (response.status !== 302 || !location.endsWith(`step=${step + 1}`) || !setCookie) {
          throw new Error(
            `Step ${step} of the assessment answered ${response.status} (to "${location}")`,
          );
        }
        cookie = setCookie.split(";", 1)[0] ?? "";
      }
      cookies[number] = cookie;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, walker));
  return cookies;
}

/**
 * How many outbox rows each stored row of a run (its emails' tag) has: `sql` selects email and
 * queued for the emails like its one parameter.
 */
function emailsQueuedPerRow(databasePath: string, sql: string, tag: string) {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const rows = database
      .prepare<[string], { email: string; queued: number }>(sql)
      .all(`bench-${tag}-%`);
    return new Map(rows.map((row) => [row.email, row.queued]));
  } finally {
    database.close();
  }
}

function outcome(
  result: LoadResult,
  queuedByEmail: Map<string, number>,
  emailOfPost: (number: number) => string,
  emailsPerPost: number,
): WriteOutcome {
  const found = result.accepted.map((number) => queuedByEmail.get(emailOfPost(number)));
  return {
    result,
    acceptedPerSecond: result.accepted.length / result.durationSeconds,
    stored: found.filter((queued) => queued !== undefined).length,
    queued: found.filter((queued) => queued === emailsPerPost).length,
  };
}
