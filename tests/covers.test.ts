// Covers as the /media/covers route answers them from the media_files table of a real SQLite file
// (validators, byte ranges, HEAD, unknown addresses), the covers of earlier versions copied from
// the media folder at start, and the blog form's body limit.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { COVER_LIMITS, coverImageUrl, coverShareImageUrl } from "~/features/covers";
import { prepareCover, saveCoverFiles } from "~/features/covers/index.server";
import { insertCoverFile } from "~/features/covers/cover-storage.server";
import { insertPosts } from "~/features/insights/queries.server";
import { prepareInsightsAtStart } from "~/features/insights/index.server";
import { db } from "~/lib/db.server";
import { mediaRoot } from "~/lib/media-storage.server";
import { loader } from "~/routes/media.covers.$";
import { bodyLimitFor } from "~/lib/body-limits.server";
import { routeArgs } from "./support/actions";
import { captureLogLines } from "./support/logs";

/** What the route answers for a path under /media/covers/, as React Router hands it the rest. */
async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`http://localhost${url}`, { method, headers });
  const rest = url.slice("/media/covers/".length);
  return (await loader(routeArgs(request, { params: { "*": rest } }))) as Response;
}

const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

const storedBytes = (url: string) =>
  (
    db.$client
      .prepare("select bytes from media_files where path = ?")
      .get(url.slice("/media/".length)) as { bytes: Buffer }
  ).bytes;

let coverId = "";
// A file of random bytes, so that every slice of it is its own.
const RANGE_ID = "fedcba9876543210fedcba9876543210";
const rangeFile = crypto.randomBytes(300_000);
const rangeUrl = coverShareImageUrl(RANGE_ID);
const rangeTag = `"${crypto.createHash("sha256").update(rangeFile).digest("hex")}"`;

beforeAll(async () => {
  const jpeg = await sharp({
    create: { width: 1000, height: 600, channels: 3, background: "#2a6f97" },
  })
    .jpeg()
    .toBuffer();
  const prepared = await prepareCover(new File([new Uint8Array(jpeg)], "cover.jpg"));
  if (!prepared.ok) throw new Error(prepared.message);
  coverId = prepared.cover.id;
  db.transaction((tx) => {
    saveCoverFiles(tx, prepared);
    insertCoverFile(tx, RANGE_ID, { name: "share.jpg", bytes: rangeFile });
  });
});

describe("a cover's file", () => {
  test.each([
    [() => coverImageUrl(coverId, 960, "avif"), "image/avif"],
    [() => coverImageUrl(coverId, 480, "webp"), "image/webp"],
    [() => coverShareImageUrl(coverId), "image/jpeg"],
  ])("is served for a year, as itself, tagged by its hash", async (url, type) => {
    const response = await get(url());
    expect(response.status).toBe(200);
    const stored = storedBytes(url());
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": type,
      "content-length": String(stored.length),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${crypto.createHash("sha256").update(stored).digest("hex")}"`,
      "accept-ranges": "bytes",
    });
    expect(await bodyOf(response)).toEqual(stored);
  });

  test("HEAD answers the headers with no body", async () => {
    const response = await get(rangeUrl, {}, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(rangeFile.length));
    expect(response.headers.get("ETag")).toBe(rangeTag);
    expect(response.body).toBeNull();
  });

  test.each([
    ["its own tag", () => rangeTag],
    ["its tag, weak", () => `W/${rangeTag}`],
    ["a list naming it", () => `"other", ${rangeTag}`],
    ["any tag", () => "*"],
  ])("If-None-Match with %s is a 304 with no body", async (_label, tag) => {
    const response = await get(rangeUrl, { "If-None-Match": tag() });
    expect(response.status).toBe(304);
    expect(response.headers.get("ETag")).toBe(rangeTag);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.body).toBeNull();
  });

  test("If-None-Match with another tag gets the file", async () => {
    const response = await get(rangeUrl, { "If-None-Match": '"something-else"' });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual(rangeFile);
  });
});

describe("a range of a cover's file", () => {
  const size = rangeFile.length;
  test.each([
    ["the first bytes", "bytes=0-9", 0, 9],
    ["bytes from the middle", "bytes=1000-1999", 1000, 1999],
    ["the rest from an offset", "bytes=299990-", 299_990, size - 1],
    ["the last bytes", "bytes=-7", size - 7, size - 1],
    ["more last bytes than there are", `bytes=-${size + 50}`, 0, size - 1],
    ["an end past the end", `bytes=${size - 3}-${size + 1000}`, size - 3, size - 1],
    ["the last byte alone", `bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
  ])("%s (%s) is a 206 with exactly those bytes", async (_label, range, first, last) => {
    const response = await get(rangeUrl, { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes ${first}-${last}/${size}`);
    expect(response.headers.get("Content-Length")).toBe(String(last - first + 1));
    expect(response.headers.get("ETag")).toBe(rangeTag);
    expect(await bodyOf(response)).toEqual(rangeFile.subarray(first, last + 1));
  });

  test.each([
    ["starting at the end", `bytes=${300_000}-`],
    ["starting past the end", "bytes=400000-400010"],
    ["of no bytes at the end", "bytes=-0"],
  ])("%s is a 416 naming the file's size", async (_label, range) => {
    const response = await get(rangeUrl, { Range: range });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe(`bytes */${size}`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("");
  });

  test.each([
    ["several ranges", { Range: "bytes=0-1,5-9" }],
    ["a malformed range", { Range: "bytes=ten-twenty" }],
    ["a range that ends before it starts", { Range: "bytes=50-10" }],
    ["another unit", { Range: "items=0-1" }],
    ["If-Range naming another version", { Range: "bytes=0-9", "If-Range": '"old"' }],
    ["If-Range with a date", { Range: "bytes=0-9", "If-Range": "Thu, 26 Nov 2026 10:00:00 GMT" }],
  ])("%s gets the whole file", async (_label, headers) => {
    const response = await get(rangeUrl, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Range")).toBeNull();
    expect(await bodyOf(response)).toEqual(rangeFile);
  });

  test("If-Range naming this version gets the range", async () => {
    const response = await get(rangeUrl, { Range: "bytes=0-9", "If-Range": rangeTag });
    expect(response.status).toBe(206);
    expect(await bodyOf(response)).toEqual(rangeFile.subarray(0, 10));
  });

  test("a HEAD with a range answers its headers with no body", async () => {
    const response = await get(rangeUrl, { Range: "bytes=0-9" }, "HEAD");
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Length")).toBe("10");
    expect(response.body).toBeNull();
  });
});

test.each([
  ["a missing file", () => `/media/covers/${coverId}/2400.avif`],
  ["a missing cover", () => "/media/covers/0123456789abcdef0123456789abcdef/480.avif"],
  ["a cover's folder", () => `/media/covers/${coverId}/`],
  ["the covers' folder", () => "/media/covers/"],
  ["a way out of the folder", () => `/media/covers/../covers/${coverId}/480.avif`],
])("%s is a plain 404 that nobody keeps", async (_label, url) => {
  const response = await get(url());
  expect(response.status).toBe(404);
  expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(await response.text()).toBe("There is no such image.");
});

describe("covers stored as files by an earlier version", () => {
  const named = "00112233445566778899aabbccddeeff";
  const unnamed = "ffeeddccbbaa99887766554433221100";
  const coversFolder = path.join(mediaRoot, "covers");
  const files = {
    "480.avif": crypto.randomBytes(2000),
    "480.webp": crypto.randomBytes(3000),
    "share.jpg": crypto.randomBytes(4000),
  };

  function importAtStart() {
    const logs = captureLogLines();
    try {
      prepareInsightsAtStart();
    } finally {
      logs.restore();
    }
    return logs.lines
      .map((line) => JSON.parse(line) as { event: string })
      .filter((entry) => entry.event === "cover_files_imported");
  }

  test("are copied into the database at start, once, and served from there", async () => {
    for (const id of [named, unnamed]) {
      fs.mkdirSync(path.join(coversFolder, id), { recursive: true });
      for (const [name, bytes] of Object.entries(files)) {
        fs.writeFileSync(path.join(coversFolder, id, name), bytes);
      }
    }
    // Not a cover's file, and a cover still being written when the old version stopped.
    fs.writeFileSync(path.join(coversFolder, named, "notes.txt"), "not an image");
    fs.mkdirSync(path.join(coversFolder, ".uploads", named), { recursive: true });
    const [post] = insertPosts(db, [
      { title: "With an old cover", excerpt: "E", content: "<p>B</p>", author: "Dana" },
    ]);
    db.$client
      .prepare(
        "update blog_posts set cover_id = ?, cover_width = 480, cover_height = 300, cover_alt = 'Old' where id = ?",
      )
      .run(named, post!.id);
    expect((await get(coverImageUrl(named, 480, "webp"))).status).toBe(404);

    expect(importAtStart()).toEqual([
      expect.objectContaining({ covers: 1, files: 3, folder: coversFolder }),
    ]);
    for (const [name, bytes] of Object.entries(files)) {
      const response = await get(`/media/covers/${named}/${name}`);
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toEqual(bytes);
    }
    // A folder no post names was left by a cover already replaced: it stays out.
    expect((await get(coverShareImageUrl(unnamed))).status).toBe(404);
    expect((await get(`/media/covers/${named}/notes.txt`)).status).toBe(404);

    // Again: nothing more is copied, and a file changed on disk since does not replace the row.
    fs.writeFileSync(path.join(coversFolder, named, "share.jpg"), "changed");
    expect(importAtStart()).toEqual([]);
    expect(await bodyOf(await get(coverShareImageUrl(named)))).toEqual(files["share.jpg"]);
    // The files stay where they were.
    expect(fs.readdirSync(path.join(coversFolder, named)).sort()).toEqual([
      "480.avif",
      "480.webp",
      "notes.txt",
      "share.jpg",
    ]);
  });
});

test("the blog form's body limit takes a long post with the largest cover", () => {
  const post = 512 * 1024;
  expect(bodyLimitFor("/admin/blog")).toBeGreaterThanOrEqual(post + COVER_LIMITS.maxBytes);
});
