import { describe, expect, test } from "vitest";
import { readTimeFor, wordCount } from "./read-time";

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
    [0, "1 min read"],
    [1, "1 min read"],
    [200, "1 min read"],
    [201, "2 min read"],
    [1000, "5 min read"],
    [2401, "13 min read"],
  ])("%i words read in %s", (count, expected) => {
    expect(readTimeFor(`<p>${words(count)}</p>`)).toBe(expected);
  });
});
