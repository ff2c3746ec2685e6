// The post form's dates, notices and list on a real SQLite file, through the route as the browser
// posts to it: a published date is a wall time on the firm's clock (America/Denver here) stored as
// the instant it names, across both daylight-saving changes; the saved notice says where the post
// is; the list is searched and filtered by GET parameters that its pages keep.
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { insertPosts, type NewPost } from "~/features/insights/queries.server";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { action, loader } from "~/routes/admin.blog";
import { callAction, routeArgs } from "./support/actions";
import { form, signedIn, staffAccounts, toastOf } from "./support/staff";

let cookie = "";

beforeAll(async () => {
  const staff = await staffAccounts("a long enough passphrase", {
    at: new Date("2026-11-01T00:00:00Z"),
  });
  cookie = await signedIn(staff({ email: "scheduler@example.org" }));
});

beforeEach(() => {
  db.$client.exec("delete from blog_posts");
});

test("the site's zone in these tests is the default, America/Denver", () => {
  expect(siteConfig.timeZone).toBe("America/Denver");
});

const fields = {
  intent: "save",
  title: "Closing the month in five days",
  author: "Marcus Oyelaran",
  excerpt: "What a fast close needs from operations.",
  content: "<p>Reconcile as you go.</p>",
  published: "on",
};

async function save(extra: Record<string, string>) {
  const answer = await callAction(
    action,
    form("http://localhost/admin/blog", { ...fields, ...extra }, cookie),
  );
  const toast = await toastOf(answer.headers);
  const stored = db.$client
    .prepare("select id, slug, published_date, meta_title from blog_posts")
    .get() as { id: string; slug: string; published_date: number; meta_title: string | null };
  return { status: answer.status, toast, stored };
}

describe("the published date, entered on the firm's clock and stored as UTC", () => {
  test.each([
    ["a winter morning (MST, UTC-7)", "2026-11-30T09:00", "2026-11-30T16:00:00.000Z"],
    ["a summer morning (MDT, UTC-6)", "2027-07-01T09:00", "2027-07-01T15:00:00.000Z"],
    // 2027-03-14: the clocks jump from 02:00 to 03:00, so 02:30 never happens; it is read as
    // clocks read it, an hour on: 03:30 MDT.
    ["a time the spring change skips", "2027-03-14T02:30", "2027-03-14T09:30:00.000Z"],
    // 2027-11-07: 01:00-02:00 happens twice; the first, still MDT, is the one taken.
    ["a time the autumn change repeats", "2027-11-07T01:30", "2027-11-07T07:30:00.000Z"],
  ])("%s: %s in America/Denver is %s", async (_, wall, instant) => {
    const { status, stored } = await save({ publishedDate: wall });
    expect(status).toBe(303);
    expect(new Date(stored.published_date).toISOString()).toBe(instant);
  });

  test("the edit form opens on the same wall time, not the UTC one", async () => {
    const { stored } = await save({ publishedDate: "2027-03-14T02:30" });
    const request = new Request(`http://localhost/admin/blog?edit=${stored.id}`, {
      headers: { Cookie: cookie },
    });
    const answer = (await loader(routeArgs(request))) as {
      data: { editing: { publishedDate: Date } };
    };
    expect(answer.data.editing.publishedDate.toISOString()).toBe("2027-03-14T09:30:00.000Z");
  });
});

describe("the saved notice says where the post is", () => {
  const now = Date.now();
  const past = "2026-01-15T09:00";

  test("a post on the site links to its page: View post", async () => {
    const { toast, stored } = await save({ publishedDate: past });
    expect(toast).toMatchObject({
      description: "Blog post created successfully",
      link: { href: `/insights/${stored.slug}`, label: "View post" },
    });
  });

  test("a scheduled post says when it goes out, in the firm's zone, and links to its form", async () => {
    expect(Date.parse("2030-11-30T16:00:00Z")).toBeGreaterThan(now);
    const { toast, stored } = await save({ publishedDate: "2030-11-30T09:00" });
    expect(toast?.description).toBe(
      `Blog post created successfully. Scheduled for Nov 30, 2030, 09:00 MST: its page, /insights/${stored.slug}, opens then.`,
    );
    expect(toast?.link).toEqual({ href: `/admin/blog?edit=${stored.id}`, label: "Edit post" });
  });

  test("a draft says why it has no public link", async () => {
    const { toast } = await save({ publishedDate: past, published: "" });
    expect(toast?.description).toBe(
      "Blog post created successfully. It is a draft, so it has no public page until it is published.",
    );
    expect(toast?.link?.label).toBe("Edit post");
  });

  test("a meta title typed with the brand suffix is stored without it, so pages show it once", async () => {
    const { stored } = await save({
      publishedDate: past,
      metaTitle: "Closing fast | Keelstone Operations",
    });
    expect(stored.meta_title).toBe("Closing fast");
  });
});

describe("the post list, searched and filtered by GET parameters", () => {
  const day = 24 * 60 * 60 * 1000;
  const base = (title: string, offsetDays: number, published = true): NewPost => {
    const date = new Date(Date.now() + offsetDays * day);
    return {
      title,
      excerpt: "Excerpt",
      content: "<p>Body</p>",
      author: "Dana Whitfield",
      tags: [],
      published,
      publishedDate: date,
      createdAt: date,
      updatedAt: date,
    };
  };

  beforeEach(() => {
    insertPosts(db, [
      base("Inventory on the dock", -3),
      base("Inventory counts that agree", 5),
      base("Inventory draft notes", -1, false),
      base("A 100% on-time_rate", -2),
      ...Array.from({ length: 30 }, (_, index) =>
        base(`Quarterly review ${index + 1}`, -10 - index),
      ),
    ]);
  });

  type ListData = {
    posts: { title: string; scheduled: boolean; published: boolean }[];
    total: number;
    page: number;
    filters: { search: string | null; status: string | null };
  };
  async function list(query: string) {
    const request = new Request(`http://localhost/admin/blog${query}`, {
      headers: { Cookie: cookie },
    });
    return ((await loader(routeArgs(request))) as { data: ListData }).data;
  }
  const titles = (data: ListData) => data.posts.map((post) => post.title).sort();

  test.each([
    ["?status=scheduled", ["Inventory counts that agree"]],
    ["?status=draft", ["Inventory draft notes"]],
    ["?q=inventory&status=published", ["Inventory on the dock"]],
    [
      "?q=INVENTORY",
      ["Inventory counts that agree", "Inventory draft notes", "Inventory on the dock"],
    ],
    // % and _ are the text typed, not LIKE's wildcards.
    ["?q=100%25", ["A 100% on-time_rate"]],
    ["?q=n_t", []],
  ])("%s lists %j", async (query, expected) => {
    const data = await list(query);
    expect(titles(data)).toEqual(expected);
    expect(data.total).toBe(expected.length);
  });

  test("a status the list does not know, or empty fields as a GET form sends them, filter nothing", async () => {
    const everything = await list("");
    expect(everything.total).toBe(34);
    for (const query of ["?status=archived", "?q=&status=", "?q=%20%20"]) {
      const data = await list(query);
      expect(data.total, query).toBe(34);
      expect(data.filters).toEqual({ search: null, status: null });
    }
  });

  test("the pages of a filtered list count and hold only its posts", async () => {
    const first = await list("?q=quarterly&status=published");
    expect(first.total).toBe(30);
    expect(first.posts).toHaveLength(25);
    const second = await list("?q=quarterly&status=published&page=2");
    expect(second.posts).toHaveLength(5);
    expect(second.posts.every((post) => post.title.startsWith("Quarterly review"))).toBe(true);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(30);
  });
});
