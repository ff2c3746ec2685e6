// The staff's Subscribers screen against a real SQLite file: only for admins; the counts, the
// list searched and filtered; Remove, which deletes the row and the emails still queued to it;
// the CSV export with formula cells inert; and the CSV import, which needs the consent tick,
// invites new and waiting addresses in one mailing, leaves confirmed and unsubscribed ones alone,
// reports each row it left out, and takes 5,000 rows in a few seconds.
import { beforeAll, describe, expect, test } from "vitest";
import { insertUser } from "~/features/accounts/user-queries.server";
import { fillPlaceholders } from "~/features/outbox/outbox.server";
import {
  confirmationState,
  confirmSubscription,
  requestSubscription,
} from "~/features/subscribers/subscriptions.server";
import {
  confirmSubscriptionEmail,
  importedConfirmationMailing,
} from "~/features/subscribers/emails/subscriber-emails";
import { db } from "~/lib/db.server";
import { loader as exportLoader } from "~/routes/admin.leads.export.$kind";
import { action, loader } from "~/routes/admin.subscribers";
import { parseCsv } from "./support/csv";
import { routeArgs } from "./support/actions";
import { signedIn, toastOf } from "./support/staff";

type Row = Record<string, unknown>;
const one = (query: string, ...params: unknown[]) =>
  db.$client.prepare(query).get(...params) as Row | undefined;
const all = (query: string, ...params: unknown[]) =>
  db.$client.prepare(query).all(...params) as Row[];
const subscriberOf = (email: string) =>
  one("select * from subscribers where email_key = ?", email.toLowerCase());

let cookie = "";
beforeAll(async () => {
  const admin = insertUser(db, {
    email: "subscribers-admin@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
  });
  cookie = await signedIn(admin);
});

/** A subscriber stored as the public pages would leave them. */
function store(
  email: string,
  status: "pending" | "confirmed" | "unsubscribed",
  { name = null as string | null, source = "insights", createdAt = Date.now() } = {},
) {
  const { lastInsertRowid } = db.$client
    .prepare(
      `insert into subscribers (email, email_key, name, status, source, confirmation_token_hash,
         confirmation_sent_at, confirmed_at, unsubscribed_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      email,
      email.toLowerCase(),
      name,
      status,
      source,
      status === "pending" ? `hash-${email}` : null,
      createdAt,
      status === "confirmed" ? createdAt : null,
      status === "unsubscribed" ? createdAt : null,
      createdAt,
    );
  return Number(lastInsertRowid);
}

function get(path: string, withCookie = cookie) {
  return new Request(`http://localhost${path}`, { headers: { Cookie: withCookie } });
}

function post(path: string, body: FormData | URLSearchParams, withCookie = cookie) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: withCookie },
    body,
  });
}

type Page = {
  subscribers: { id: number; email: string }[];
  total: number;
  counts: Record<"pending" | "confirmed" | "unsubscribed", number>;
  removing?: { id: number };
};

async function open(path: string) {
  const answer = (await loader(routeArgs(get(path)) as never)) as { data: Page };
  return answer.data;
}

type Reply = {
  status: number;
  data?: {
    report?: {
      invited: number;
      alreadySubscribed: number;
      suppressed: number;
      invalid: { line: number; reason: string }[];
    };
    result?: { error?: Record<string, string[]> } | null;
    notice?: { description: string } | null;
  };
  location?: string | null;
  toast?: { title: string; description: string } | null;
};

async function send(request: Request): Promise<Reply> {
  const result = await action(routeArgs(request) as never);
  if (result instanceof Response) {
    const toast = await toastOf(result.headers);
    return { status: result.status, location: result.headers.get("Location"), toast };
  }
  const wrapped = result as { data: Reply["data"]; init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, data: wrapped.data };
}

function importForm(csv: string, { consent = true } = {}) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", new File([csv], "people.csv", { type: "text/csv" }));
  if (consent) form.set("consent", "on");
  return form;
}

const importing = (csv: string, options?: { consent?: boolean }) =>
  send(post("/admin/subscribers", importForm(csv, options)));

describe("only for admins", () => {
  test("a stranger is sent to sign in, cannot remove or import, and gets no CSV", async () => {
    const id = store("kept-from-strangers@example.org", "confirmed");
    await expect(loader(routeArgs(get("/admin/subscribers", "")) as never)).rejects.toMatchObject({
      status: 302,
    });
    try {
      await loader(routeArgs(get("/admin/subscribers", "")) as never);
    } catch (thrown) {
      expect((thrown as Response).headers.get("Location")).toBe("/admin/auth");
    }
    const removal = new URLSearchParams({ intent: "remove", id: String(id) });
    await expect(
      action(routeArgs(post("/admin/subscribers", removal, "")) as never),
    ).rejects.toMatchObject({ init: { status: 401 } });
    await expect(
      action(
        routeArgs(
          post("/admin/subscribers", importForm("email\nnew-by-stranger@example.org"), ""),
        ) as never,
      ),
    ).rejects.toMatchObject({ init: { status: 401 } });
    await expect(
      exportLoader(
        routeArgs(get("/admin/leads/export/subscribers", ""), {
          params: { kind: "subscribers" },
        }) as never,
      ),
    ).rejects.toMatchObject({ status: 302 });
    expect(subscriberOf("kept-from-strangers@example.org")).toBeDefined();
    expect(subscriberOf("new-by-stranger@example.org")).toBeUndefined();
  });
});

describe("the list", () => {
  test("counts each status, finds by address or name, filters by status, pages newest first", async () => {
    const before = (await open("/admin/subscribers")).counts;
    store("list-grace@example.org", "confirmed", { name: "Grace Hopper" });
    store("list-waiting@example.org", "pending");
    store("list-gone@example.org", "unsubscribed", { name: "Gone Person" });
    const after = await open("/admin/subscribers");
    expect(after.counts).toEqual({
      confirmed: before.confirmed + 1,
      pending: before.pending + 1,
      unsubscribed: before.unsubscribed + 1,
    });

    const byName = await open("/admin/subscribers?q=grace%20hop");
    expect(byName.subscribers.map((row) => row.email)).toEqual(["list-grace@example.org"]);
    const byAddress = await open("/admin/subscribers?q=LIST-");
    expect(byAddress.subscribers.map((row) => row.email)).toEqual([
      "list-gone@example.org",
      "list-waiting@example.org",
      "list-grace@example.org",
    ]);
    const gone = await open("/admin/subscribers?q=list-&status=unsubscribed");
    expect(gone.subscribers.map((row) => row.email)).toEqual(["list-gone@example.org"]);
    // % and _ are searched for as typed, not as wildcards.
    expect((await open("/admin/subscribers?q=list%25grace")).total).toBe(0);
    // A malformed status or page is no filter at all.
    expect((await open("/admin/subscribers?q=list-&status=everyone&page=x")).total).toBe(3);

    for (let index = 0; index < 30; index += 1) store(`paged-${index}@example.org`, "confirmed");
    const first = await open("/admin/subscribers?q=paged-");
    const second = await open("/admin/subscribers?q=paged-&page=2");
    expect(first.total).toBe(30);
    expect(first.subscribers).toHaveLength(25);
    expect(first.subscribers[0]?.email).toBe("paged-29@example.org");
    expect(second.subscribers.map((row) => row.email)).toEqual([
      "paged-4@example.org",
      "paged-3@example.org",
      "paged-2@example.org",
      "paged-1@example.org",
      "paged-0@example.org",
    ]);
  });
});

describe("remove", () => {
  test("deletes the row and the emails still queued to it; a later sign-up starts over with the opt-in", async () => {
    const id = store("Leaving@Example.org", "confirmed");
    const queue = db.$client.prepare(
      "insert into outbox (recipient, subject, text_body, html_body, bulk) values (?, ?, '', '', ?)",
    );
    queue.run("leaving@example.org", "A newsletter", 1);
    queue.run("Leaving@Example.org", "Another newsletter", 1);
    queue.run("someone-else@example.org", "Their newsletter", 1);

    expect((await open(`/admin/subscribers?remove=${id}`)).removing?.id).toBe(id);
    const removed = await send(
      post(
        "/admin/subscribers?q=leaving",
        new URLSearchParams({ intent: "remove", id: String(id) }),
      ),
    );
    expect(removed).toMatchObject({
      status: 303,
      location: "/admin/subscribers?q=leaving",
      toast: { title: "Subscriber removed" },
    });
    expect(subscriberOf("leaving@example.org")).toBeUndefined();
    const newsletters = all(
      "select recipient, failed_at from outbox where subject like '%newsletter'",
    );
    expect(
      newsletters.filter((row) => String(row.recipient).toLowerCase() === "leaving@example.org"),
    ).toEqual([
      expect.objectContaining({ failed_at: expect.any(Number) }),
      expect.objectContaining({ failed_at: expect.any(Number) }),
    ]);
    expect(newsletters.find((row) => row.recipient === "someone-else@example.org")).toMatchObject({
      failed_at: null,
    });

    const again = await send(
      post("/admin/subscribers", new URLSearchParams({ intent: "remove", id: String(id) })),
    );
    expect(again).toMatchObject({ status: 303, toast: { title: "Error" } });
    expect(
      (await send(post("/admin/subscribers", new URLSearchParams({ intent: "erase", id: "1" }))))
        .status,
    ).toBe(400);

    await requestSubscription(db, { email: "leaving@example.org", name: null, source: "insights" });
    expect(subscriberOf("leaving@example.org")).toMatchObject({ status: "pending" });
  });
});

describe("the CSV export", () => {
  test("every subscriber with every column, formula cells inert", async () => {
    const id = store("export-me@example.org", "unsubscribed", {
      name: '=HYPERLINK("https://evil.example","Click")',
      source: "article",
      createdAt: Date.parse("2026-11-02T10:00:00Z"),
    });
    const response = (await exportLoader(
      routeArgs(get("/admin/leads/export/subscribers"), {
        params: { kind: "subscribers" },
      }) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows).toHaveLength(Number(one("select count(*) as n from subscribers")?.n));
    expect(rows.find((row) => row.ID === String(id))).toEqual({
      ID: String(id),
      Email: "export-me@example.org",
      Name: `'=HYPERLINK("https://evil.example","Click")`,
      Status: "unsubscribed",
      Source: "article",
      "Signed up at (UTC)": "2026-11-02T10:00:00.000Z",
      "Confirmation sent at (UTC)": "2026-11-02T10:00:00.000Z",
      "Confirmed at (UTC)": "",
      "Unsubscribed at (UTC)": "2026-11-02T10:00:00.000Z",
    });
  });
});

describe("the CSV import", () => {
  test("is refused without the consent tick, and nothing is stored", async () => {
    const reply = await importing("email,name\nno-consent@example.org,Nobody\n", {
      consent: false,
    });
    expect(reply.status).toBe(400);
    expect(reply.data?.result?.error?.consent?.[0]).toMatch(/agreed to receive Insights by email/);
    expect(subscriberOf("no-consent@example.org")).toBeUndefined();
  });

  test("invites new and waiting addresses in one mailing, leaves confirmed and unsubscribed alone, reports the rest", async () => {
    store("imp-waiting@example.org", "pending", { name: "Old Name" });
    store("imp-confirmed@example.org", "confirmed");
    store("imp-gone@example.org", "unsubscribed", { name: "Gone" });
    const before = subscriberOf("imp-gone@example.org");
    const csv = [
      "Name,Email,Company",
      "Ada Lovelace,imp-new@example.org,Analytical",
      '"Waiting, Again",IMP-WAITING@example.org,',
      ",imp-confirmed@example.org,",
      "Back Again,imp-gone@example.org,",
      "No Address,,",
      "Bad,not-an-address,",
      "Ada Twice,Imp-New@Example.org,",
      "",
      "Bo,imp-second@example.org",
    ].join("\r\n");
    const reply = await importing(csv);
    expect(reply.status).toBe(200);
    expect(reply.data?.report).toEqual({
      invited: 3,
      alreadySubscribed: 1,
      suppressed: 1,
      invalid: [
        { line: 6, reason: "There is no email address." },
        { line: 7, reason: "Please enter a valid email address." },
        { line: 8, reason: "The same address as line 2." },
      ],
    });

    expect(subscriberOf("imp-new@example.org")).toMatchObject({
      email: "imp-new@example.org",
      name: "Ada Lovelace",
      status: "pending",
      source: "import",
    });
    expect(subscriberOf("imp-waiting@example.org")).toMatchObject({
      name: "Waiting, Again",
      status: "pending",
      source: "insights",
    });
    expect(subscriberOf("imp-confirmed@example.org")).toMatchObject({ status: "confirmed" });
    // Suppression is for good: not a byte of the unsubscribed row changes, and no email goes.
    expect(subscriberOf("imp-gone@example.org")).toEqual(before);

    const emails = all(
      "select recipient, mailing_id, bulk, merge_fields from outbox where recipient like 'imp-%' or recipient like 'IMP-%' order by id",
    );
    expect(emails.map((row) => row.recipient)).toEqual([
      "imp-new@example.org",
      "imp-waiting@example.org",
      "imp-second@example.org",
    ]);
    expect(new Set(emails.map((row) => row.mailing_id)).size).toBe(1);
    expect(emails.every((row) => row.bulk === 1)).toBe(true);

    // Each recipient's link is their own and confirms them.
    const links = emails.map(
      (row) => (JSON.parse(String(row.merge_fields)) as Record<string, string>).confirmation_url,
    );
    expect(new Set(links).size).toBe(3);
    const token = /\/insights\/subscribe\/confirm\/([\w-]{43})$/.exec(links[0] ?? "")?.[1] ?? "";
    expect(confirmationState(db, token)).toBe("valid");
    expect(confirmSubscription(db, token)).toEqual({
      status: "confirmed",
      email: "imp-new@example.org",
    });
    // The waiting subscriber's old link was replaced by the new one.
    expect(subscriberOf("imp-waiting@example.org")?.confirmation_token_hash).not.toBe(
      "hash-imp-waiting@example.org",
    );
  });

  test("the mailing is the confirmation email, with each recipient's link where the single request has its own", async () => {
    const link = "https://example.com/insights/subscribe/confirm/abc";
    const mailing = await importedConfirmationMailing("Keelstone");
    const single = await confirmSubscriptionEmail(link, "Keelstone");
    expect(mailing.subject).toBe(single.subject);
    const html = fillPlaceholders(mailing.html, { confirmation_url: link }, "html");
    const text = fillPlaceholders(mailing.text, { confirmation_url: link }, "text");
    expect(html).not.toContain("{{");
    expect(html.match(new RegExp(`href="${link}"`, "g"))).toHaveLength(2);
    expect(text).toContain(link);
    expect(text).toContain("You agreed to receive Keelstone Insights by email");
    // The same layout either way: only the opening sentence tells how the address came.
    const rest = (body: string) => body.slice(body.indexOf("Confirm it by opening this link"));
    expect(rest(text)).toBe(rest(single.text));
  });

  test("a file without an email column, empty or too long is refused whole at the file field", async () => {
    for (const [csv, message] of [
      ["name,address\nAda,a@example.org\n", /one called "email"/],
      ["email\n", /no rows under its header/],
      [`email\n${"a@example.org\n".repeat(10_001)}`, /at most 10,000/],
    ] as const) {
      const reply = await importing(csv);
      expect(reply.status).toBe(400);
      expect(reply.data?.result?.error?.file?.[0]).toMatch(message);
    }
    expect(subscriberOf("a@example.org")).toBeUndefined();
  });

  test("a row that is not CSV is reported by its line, and the rows around it are imported", async () => {
    const reply = await importing(
      'email\nbefore-quote@example.org\nstray"quote@example.org\nafter-quote@example.org\n',
    );
    expect(reply.data?.report).toMatchObject({
      invited: 2,
      invalid: [{ line: 3, reason: "The row is not valid CSV (check its quotes)." }],
    });
    expect(subscriberOf("after-quote@example.org")).toMatchObject({ status: "pending" });
  });

  test("a file split on semicolons, with a byte-order mark, is read the same", async () => {
    const reply = await importing("\uFEFFemail;name\r\nsemi@example.org;Semi Colon\r\n");
    expect(reply.data?.report).toMatchObject({ invited: 1, invalid: [] });
    expect(subscriberOf("semi@example.org")).toMatchObject({ name: "Semi Colon" });
  });

  test("5,000 rows are imported in a few seconds, in one mailing", async () => {
    const lines = ["email,name"];
    for (let index = 0; index < 5_000; index += 1) {
      lines.push(`bulk-${index}@example.org,Reader ${index}`);
    }
    const started = performance.now();
    const reply = await importing(lines.join("\n"));
    const seconds = (performance.now() - started) / 1000;
    expect(reply.data?.report).toMatchObject({ invited: 5_000, invalid: [] });
    expect(seconds).toBeLessThan(5);
    const queued = one(
      "select count(*) as n, count(distinct mailing_id) as mailings from outbox where recipient like 'bulk-%'",
    );
    expect(queued).toEqual({ n: 5_000, mailings: 1 });
  });
});
