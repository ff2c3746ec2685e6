// What the page cache is told, on the app's side: each write to a post names the pages that showed
// or now show it; a write made by another connection is noticed; the next scheduled post is known.
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { changedElsewhere, onPublicContentChange } from "~/lib/content-changes.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { nextScheduledPublication, removePost, savePost } from "~/features/insights/index.server";
import { STAFF } from "./support/actions";
import type { PostFormInput } from "~/features/insights/post-form";
import { postInput } from "./support/post-input";

const announced: string[][] = [];
let stopListening: () => void = () => {};
beforeEach(() => {
  db.$client.exec("delete from blog_posts");
  announced.length = 0;
  stopListening = onPublicContentChange((tags) => announced.push([...tags]));
});
afterEach(() => stopListening());

const post = postInput;

async function created(fields: Partial<PostFormInput> = {}) {
  const outcome = await savePost(post(fields), STAFF);
  if (outcome.status !== "created") throw new Error(outcome.status);
  return outcome.id;
}

describe("a write to a post names every page it changes", () => {
  test("creating: the lists, the article and each of its tags' pages", async () => {
    const id = await created();
    expect(announced).toEqual([["posts", `post:${id}`, "tag:Operations", "tag:Cash%20flow"]]);
  });

  test("editing: the pages of the tags it had and of those it has now", async () => {
    const id = await created();
    announced.length = 0;
    await savePost(post({ id, tags: ["Operations", "Hiring & onboarding"] }), STAFF);
    expect(announced).toEqual([
      ["posts", `post:${id}`, "tag:Operations", "tag:Cash%20flow", "tag:Hiring%20%26%20onboarding"],
    ]);
  });

  test("deleting: the same pages, once the post is gone; nothing for a post that was not there", async () => {
    const id = await created();
    announced.length = 0;
    expect(await removePost(id, STAFF)).toBe(true);
    expect(announced).toEqual([["posts", `post:${id}`, "tag:Operations", "tag:Cash%20flow"]]);
    expect(await removePost(id, STAFF)).toBe(false);
    expect(announced).toHaveLength(1);
  });

  test("a save that fails announces nothing", async () => {
    await savePost(post({ id: "no-such-post" }), STAFF);
    expect(announced).toEqual([]);
  });
});

describe("a write made elsewhere", () => {
  test("is noticed once; this process's own writes are not", async () => {
    changedElsewhere();
    await created();
    expect(changedElsewhere()).toBe(false);
    const other = new Database(env.DATABASE_PATH);
    try {
      other.prepare("update blog_posts set title = 'Changed by another process'").run();
    } finally {
      other.close();
    }
    expect(changedElsewhere()).toBe(true);
    expect(changedElsewhere()).toBe(false);
  });
});

describe("the next scheduled post", () => {
  test("is the earliest published post still to come; drafts and past posts do not count", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    await created({ publishedDate: new Date("2026-11-24T12:00:00Z") });
    await created({ publishedDate: new Date("2026-11-26T08:00:00Z"), published: false });
    expect(nextScheduledPublication(db, now)).toBeNull();
    await created({ publishedDate: new Date("2026-12-01T09:00:00Z") });
    await created({ publishedDate: new Date("2026-11-27T09:00:00Z") });
    expect(nextScheduledPublication(db, now)).toEqual(new Date("2026-11-27T09:00:00Z"));
  });
});
