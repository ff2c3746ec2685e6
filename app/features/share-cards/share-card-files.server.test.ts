import { describe, expect, test } from "vitest";
import { pageShareCards, type SharePageName } from "./page-cards";
import {
  SHARE_CARD_SIZE,
  fingerprint,
  pageShareCardPath,
  pageShareImages,
  parseShareCardFile,
  postShareCardPath,
  postShareImage,
} from "./share-card-files.server";

const postId = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";

describe("fingerprint", () => {
  // FNV-1a's published 32-bit values, so the browser and the server agree with any other FNV-1a.
  test.each([
    ["", 0x811c9dc5],
    ["a", 0xe40c292c],
    ["foobar", 0xbf9cf968],
    ["é", 0x1e9de8c1], // UTF-8 bytes, not UTF-16 code units
  ])("of %j is FNV-1a's %i in base 36, 7 characters", (text, hash) => {
    expect(fingerprint(text)).toBe(hash.toString(36).padStart(7, "0"));
  });
});

describe("page cards", () => {
  const pages = Object.keys(pageShareCards) as SharePageName[];

  test.each(pages)("%s has an address its parser reads back", (page) => {
    const path = pageShareCardPath(page);
    expect(path).toMatch(new RegExp(`^/share-cards/page-${page}-[0-9a-z]{7}\\.png$`));
    expect(parseShareCardFile(path.slice("/share-cards/".length))).toEqual({
      kind: "page",
      page,
      fingerprint: path.slice(-11, -4),
    });
  });

  test("each page's card has an address of its own", () => {
    expect(new Set(pages.map(pageShareCardPath)).size).toBe(pages.length);
  });

  test("a page's image is described with its size and its headline", () => {
    expect(pageShareImages().team).toEqual({
      url: pageShareCardPath("team"),
      width: 1200,
      height: 630,
      alt: "The Team Behind the Results",
    });
    expect(SHARE_CARD_SIZE).toEqual({ width: 1200, height: 630 });
  });
});

describe("post cards", () => {
  test("the address changes with the title, and only with it", () => {
    const first = postShareCardPath({ id: postId, title: "Hand-offs" });
    expect(first).toMatch(new RegExp(`^/share-cards/post-${postId}-[0-9a-z]{7}\\.png$`));
    expect(postShareCardPath({ id: postId, title: "Hand-offs" })).toBe(first);
    expect(postShareCardPath({ id: postId, title: "Hand-offs, again" })).not.toBe(first);
  });

  test("a post's image is described with its size and its title", () => {
    const post = { id: postId, title: "Hand-offs" };
    expect(postShareImage(post)).toEqual({
      url: postShareCardPath(post),
      width: 1200,
      height: 630,
      alt: "Hand-offs",
    });
  });

  test("the parser reads the post and fingerprint back", () => {
    const path = postShareCardPath({ id: postId, title: "Łódź: what a 200-character title holds" });
    expect(parseShareCardFile(path.slice("/share-cards/".length))).toEqual({
      kind: "post",
      postId,
      fingerprint: path.slice(-11, -4),
    });
  });
});

describe("parseShareCardFile", () => {
  test.each([
    ["an unknown page", "page-pricing-abcdefg.png"],
    ["a page by another case", "page-Home-abcdefg.png"],
    ["a short fingerprint", "page-home-abcdef.png"],
    ["a fingerprint in capitals", "page-home-ABCDEFG.png"],
    ["another type", "page-home-abcdefg.jpg"],
    ["a temporary file", "page-home-abcdefg.png.tmp"],
    ["no subject", "abcdefg.png"],
    ["a post id with a dot", "post-..-abcdefg.png"],
    ["a post id with a slash", "post-a/b-abcdefg.png"],
    ["a post id longer than 64 characters", `post-${"a".repeat(65)}-abcdefg.png`],
    ["an empty name", ""],
  ])("names no card for %s", (_, file) => {
    expect(parseShareCardFile(file)).toBeNull();
  });

  test.each([
    [
      "page-case-studies-0ztntfp.png",
      { kind: "page", page: "case-studies", fingerprint: "0ztntfp" },
    ],
    ["post-new-1r9wi7g.png", { kind: "post", postId: "new", fingerprint: "1r9wi7g" }],
  ])("reads %s", (file, expected) => {
    expect(parseShareCardFile(file)).toEqual(expected);
  });
});
