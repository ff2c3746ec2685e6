import { describe, expect, test } from "vitest";
import { chosenReadTime, readTimeFor, wordCount } from "./read-time";

const words = (count: number) =>
  Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe("wordCount", () => {
  test.each([
    ["", 0],
    ["<p></p>", 0],
    ["<p>one</p><p>two</p>", 2],
    ["<p>one<br>two</p>", 2],
    ["<h1>Title</h1><ul><li>first item</li><li>second</li></ul><hr>", 4],
    ["<p>Costs &amp; benefits</p>", 3],
    ["<p>— – ... !</p>", 0],
    ["<p><strong>bold</strong> and <em>italic</em></p>", 3],
  ])("%j has %i words", (html, expected) => {
    expect(wordCount(html)).toBe(expected);
  });
});

describe("readTimeFor", () => {
  test.each([
    // The spec's default only while there is nothing to count.
    [0, "5 min read"],
    [1, "1 min read"],
    [200, "1 min read"],
    [201, "2 min read"],
    [1000, "5 min read"],
    [2401, "13 min read"],
  ])("%i words read in %s", (count, expected) => {
    expect(readTimeFor(`<p>${words(count)}</p>`)).toBe(expected);
  });
});

describe("readTimeFor a body as staff write it", () => {
  test.each([
    ["an empty editor", "5 min read", ""],
    ["markup without words", "5 min read", "<p></p><hr>"],
    ["one line", "1 min read", "<p>Every hand-off is a queue.</p>"],
    [
      "a heading and a list",
      "1 min read",
      "<h2>Costs</h2><ul><li>rework</li><li>waiting</li></ul>",
    ],
    ["1,000 words over paragraphs", "5 min read", `<p>${words(400)}</p><p>${words(600)}</p>`],
  ])("%s reads in %s", (_label, expected, html) => {
    expect(readTimeFor(html)).toBe(expected);
  });
});

describe("chosenReadTime", () => {
  const oneLine = "<p>Every hand-off is a queue.</p>";
  test.each([
    ["nothing typed", undefined, { readTime: "1 min read", readTimeByStaff: false }],
    ["an empty field", "", { readTime: "1 min read", readTimeByStaff: false }],
    ["a staff value", "12 min read", { readTime: "12 min read", readTimeByStaff: true }],
    ["the spec's default, typed", "5 min read", { readTime: "5 min read", readTimeByStaff: true }],
  ])("%s gives %o", (_label, typed, expected) => {
    expect(chosenReadTime(oneLine, typed)).toEqual(expected);
  });
});
