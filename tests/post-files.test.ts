// The files a post owns, followed through savePost and removePost on a real SQLite file and a real
// media folder: a cover's files are stored with the post, a replaced or removed cover's files go,
// a refused save leaves none of the files it made, and a new title drops the post's cached share
// cards.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { mediaRoot } from "~/lib/media-storage.server";
import { removePost, savePost } from "~/features/insights/index.server";
import { STAFF } from "./support/actions";
import { findPostForAdmin } from "~/features/insights/queries.server";
import type { PostFormInput } from "~/features/insights/post-form";
import {
  parseShareCardFile,
  postShareCard,
  postShareCardPath,
  shareCardResponse,
} from "~/features/share-cards/index.server";
import { postInput } from "./support/post-input";

/** The covers whose files are stored (media_files). */
const storedCovers = () =>
  db.$client.prepare("select distinct cover_id from media_files").pluck().all() as string[];

async function photo(name: string, width = 900, height = 600) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } },
  })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

async function saved(fields: Partial<PostFormInput>) {
  const outcome = await savePost(postInput(fields), STAFF);
  if (outcome.status !== "created" && outcome.status !== "updated") {
    throw new Error(JSON.stringify(outcome));
  }
  return outcome;
}

const coverIdOf = (id: string) => findPostForAdmin(db, id)?.cover?.id;

beforeEach(() => {
  db.$client.exec("delete from blog_posts; delete from media_files");
  fs.rmSync(mediaRoot, { recursive: true, force: true });
});

describe("a post's cover files", () => {
  test("are stored with the post, replaced files go, and a removed cover leaves none", async () => {
    const { id } = await saved({ cover: await photo("first.jpg"), coverAlt: "First" });
    const first = coverIdOf(id);
    expect(storedCovers()).toEqual([first]);

    await saved({ id, cover: await photo("second.jpg"), coverAlt: "Second" });
    const second = coverIdOf(id);
    expect(second).not.toBe(first);
    expect(storedCovers()).toEqual([second]);

    // An edit that sends no file keeps the cover.
    await saved({ id, coverAlt: "Second, described again" });
    expect(findPostForAdmin(db, id)?.cover).toMatchObject({
      id: second,
      alt: "Second, described again",
    });

    await saved({ id, removeCover: true });
    expect(findPostForAdmin(db, id)?.cover).toBeNull();
    expect(storedCovers()).toEqual([]);
  });

  test("go with the post when it is deleted", async () => {
    const { id } = await saved({ cover: await photo("gone.jpg"), coverAlt: "Gone" });
    expect(storedCovers()).toHaveLength(1);
    expect(await removePost(id, STAFF)).toBe(true);
    expect(storedCovers()).toEqual([]);
  });

  test("a save refused for its slug keeps none of the cover it stored", async () => {
    await saved({ title: "Owner", slug: "taken" });
    const outcome = await savePost(
      postInput({
        title: "Other",
        slug: "taken",
        cover: await photo("late.jpg"),
        coverAlt: "Late",
      }),
      STAFF,
    );
    expect(outcome).toMatchObject({ status: "refused", field: "slug" });
    expect(storedCovers()).toEqual([]);
  });

  test("a cover needs its description, asked before anything is stored", async () => {
    const outcome = await savePost(postInput({ cover: await photo("mute.jpg") }), STAFF);
    expect(outcome).toEqual({
      status: "refused",
      field: "coverAlt",
      message: "Please describe the cover image for people who cannot see it.",
    });
    expect(storedCovers()).toEqual([]);
    const { id } = await saved({ cover: await photo("kept.jpg"), coverAlt: "Kept" });
    // Keeping the cover while clearing its description is refused too.
    expect(await savePost(postInput({ id, coverAlt: "" }), STAFF)).toMatchObject({
      status: "refused",
      field: "coverAlt",
    });
    expect(findPostForAdmin(db, id)?.cover?.alt).toBe("Kept");
  });

  test("a file that is not an image is refused at the cover, and nothing is written", async () => {
    const outcome = await savePost(
      postInput({
        cover: new File(["plain text"], "photo.jpg", { type: "image/jpeg" }),
        coverAlt: "Not a photo",
      }),
      STAFF,
    );
    expect(outcome).toEqual({
      status: "refused",
      field: "cover",
      message: "Please choose a JPEG, PNG, WebP or AVIF image.",
    });
    expect(storedCovers()).toEqual([]);
    expect(db.$client.prepare("select count(*) as n from blog_posts").get()).toEqual({ n: 0 });
  });
});

describe("a post's share cards", () => {
  const cardFolder = (id: string) => path.join(mediaRoot, "share-cards", `post-${id}`);

  async function drawCard(post: { id: string; title: string }) {
    const file = parseShareCardFile(path.basename(postShareCardPath(post)));
    if (!file) throw new Error("unparsable card name");
    const response = await shareCardResponse(file, postShareCard(post), "Keelstone Operations");
    expect(response?.status).toBe(200);
  }

  test("are dropped when its title changes, kept when it does not", async () => {
    const title = "Cards follow titles";
    const { id } = await saved({ title });
    await drawCard({ id, title });
    expect(fs.readdirSync(cardFolder(id))).toHaveLength(1);

    await saved({ id, title, excerpt: "Only the excerpt changed." });
    expect(fs.readdirSync(cardFolder(id))).toHaveLength(1);

    await saved({ id, title: "Cards follow new titles" });
    expect(fs.existsSync(cardFolder(id))).toBe(false);
  });

  test("are dropped when it is deleted", async () => {
    const { id } = await saved({ title: "Short-lived" });
    await drawCard({ id, title: "Short-lived" });
    await removePost(id, STAFF);
    expect(fs.existsSync(cardFolder(id))).toBe(false);
  });
});
