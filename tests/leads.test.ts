// The leads view's data on a real SQLite file: filters, delivery states, retries, and CSV exports
// that parse back to the same rows, including one of 100,000 rows in bounded memory.
import v8 from "node:v8";
import vm from "node:vm";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import {
  insertAssessmentSubmission,
  submissionsPage,
} from "~/features/assessment/submission-queries.server";
import { contactMessagesPage, markContactMessageHandled } from "~/features/contact/queries.server";
import { loader as exportLoader } from "~/routes/admin.leads.export.$kind";
import { assessmentsCsv } from "~/features/leads/exports.server";
import { assessmentFiltersFrom } from "~/features/assessment/submission-filters";
import {
  enqueueEmail,
  enqueueWebhook,
  outboxPage,
  retryFailedMessage,
} from "~/features/outbox/outbox.server";
import { questionsById, scoreAssessment, type Answers } from "~/features/assessment/scoring";
import { dateOrderFrom, type DateOrder } from "~/lib/url-filters";
import { answersAt } from "./support/assessment-answers";
import { parseCsvRecords as parseCsv } from "./support/csv";
import { STAFF, routeArgs } from "./support/actions";
import { signedIn, staffAccounts } from "./support/staff";

const EMAILS = { channel: "email" } as const;

function submit(company: string, answers: Answers, createdAt: string) {
  const row = insertAssessmentSubmission(db, {
    contact: {
      company,
      firstName: "Ada",
      lastName: "Lovelace",
      email: `${company.toLowerCase().replace(/\W+/g, "-")}@example.org`,
      phone: "",
    },
    answers,
    score: scoreAssessment(answers),
    attribution: {
      utmSource: "newsletter",
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
      referrer: null,
    },
    visitId: null,
  });
  db.$client
    .prepare("update assessment_submissions set created_at = ? where id = ?")
    .run(new Date(createdAt).getTime(), row.id);
  return { ...row, score: scoreAssessment(answers) };
}

const decodeWithBom = (bytes: ArrayBuffer) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

let best: ReturnType<typeof submit>;
let worst: ReturnType<typeof submit>;
let unsure: ReturnType<typeof submit>;

beforeAll(() => {
  best = submit("Best Co", answersAt(0), "2026-11-10T10:00:00Z");
  worst = submit('=Worst, "Inc"', answersAt(99), "2026-11-20T10:00:00Z");
  unsure = submit("Unsure Ltd", answersAt(0, 2), "2026-11-21T10:00:00Z");
});

// UTC days here: the firm's own days are tested in lead-lists.test.ts.
const filters = (query: string) => assessmentFiltersFrom(new URLSearchParams(query), "UTC");
const companies = (query: string) =>
  submissionsPage(db, filters(query), { page: 1, perPage: 50 }).rows.map((row) => row.company);

describe("assessment filters", () => {
  test("the three seeded submissions differ where the filters look", () => {
    expect(best.score.level.name).toBe("Highly Efficient Operations");
    expect(worst.score.level.name).toBe("Major Inefficiencies Costing Substantial Money");
    expect(unsure.score.recommendation.kind).toBe("consultation");
  });

  test.each([
    ["", ["Unsure Ltd", '=Worst, "Inc"', "Best Co"]],
    ["level=0", ["Best Co"]],
    ["level=3", ['=Worst, "Inc"']],
    ["level=9", ["Unsure Ltd", '=Worst, "Inc"', "Best Co"]],
    ["recommendation=consultation", ["Unsure Ltd"]],
    [`recommendation=${"high"}`, ["Best Co"]],
    ["recommendation=low", ['=Worst, "Inc"']],
    ["recommendation=nonsense", ["Unsure Ltd", '=Worst, "Inc"', "Best Co"]],
    ["from=2026-11-20", ["Unsure Ltd", '=Worst, "Inc"']],
    ["to=2026-11-20", ['=Worst, "Inc"', "Best Co"]],
    ["from=2026-11-11&to=2026-11-20", ['=Worst, "Inc"']],
    ["from=2026-02-31", ["Unsure Ltd", '=Worst, "Inc"', "Best Co"]],
    ["level=0&from=2026-11-11", []],
  ])("?%s matches %j, newest first", (query, expected) => {
    expect(companies(query)).toEqual(expected);
  });

  test.each([
    ["sort=oldest", ["Best Co", '=Worst, "Inc"', "Unsure Ltd"]],
    ["sort=oldest&from=2026-11-20", ['=Worst, "Inc"', "Unsure Ltd"]],
    ["sort=newest", ["Unsure Ltd", '=Worst, "Inc"', "Best Co"]],
    ["sort=sideways", ["Unsure Ltd", '=Worst, "Inc"', "Best Co"]],
  ])("?%s lists %j", (query, expected) => {
    const order = dateOrderFrom(new URLSearchParams(query));
    const { rows } = submissionsPage(db, filters(query), { page: 1, perPage: 50, order });
    expect(rows.map((row) => row.company)).toEqual(expected);
  });

  test("a page of the oldest first starts where the newest first ends", () => {
    const page = (order: DateOrder, number: number) =>
      submissionsPage(db, filters(""), { page: number, perPage: 2, order }).rows.map(
        (row) => row.company,
      );
    expect(page("newest", 2)).toEqual(["Best Co"]);
    expect(page("oldest", 1)).toEqual(["Best Co", '=Worst, "Inc"']);
    expect(page("oldest", 2)).toEqual(["Unsure Ltd"]);
  });
});

describe("assessment export", () => {
  test("parses back to the same rows, answers in words, with the formula neutralised", async () => {
    const text = decodeWithBom(await new Response(assessmentsCsv(filters(""))).arrayBuffer());
    expect(text.startsWith("\uFEFFID,Submitted at,Company,")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(rows.map((row) => row[2])).toEqual(["Unsure Ltd", `'=Worst, "Inc"`, "Best Co"]);
    const record = Object.fromEntries(header!.map((name, index) => [name, rows[2]![index]]));
    const firstQuestion = questionsById.time_wasted;
    expect(record).toMatchObject({
      ID: String(best.id),
      "Submitted at": "2026-11-10T10:00:00.000Z",
      Email: "best-co@example.org",
      "Efficiency score": String(best.score.efficiencyScore),
      Level: "Highly Efficient Operations",
      "Band score": String(best.score.bandScore),
      Recommendation: best.score.recommendation.title,
      "Not certain answers": "0",
      [firstQuestion.prompt]: firstQuestion.options[0]!.label,
      [`${firstQuestion.prompt} (score)`]: String(firstQuestion.options[0]!.score),
      "UTM source": "newsletter",
    });
    expect(header).toHaveLength(12 + 20 + 6);
  });

  test("the export route refuses strangers and unknown kinds, and serves CSV to admins", async () => {
    const stranger = exportLoader(
      routeArgs(new Request("http://localhost/admin/leads/export/assessments"), {
        params: { kind: "assessments" },
      }),
    );
    await expect(stranger).rejects.toMatchObject({ status: 302 });

    const staff = await staffAccounts("a long enough passphrase");
    const cookie = await signedIn(staff({ email: "leads-admin@example.org" }));
    const ask = (kind: string) =>
      exportLoader(
        routeArgs(
          new Request(`http://localhost/admin/leads/export/${kind}?level=0`, {
            headers: { Cookie: cookie },
          }),
          { params: { kind } },
        ),
      );
    await expect(ask("users")).rejects.toMatchObject({ init: { status: 404 } });
    const response = (await ask("assessments")) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="assessments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(decodeWithBom(await response.arrayBuffer()).slice(1));
    expect(rows.slice(1).map((row) => row[2])).toEqual(["Best Co"]);
  });
});

describe("contact messages and the outbox", () => {
  test("each message shows its email's delivery state; handled is set once", () => {
    const insert = db.$client.prepare(
      "insert into contact_messages (full_name, email, message) values (?, ?, ?) returning id",
    );
    const ids = ["Sent", "Failed", "Queued", "Silent"].map(
      (name) =>
        (insert.get(name, `${name.toLowerCase()}@example.org`, "Hello") as { id: number }).id,
    );
    const emails = ids.slice(0, 3).map((contactMessageId) =>
      enqueueEmail(db, {
        to: "firm@example.com",
        subject: "New message",
        text: "t",
        html: "h",
        contactMessageId,
      }),
    );
    db.$client
      .prepare("update outbox set sent_at = ?, attempts = 1 where id = ?")
      .run(Date.now(), emails[0]);
    db.$client
      .prepare(
        "update outbox set failed_at = ?, attempts = 12, last_error = '451 Try again' where id = ?",
      )
      .run(Date.now(), emails[1]);
    // A webhook delivery about the same message, queued after its email, is not its email.
    const endpoint = db.$client
      .prepare(
        "insert into webhook_endpoints (url, events, secret) values ('https://crm.example.com/', '[\"contact.message\"]', 'whsec_x') returning id",
      )
      .get() as { id: number };
    enqueueWebhook(db, {
      endpointId: endpoint.id,
      eventId: "msg_sent",
      eventType: "contact.message",
      payload: "{}",
      contactMessageId: ids[0],
    });

    const { rows } = contactMessagesPage(
      db,
      { from: null, until: null, handled: null },
      { page: 1, perPage: 10 },
    );
    const state = Object.fromEntries(
      rows.map((row) => [row.fullName, [row.delivery, row.attempts]]),
    );
    expect(state).toMatchObject({
      Sent: ["sent", 1],
      Failed: ["failed", 12],
      Queued: ["queued", 0],
      Silent: ["none", 0],
    });

    expect(markContactMessageHandled(db, STAFF, ids[0]!)).toBe(true);
    expect(markContactMessageHandled(db, STAFF, ids[0]!)).toBe(false);
    expect(markContactMessageHandled(db, STAFF, 999_999)).toBe(false);

    const { totals, rows: failed } = outboxPage(db, "failed", { page: 1, perPage: 10 }, EMAILS);
    expect(totals).toMatchObject({ failed: 1, sent: 1 });
    expect(failed).toMatchObject([{ id: emails[1], attempts: 12, lastError: "451 Try again" }]);
    expect(retryFailedMessage(db, emails[1]!, EMAILS)).toBe(true);
    expect(retryFailedMessage(db, emails[1]!, EMAILS)).toBe(false);
    expect(retryFailedMessage(db, emails[0]!, EMAILS)).toBe(false);
    expect(
      outboxPage(db, "queued", { page: 1, perPage: 10 }, EMAILS).rows.map((row) => row.id),
    ).toContain(emails[1]);
    expect(outboxPage(db, "queued", { page: 1, perPage: 10 }, EMAILS).rows[0]).toMatchObject({
      attempts: 0,
    });
  });
});

describe("a large export", () => {
  test("100,000 assessments stream out with the heap growing far less than the file", async () => {
    const total = 100_000;
    const template = db.$client
      .prepare("select * from assessment_submissions where id = ?")
      .get(best.id) as Record<string, unknown>;
    const columns = Object.keys(template).filter((name) => name !== "id" && name !== "visit_id");
    const insert = db.$client.prepare(
      `insert into assessment_submissions (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
    );
    db.$client.transaction(() => {
      for (let index = 0; index < total; index += 1) {
        insert.run(
          ...columns.map((name) => (name === "company" ? `Company ${index}` : template[name])),
        );
      }
    })();

    v8.setFlagsFromString("--expose-gc");
    const collectGarbage = vm.runInNewContext("gc") as () => void;
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let lines = 0;
    const reader = assessmentsCsv(filters("")).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      for (const byte of chunk.value) if (byte === 0x0a) lines += 1;
      if (lines % 20_000 < 500) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    const growth = peak - before;
    console.log(
      `Exported ${lines - 1} assessments, ${(bytes / 1e6).toFixed(1)} MB of CSV; ` +
        `heap growth ${(growth / 1e6).toFixed(1)} MB.`,
    );
    expect(lines - 1).toBe(total + 3);
    // Holding the rows (or the file) would take at least the file's size in memory.
    expect(growth).toBeLessThan(bytes / 10);
  }, 120_000);
});
