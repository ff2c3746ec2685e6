// The Privacy requests screen against a real SQLite file: every loader and action checks the
// session; any approved admin searches and exports; only an owner erases, after a question.
import { beforeAll, describe, expect, test } from "vitest";
import { insertUser } from "~/features/accounts/user-queries.server";
import { db } from "~/lib/db.server";
import { action, loader } from "~/routes/admin.privacy._index";
import { loader as exportLoader } from "~/routes/admin.privacy.export";
import { routeArgs } from "./support/actions";
import { signedIn, toastOf } from "./support/staff";

const PERSON = "Asked.About@Example.net";
let owner = "";
let admin = "";

async function cookieOf(email: string, isOwner: boolean) {
  const user = insertUser(db, {
    email,
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
  });
  if (isOwner) db.$client.prepare("update users set owner = 1 where id = ?").run(user.id);
  return signedIn(user);
}

beforeAll(async () => {
  owner = await cookieOf("privacy-owner@example.org", true);
  admin = await cookieOf("privacy-admin@example.org", false);
  db.$client
    .prepare("insert into contact_messages (full_name, email, phone, message) values (?, ?, ?, ?)")
    .run("Asked About", PERSON.toLowerCase(), null, "Hello");
});

const get = (path: string, cookie: string) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
const erase = (
  cookie: string,
  fields: Record<string, string> = { intent: "erase", email: PERSON },
) =>
  new Request("http://localhost/admin/privacy", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const held = () =>
  db.$client
    .prepare("select count(*) as n from contact_messages where lower(email) = ?")
    .get(PERSON.toLowerCase()) as { n: number };

type Page = {
  data: {
    found: { kind: string; records: unknown[] }[] | null;
    canErase: boolean;
    asking: boolean;
    error?: string;
  };
  init: { status?: number } | null;
};

describe("the session check", () => {
  test("without a session: the page and the export send to sign in, and the erase changes nothing", async () => {
    await expect(
      loader(routeArgs(get(`/admin/privacy?email=${PERSON}`, "")) as never),
    ).rejects.toMatchObject({ status: 302 });
    await expect(
      exportLoader(routeArgs(get(`/admin/privacy/export?email=${PERSON}`, "")) as never),
    ).rejects.toMatchObject({ status: 302 });
    await expect(action(routeArgs(erase("")) as never)).rejects.toMatchObject({
      init: { status: 401 },
    });
    expect(held().n).toBe(1);
  });
});

describe("search and export, for any admin", () => {
  test("an admin who is not an owner sees the records, without the erasure, and downloads the JSON", async () => {
    const page = (await loader(
      routeArgs(get(`/admin/privacy?email=${encodeURIComponent(PERSON)}`, admin)) as never,
    )) as unknown as Page;
    expect(page.data.canErase).toBe(false);
    expect(page.data.found?.find((kind) => kind.kind === "contact_messages")?.records).toHaveLength(
      1,
    );
    const asking = (await loader(
      routeArgs(
        get(`/admin/privacy?email=${encodeURIComponent(PERSON)}&erase=ask`, admin),
      ) as never,
    )) as unknown as Page;
    expect(asking.data.asking).toBe(false);

    const download = (await exportLoader(
      routeArgs(get(`/admin/privacy/export?email=${encodeURIComponent(PERSON)}`, admin)) as never,
    )) as Response;
    expect(download.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.headers.get("Cache-Control")).toContain("no-store");
    const document = await download.json();
    expect(document).toMatchObject({
      format: "keelstone/privacy-export/1",
      email: PERSON.toLowerCase(),
    });
    expect(document.records.contact_messages).toHaveLength(1);
  });

  test("a wrong address is said on the page with 400; the export refuses it with 400", async () => {
    const page = (await loader(
      routeArgs(get("/admin/privacy?email=not-an-address", admin)) as never,
    )) as unknown as Page;
    expect(page.init?.status).toBe(400);
    expect(page.data.error).toBe("Please enter a valid email address.");
    expect(page.data.found).toBeNull();
    await expect(
      exportLoader(routeArgs(get("/admin/privacy/export?email=nope", admin)) as never),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("the erasure, for owners only", () => {
  test("an admin who is not an owner is refused with 403 and nothing is erased", async () => {
    const answer = (await action(routeArgs(erase(admin)) as never)) as unknown as Page;
    expect(answer.init?.status).toBe(403);
    expect(held().n).toBe(1);
  });

  test("an owner is asked first, then erases and is told what went", async () => {
    const asking = (await loader(
      routeArgs(
        get(`/admin/privacy?email=${encodeURIComponent(PERSON)}&erase=ask`, owner),
      ) as never,
    )) as unknown as Page;
    expect(asking.data.asking).toBe(true);
    const bad = (await action(
      routeArgs(erase(owner, { intent: "erase", email: "x" })) as never,
    )) as unknown as Page;
    expect(bad.init?.status).toBe(400);
    const done = (await action(routeArgs(erase(owner)) as never)) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/admin/privacy?email=${encodeURIComponent(PERSON)}`);
    expect(await toastOf(done.headers)).toMatchObject({
      title: "Personal data erased",
      description: expect.stringContaining("contact messages: 1"),
    });
    expect(held().n).toBe(0);
  });
});
