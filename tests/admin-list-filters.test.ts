// The admin's lists and exports on a real SQLite file, asked as their filter forms ask: a GET form
// sends every field, so "Any level" with a date range arrives as `?level=&from=...`. An empty
// filter must mean no filter, never a value (it once meant level 0: only the most efficient leads
// were listed and exported, and the low scorers, the firm's best prospects, vanished).
import { beforeAll, describe, expect, test } from "vitest";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { efficiencyLevels, levelFor, scoreAssessment } from "~/features/assessment/scoring";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { submitContactMessage } from "~/features/contact/send.server";
import { insertCtaClick } from "~/features/cta-clicks/queries.server";
import { enqueueWebhook } from "~/features/outbox/outbox.server";
import { db } from "~/lib/db.server";
import { loader as blogLoader } from "~/routes/admin.blog";
import { loader as clicksLoader } from "~/routes/admin.leads.clicks";
import { loader as exportLoader } from "~/routes/admin.leads.export.$kind";
import { loader as leadsLoader } from "~/routes/admin.leads._index";
import { loader as messagesLoader } from "~/routes/admin.leads.messages";
import { loader as outboxLoader } from "~/routes/admin.outbox._index";
import { loader as usersLoader } from "~/routes/admin.users";
import { loader as endpointLoader } from "~/routes/admin.webhooks.$id._index";
import { answersAt } from "./support/assessment-answers";
import { parseCsvRecords } from "./support/csv";
import { routeArgs } from "./support/actions";
import { signedIn, staffAccounts } from "./support/staff";

// Every loader is handed both route parameters; each reads the one it has, if any.
type Params = { id: string; kind: string };
type Loader = (args: ReturnType<typeof routeArgs<Params>>) => unknown;

let cookie = "";
let endpointId = 0;
/** The level (its name) of each seeded submission, by company. */
const levels = new Map<string, string>();

beforeAll(async () => {
  const staff = await staffAccounts("a long enough passphrase");
  cookie = await signedIn(staff({ email: "filters-admin@example.org" }));

  // One submission a day from 2 November, from the most efficient answers to the least.
  for (const index of [0, 1, 2, 3]) {
    const company = `Company ${index}`;
    const answers = answersAt(index);
    await submitAssessment(
      {
        contact: {
          company,
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.org",
          phone: "",
        },
        answers,
        visitId: trackVisit(null, 10, NO_ATTRIBUTION),
      },
      new Date(`2026-11-0${index + 2}T10:00:00Z`),
    );
    levels.set(company, levelFor(scoreAssessment(answers).efficiencyScore).name);
  }
  for (const fullName of ["Grace Hopper", "Alan Turing"]) {
    await submitContactMessage({ fullName, email: "lead@example.org", message: "Hello" });
  }
  for (const ctaSource of ["hero", "footer"]) {
    insertCtaClick(db, { ctaSource, pagePath: "/", userSession: "s1" });
  }
  const endpoint = db.$client
    .prepare(
      "insert into webhook_endpoints (url, events, secret) values ('https://crm.example.com/', '[\"contact.message\"]', 'whsec_x') returning id",
    )
    .get() as { id: number };
  endpointId = endpoint.id;
  enqueueWebhook(db, { endpointId, eventId: "evt_1", eventType: "contact.message", payload: "{}" });
});

async function ask(loader: Loader, path: string, kind = "") {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
  return await loader(routeArgs(request, { params: { id: String(endpointId), kind } }));
}

/** A loader's data, without what differs from one call to the next (the time it was opened). */
async function listData(loader: Loader, path: string) {
  const answer = (await ask(loader, path)) as { data: unknown };
  return JSON.parse(
    JSON.stringify(answer.data, (key, value) => (key === "openedAt" ? undefined : value)),
  );
}

async function csvRows(query: string, kind: string) {
  const response = (await ask(
    exportLoader,
    `/admin/leads/export/${kind}${query}`,
    kind,
  )) as Response;
  return parseCsvRecords((await response.text()).replace(/^\uFEFF/, "")).slice(1);
}

test("the seeded submissions fall at three levels or more", () => {
  expect(new Set(levels.values()).size).toBeGreaterThanOrEqual(3);
  expect(levels.get("Company 0")).toBe(efficiencyLevels[0]!.name);
});

describe("Any level with a date range", () => {
  const query = "?level=&recommendation=&from=2026-11-01&to=2026-11-30";

  test("lists the leads at every level, and the form shows no level chosen", async () => {
    const page = await listData(leadsLoader, `/admin/leads${query}`);
    expect(page.total).toBe(4);
    const listed = new Map(
      (page.submissions as { company: string; level: string }[]).map((row) => [
        row.company,
        row.level,
      ]),
    );
    expect(listed).toEqual(levels);
    expect(page.filters).toEqual({ level: "", recommendation: "" });
    // The pagination and export links carry only the filters really set.
    expect(page.filterParams).toBe("from=2026-11-01&to=2026-11-30");
    const counted = (page.levelCounts as { value: number }[]).reduce(
      (sum, { value }) => sum + value,
      0,
    );
    expect(counted).toBe(4);
  });

  test("exports the leads at every level", async () => {
    const rows = await csvRows(query, "assessments");
    expect(rows.map((row) => row[2]).sort()).toEqual([...levels.keys()].sort());
  });

  test("a level chosen still filters, on the page and in the export", async () => {
    const chosen = "?level=0&recommendation=&from=2026-11-01&to=";
    const page = await listData(leadsLoader, `/admin/leads${chosen}`);
    expect((page.submissions as { company: string }[]).map((row) => row.company)).toEqual([
      "Company 0",
    ]);
    expect(page.filters).toEqual({ level: "0", recommendation: "" });
    expect((await csvRows(chosen, "assessments")).map((row) => row[2])).toEqual(["Company 0"]);
  });
});

describe("every list with its filters left empty is the list without them", () => {
  test.each([
    ["/admin/leads", "level=&recommendation=&from=&to=&page=&sort=", leadsLoader, "submissions", 4],
    ["/admin/leads/messages", "from=&to=&page=&sort=&handled=", messagesLoader, "messages", 2],
    ["/admin/leads/clicks", "days=", clicksLoader, "byLabel", 2],
    // The outbox and an endpoint's log open on every message: the nine emails, the delivery.
    ["/admin/outbox", "state=&page=&sort=", outboxLoader, "rows", 9],
    ["/admin/webhooks/:id", "state=&page=&sort=", endpointLoader, "rows", 1],
    ["/admin/users", "sort=", usersLoader, "accounts", 1],
    ["/admin/blog", "page=&sort=", blogLoader, "posts", 0],
  ] as [string, string, Loader, string, number][])(
    "%s?%s",
    async (route, query, loader, rowsKey, rows) => {
      const path = route.replace(":id", String(endpointId));
      const plain = await listData(loader, path);
      expect(plain[rowsKey]).toHaveLength(rows);
      expect(await listData(loader, `${path}?${query}`)).toEqual(plain);
    },
  );

  test.each([
    ["assessments", "level=&recommendation=&from=&to=", 4],
    ["messages", "from=&to=&handled=", 2],
    ["clicks", "days=", 2],
  ])("the %s export with ?%s", async (kind, query, rows) => {
    const plain = await csvRows("", kind);
    expect(plain).toHaveLength(rows);
    expect(await csvRows(`?${query}`, kind)).toEqual(plain);
  });
});
