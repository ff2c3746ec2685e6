// The leads lists as staff ask for them, through their loaders on a real SQLite file: date ranges
// and their shortcuts in the firm's days (America/Denver here, the default SITE_TIME_ZONE), across
// both clock changes of 2027; the assessments by score; the contact messages handled or not.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { User } from "~/features/accounts/user-queries.server";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { scoreAssessment } from "~/features/assessment/scoring";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { submitContactMessage } from "~/features/contact/send.server";
import { markContactMessageHandled } from "~/features/contact/queries.server";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { loader as exportLoader } from "~/routes/admin.leads.export.$kind";
import { loader as leadsLoader } from "~/routes/admin.leads._index";
import { loader as messagesLoader } from "~/routes/admin.leads.messages";
import { answersAt } from "./support/assessment-answers";
import { parseCsvRecords } from "./support/csv";
import { STAFF, routeArgs } from "./support/actions";
import { signedIn, staffAccounts } from "./support/staff";

type Loader = (args: ReturnType<typeof routeArgs<{ kind: string }>>) => unknown;

let admin: User;

/**
 * Each seeded lead's company, its moment, and its answers' index (0 scores highest), which order
 * the scores differently from the dates either way.
 */
const leads = [
  // 23:30 on 13 March 2027 in Denver: already the 14th in UTC.
  ["Eve of spring", "2027-03-14T06:30:00Z", 2],
  // 23:30 on 14 March, the 23-hour day the clocks go forward: the 15th in UTC.
  ["Spring late", "2027-03-15T05:30:00Z", 0],
  // 23:30 on 6 November: the 7th in UTC.
  ["Eve of autumn", "2027-11-07T05:30:00Z", 3],
  // 23:30 on 7 November, the 25-hour day the clocks go back: the 8th in UTC.
  ["Autumn late", "2027-11-08T06:30:00Z", 1],
] as const;

beforeAll(async () => {
  expect(siteConfig.timeZone).toBe("America/Denver");
  admin = (await staffAccounts("a long enough passphrase"))({ email: "lists-admin@example.org" });
  const receivedAt = (table: string, id: number, at: string) =>
    db.$client
      .prepare(`update ${table} set created_at = ? where id = ?`)
      .run(new Date(at).getTime(), id);
  for (const [company, at, answers] of leads) {
    const { submissionId } = await submitAssessment({
      contact: {
        company,
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.org",
        phone: "",
      },
      answers: answersAt(answers),
      visitId: trackVisit(null, 10, NO_ATTRIBUTION),
    });
    receivedAt("assessment_submissions", submissionId, at);
  }
  // Three messages of 14 March in Denver (one the 15th in UTC) and one of the 13th; two handled.
  const received = [
    ["Handled early", "2027-03-14T08:00:00Z", true],
    ["Open early", "2027-03-14T09:00:00Z", false],
    ["Handled late", "2027-03-15T05:30:00Z", true],
    ["Open the day before", "2027-03-14T06:30:00Z", false],
  ] as const;
  for (const [fullName, at, handled] of received) {
    const message = await submitContactMessage({
      fullName,
      email: "lead@example.org",
      message: "Hello",
    });
    receivedAt("contact_messages", message.id, at);
    if (handled) markContactMessageHandled(db, STAFF, message.id);
  }
});

afterEach(() => vi.useRealTimers());

/** Asks a loader as a signed-in admin whose session starts at the (perhaps moved) clock's now. */
async function ask(loader: Loader, path: string, kind = "") {
  const request = new Request(`http://localhost${path}`, {
    headers: { Cookie: await signedIn(admin) },
  });
  return await loader(routeArgs(request, { params: { kind } }));
}

type LeadsData = {
  submissions: { company: string; efficiencyScore: number }[];
  total: number;
  filterParams: string;
  shortcuts: { label: string; from: string; to: string }[];
};
type MessagesData = {
  messages: { fullName: string }[];
  total: number;
  counts: { all: number; handled: number; notHandled: number };
  filterParams: string;
  shortcuts: { label: string; from: string; to: string }[];
};

const leadsAt = async (query: string) =>
  ((await ask(leadsLoader, `/admin/leads?${query}`)) as { data: LeadsData }).data;
const messagesAt = async (query: string) =>
  ((await ask(messagesLoader, `/admin/leads/messages?${query}`)) as { data: MessagesData }).data;
const companies = (data: LeadsData) => data.submissions.map((row) => row.company);

describe("date ranges are the firm's days", () => {
  test.each([
    ["from=2027-03-14&to=2027-03-14", ["Spring late"]],
    ["from=2027-03-13&to=2027-03-13", ["Eve of spring"]],
    ["from=2027-11-07&to=2027-11-07", ["Autumn late"]],
    ["from=2027-11-06&to=2027-11-06", ["Eve of autumn"]],
    ["from=2027-03-14&to=2027-11-06", ["Eve of autumn", "Spring late"]],
    ["to=2027-03-13", ["Eve of spring"]],
  ])("?%s lists %j, and the export the same", async (query, expected) => {
    expect(companies(await leadsAt(query))).toEqual(expected);
    const response = (await ask(
      exportLoader,
      `/admin/leads/export/assessments?${query}`,
      "assessments",
    )) as Response;
    const rows = parseCsvRecords((await response.text()).replace(/^\uFEFF/, "")).slice(1);
    expect(rows.map((row) => row[2])).toEqual(expected);
  });

  test("a contact message at 23:30 on the last day is in that day", async () => {
    const day = await messagesAt("from=2027-03-14&to=2027-03-14");
    expect(day.messages.map((row) => row.fullName)).toEqual([
      "Handled late",
      "Open early",
      "Handled early",
    ]);
  });
});

describe("the shortcuts", () => {
  test.each([
    // 23:45 on 14 March 2027 in Denver, the day the clocks go forward.
    [
      "2027-03-15T05:45:00Z",
      "from=2027-03-08&to=2027-03-14",
      "from=2027-03-01&to=2027-03-31",
      ["Spring late", "Eve of spring"],
    ],
    // 23:45 on 7 November 2027, the day they go back.
    [
      "2027-11-08T06:45:00Z",
      "from=2027-11-01&to=2027-11-07",
      "from=2027-11-01&to=2027-11-30",
      ["Autumn late", "Eve of autumn"],
    ],
  ])("at %s are %s and %s, and the week lists %j", async (now, week, month, listed) => {
    vi.useFakeTimers({ now: new Date(now), toFake: ["Date"] });
    const page = await leadsAt("level=&sort=score-asc");
    const shortcut = (label: string) => {
      const found = page.shortcuts.find((item) => item.label === label)!;
      return `from=${found.from}&to=${found.to}`;
    };
    expect(shortcut("Last 7 days")).toBe(week);
    expect(shortcut("This month")).toBe(month);
    expect((await messagesAt("")).shortcuts).toEqual(page.shortcuts);

    const lastWeek = await leadsAt(week);
    expect(companies(lastWeek)).toEqual(listed);
    expect(lastWeek.filterParams).toBe(week);
    expect(companies(await leadsAt(month))).toEqual(listed);
  });
});

describe("assessments by score", () => {
  const scores = leads.map(([company, , answers]) => ({
    company,
    score: scoreAssessment(answersAt(answers)).efficiencyScore,
  }));
  const byScore = (direction: 1 | -1) =>
    [...scores].sort((a, b) => direction * (a.score - b.score)).map((lead) => lead.company);

  test("the seeded leads' scores all differ", () => {
    expect(new Set(scores.map((lead) => lead.score)).size).toBe(leads.length);
  });

  test.each([
    ["sort=score-desc", byScore(-1)],
    ["sort=score-asc", byScore(1)],
    [
      "sort=score-asc&from=2027-03-14&to=2027-11-07",
      byScore(1).filter((c) => c !== "Eve of spring"),
    ],
  ])("?%s lists %j", async (query, expected) => {
    const page = await leadsAt(query);
    expect(companies(page)).toEqual(expected);
    expect(page.submissions.map((row) => row.efficiencyScore)).toEqual(
      expected.map((company) => scores.find((lead) => lead.company === company)!.score),
    );
  });
});

describe("contact messages handled or not", () => {
  test.each([
    ["", ["Handled late", "Open early", "Handled early", "Open the day before"]],
    ["handled=no", ["Open early", "Open the day before"]],
    ["handled=yes", ["Handled late", "Handled early"]],
    ["handled=yes&sort=oldest", ["Handled early", "Handled late"]],
    ["handled=no&from=2027-03-14&to=2027-03-14", ["Open early"]],
    ["handled=maybe", ["Handled late", "Open early", "Handled early", "Open the day before"]],
  ])("?%s lists %j", async (query, expected) => {
    const page = await messagesAt(query);
    expect(page.messages.map((row) => row.fullName)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  test("the counts are of the date range, whichever is shown; the links keep the filter", async () => {
    const page = await messagesAt("handled=no&from=2027-03-14&to=2027-03-14");
    expect(page.counts).toEqual({ all: 3, handled: 2, notHandled: 1 });
    expect(page.filterParams).toBe("from=2027-03-14&to=2027-03-14&handled=no");
    expect((await messagesAt("handled=yes")).counts).toEqual({ all: 4, handled: 2, notHandled: 2 });
  });

  test("the export takes the same filter", async () => {
    const response = (await ask(
      exportLoader,
      "/admin/leads/export/messages?handled=no",
      "messages",
    )) as Response;
    const rows = parseCsvRecords((await response.text()).replace(/^\uFEFF/, "")).slice(1);
    expect(rows.map((row) => row[2]).sort()).toEqual(["Open early", "Open the day before"]);
  });
});
