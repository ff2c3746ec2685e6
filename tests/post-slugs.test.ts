// Post addresses on a real SQLite file: the slug each save gives a post (from its title, typed,
// numbered past collisions, refused when taken), the 301s from the id and every earlier slug, and
// slugs for posts written without one.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { removePost, savePost } from "~/features/insights/index.server";
import { SLUG_MESSAGES } from "~/features/insights/post-editing.server";
import { assignMissingSlugs, findArticle } from "~/features/insights/post-addresses.server";
import { findPostForAdmin, insertPosts } from "~/features/insights/queries.server";
import { postFormSchema, type PostFormInput } from "~/features/insights/post-form";
import { siteConfig } from "~/lib/site-config.server";
import { loader as articleLoader } from "~/routes/insights.$slug";
import { STAFF, routeArgs } from "./support/actions";
import { postInput } from "./support/post-input";

const now = new Date("2026-11-25T12:00:00Z");

const input = (fields: Partial<PostFormInput> = {}) =>
  postInput({ title: "Lean hand-offs in practice", tags: [], ...fields });

async function saved(fields: Partial<PostFormInput> = {}) {
  const outcome = await savePost(input(fields), STAFF, { now });
  if (outcome.status !== "created" && outcome.status !== "updated") {
    throw new Error(JSON.stringify(outcome));
  }
  return outcome;
}

const postCount = () =>
  (db.$client.prepare("select count(*) as n from blog_posts").get() as { n: number }).n;

beforeEach(() => {
  db.$client.exec("delete from blog_posts");
});

describe("the slug a save gives a post", () => {
  test("is made from the title, numbered when another post has it", async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await saved({ title: "Café: Plan & Execute!" })).slug);
    expect(slugs).toEqual([
      "cafe-plan-and-execute",
      "cafe-plan-and-execute-2",
      "cafe-plan-and-execute-3",
    ]);
  });

  test("a title with nothing to make a slug from gives 'post', numbered", async () => {
    expect((await saved({ title: "業務効率" })).slug).toBe("post");
    expect((await saved({ title: "!!!" })).slug).toBe("post-2");
  });

  test("the form makes what the admin typed a slug, and refuses one with no letters", () => {
    const parse = (slug: string) => {
      const formData = new FormData();
      for (const [name, value] of Object.entries({
        title: "T",
        author: "Marcus Oyelaran",
        excerpt: "E",
        content: "<p>C</p>",
        publishedDate: "2026-11-20T09:30",
        slug,
      })) {
        formData.set(name, value);
      }
      return parseWithZod(formData, { schema: postFormSchema(siteConfig.timeZone) });
    };
    const typed = parse("  My Custom Slug!  ");
    expect(typed.status === "success" && typed.value.slug).toBe("my-custom-slug");
    const empty = parse("");
    expect(empty.status === "success" && empty.value.slug).toBe("");
    expect(parse("!!!").reply().error).toEqual({
      slug: ["Please use letters or digits in the slug."],
    });
  });

  test("a typed slug another post has is refused with a clear message, and nothing is written", async () => {
    await saved({ title: "First", slug: "lean-ops" });
    const before = postCount();
    const outcome = await savePost(input({ title: "Second", slug: "lean-ops" }), STAFF, { now });
    expect(outcome).toEqual({ status: "refused", field: "slug", message: SLUG_MESSAGES.taken });
    expect(postCount()).toBe(before);
  });

  test("a typed slug shaped like a post id is refused", async () => {
    const outcome = await savePost(input({ slug: "3f1c0d2e-8b7a-4c3d-9e2f-1a2b3c4d5e6f" }), STAFF, {
      now,
    });
    expect(outcome).toEqual({ status: "refused", field: "slug", message: SLUG_MESSAGES.reserved });
    expect(postCount()).toBe(0);
  });

  test.each(["subscribe", "unsubscribe"])(
    "a typed slug %s, the address of the site's own page, is refused; a title of that name is numbered",
    async (slug) => {
      const outcome = await savePost(input({ slug }), STAFF, { now });
      expect(outcome).toEqual({
        status: "refused",
        field: "slug",
        message: SLUG_MESSAGES["site-page"],
      });
      expect(postCount()).toBe(0);
      expect((await saved({ title: slug })).slug).toBe(`${slug}-2`);
    },
  );

  test("an edit keeps the post's slug when the field still holds it, and is not a collision", async () => {
    const { id, slug } = await saved({ title: "Original title" });
    const edited = await saved({ id, title: "A new title", slug });
    expect(edited.slug).toBe("original-title");
  });

  test("two posts never end with the same slug, even when saved at once", async () => {
    // Every save waits on the network (a slow link preview) before its write, so all of them are
    // under way together and their writes interleave with each other's waits.
    const slowPage = http.createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { "Content-Type": "text/html" });
        response.end("<title>Slow page</title>");
      }, 50);
    });
    await new Promise<void>((resolve) => slowPage.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(slowPage.address() as AddressInfo).port}`;
    const port = Number(new URL(origin).port);
    const previewOptions = { ports: [port], testHosts: [`127.0.0.1:${port}`] };
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          savePost(input({ title: "Same title", previewLink: `${origin}/page-${i}` }), STAFF, {
            now,
            previewOptions,
          }),
        ),
      );
      const slugs = outcomes.map((outcome) => ("slug" in outcome ? outcome.slug : outcome.status));
      expect(new Set(slugs).size).toBe(12);
      expect(slugs).toContain("same-title");
      expect(slugs).toContain("same-title-12");
    } finally {
      await new Promise((resolve) => slowPage.close(resolve));
    }
  });

  test("the database itself refuses a second post with a slug, whoever writes it", async () => {
    await saved({ slug: "taken" });
    expect(() =>
      db.$client
        .prepare(
          "insert into blog_posts (id, title, excerpt, content, author, slug) values ('x', 't', 'e', 'c', 'a', 'taken')",
        )
        .run(),
    ).toThrow(/UNIQUE constraint failed: blog_posts.slug/);
  });
});

describe("addresses", () => {
  test("the slug shows the post; the id and every earlier slug lead to the current one", async () => {
    const { id } = await saved({ title: "Lean hand-offs" });
    await saved({ id, title: "Lean hand-offs", slug: "second-name" });
    await saved({ id, title: "Lean hand-offs", slug: "third-name" });
    expect(findArticle(db, "third-name", now)).toMatchObject({ post: { id } });
    for (const address of [id, "lean-hand-offs", "second-name"]) {
      expect(findArticle(db, address, now)).toEqual({ movedTo: "/insights/third-name" });
    }
    expect(findArticle(db, "no-such-post", now)).toBeNull();
  });

  test("renamed back, a slug stops redirecting and the one it left starts", async () => {
    const { id } = await saved({ title: "Alpha" });
    await saved({ id, title: "Alpha", slug: "beta" });
    await saved({ id, title: "Alpha", slug: "alpha" });
    expect(findArticle(db, "alpha", now)).toMatchObject({ post: { id } });
    expect(findArticle(db, "beta", now)).toEqual({ movedTo: "/insights/alpha" });
  });

  test("a post may take another's old slug when typed (the link then shows it); a title's slug goes round it", async () => {
    const first = await saved({ title: "Pricing" });
    await saved({ id: first.id, title: "Pricing", slug: "pricing-2026" });
    const generated = await saved({ title: "Pricing" });
    expect(generated.slug).toBe("pricing-2");
    expect(findArticle(db, "pricing", now)).toEqual({ movedTo: "/insights/pricing-2026" });
    const typed = await saved({ title: "Another", slug: "pricing" });
    expect(findArticle(db, "pricing", now)).toMatchObject({ post: { id: typed.id } });
  });

  test("drafts and scheduled posts have no public address, by slug, id or old slug", async () => {
    const draft = await saved({ title: "Draft", published: false });
    const scheduled = await saved({
      title: "Later",
      publishedDate: new Date("2027-01-01T00:00:00Z"),
    });
    for (const address of [draft.slug, draft.id, scheduled.slug, scheduled.id]) {
      expect(findArticle(db, address, now)).toBeNull();
    }
  });

  test("deleting a post frees its slugs", async () => {
    const { id } = await saved({ title: "Gone soon" });
    await saved({ id, title: "Gone soon", slug: "renamed" });
    expect(await removePost(id, STAFF)).toBe(true);
    expect(findArticle(db, "gone-soon", now)).toBeNull();
    expect(db.$client.prepare("select count(*) as n from blog_post_old_slugs").get()).toEqual({
      n: 0,
    });
    expect((await saved({ title: "Gone soon" })).slug).toBe("gone-soon");
  });

  test("the article route answers 301 to the current address, and 404 for no post", async () => {
    const { id } = await saved({ title: "Moving post" });
    await saved({ id, title: "Moving post", slug: "moved-post" });
    const load = (address: string) =>
      articleLoader(
        routeArgs(new Request(`http://localhost/insights/${address}`), {
          params: { slug: address },
        }),
      );
    for (const address of [id, "moving-post"]) {
      const response = await load(address);
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(301);
      expect((response as Response).headers.get("Location")).toBe("/insights/moved-post");
    }
    const found = (await load("moved-post")) as {
      init: ResponseInit | null;
      data: { state: string };
    };
    expect(found.data.state).toBe("ok");
    const missing = (await load("never-was")) as { init: ResponseInit | null };
    expect(missing.init?.status).toBe(404);
  });
});

describe("posts written without a slug", () => {
  const raw = (id: string, title: string) => ({
    id,
    title,
    excerpt: "E",
    content: "<p>C</p>",
    author: "Dana Whitfield",
    publishedDate: new Date("2026-11-01T00:00:00Z"),
  });

  beforeAll(() => db.$client.exec("delete from blog_posts"));
  afterAll(() => db.$client.exec("delete from blog_posts"));

  test("live at their id until they are given their title's slug, numbered past collisions", async () => {
    insertPosts(db, [raw("a1", "Über Ops"), raw("a2", "Über Ops"), raw("a3", "Plain")]);
    expect(findArticle(db, "a1", now)).toMatchObject({ post: { id: "a1" } });
    expect(assignMissingSlugs(db)).toBe(3);
    expect(findPostForAdmin(db, "a1")?.slug).toBe("uber-ops");
    expect(findPostForAdmin(db, "a2")?.slug).toBe("uber-ops-2");
    expect(findPostForAdmin(db, "a3")?.slug).toBe("plain");
    expect(findArticle(db, "a2", now)).toEqual({ movedTo: "/insights/uber-ops-2" });
    expect(assignMissingSlugs(db)).toBe(0);
  });
});
