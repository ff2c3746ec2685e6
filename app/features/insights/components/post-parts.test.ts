import { describe, expect, test } from "vitest";
import { bylineParts } from "./post-parts";

const published = new Date("2026-11-21T09:30:00Z");
const date = { text: "November 21, 2026", dateTime: "2026-11-21T09:30:00.000Z" };

describe("bylineParts", () => {
  test.each([
    [
      "author, date and read time",
      { author: "Dana Whitfield", publishedDate: published, readTime: "4 min read" },
      ["Dana Whitfield", date, "4 min read"],
    ],
    [
      "no read time",
      { author: "Dana Whitfield", publishedDate: published, readTime: "" },
      ["Dana Whitfield", date],
    ],
    [
      "a blank read time",
      { author: "Dana Whitfield", publishedDate: published, readTime: "   " },
      ["Dana Whitfield", date],
    ],
    [
      "no date",
      { author: "Dana Whitfield", publishedDate: null, readTime: "4 min read" },
      ["Dana Whitfield", "4 min read"],
    ],
    ["the author alone", { author: "Dana Whitfield" }, ["Dana Whitfield"]],
    [
      "no author",
      { author: "", publishedDate: published, readTime: "4 min read" },
      [date, "4 min read"],
    ],
    ["nothing at all", { author: " ", publishedDate: null, readTime: null }, []],
    [
      "padded text, trimmed",
      { author: "  Dana Whitfield ", publishedDate: null, readTime: " 4 min read  " },
      ["Dana Whitfield", "4 min read"],
    ],
    [
      "one link preview",
      { author: "Dana Whitfield", readTime: "4 min read", linkPreviewCount: 1 },
      ["Dana Whitfield", "4 min read", "1 link preview"],
    ],
    [
      "no link previews, counted",
      { author: "Dana Whitfield", linkPreviewCount: 0 },
      ["Dana Whitfield", "0 link previews"],
    ],
  ] as const)("%s", (_label, post, expected) => {
    const parts = bylineParts(post, "America/Denver").map(({ text, dateTime }) =>
      dateTime ? { text, dateTime } : text,
    );
    expect(parts).toEqual(expected);
  });

  test("the date is the day in the firm's zone: Denver's evening is already tomorrow in UTC", () => {
    const evening = new Date("2026-11-22T03:00:00Z");
    const dates = (zone: string) =>
      bylineParts({ author: "", publishedDate: evening }, zone).map(({ text }) => text);
    expect(dates("America/Denver")).toEqual(["November 21, 2026"]);
    expect(dates("UTC")).toEqual(["November 22, 2026"]);
  });

  test("every part has its own key, so React can tell them apart", () => {
    const keys = bylineParts(
      {
        author: "Dana Whitfield",
        publishedDate: published,
        readTime: "4 min read",
        linkPreviewCount: 2,
      },
      "America/Denver",
    ).map((part) => part.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
