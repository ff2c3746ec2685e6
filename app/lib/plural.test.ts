import { expect, test } from "vitest";
import { countOf } from "./plural";

test.each([
  [0, "0 points"],
  [1, "1 point"],
  [2, "2 points"],
  [25, "25 points"],
])("%i reads %s", (count, words) => {
  expect(countOf(count, "point")).toBe(words);
});

test("an irregular plural is given", () => {
  expect(countOf(1, "entry", "entries")).toBe("1 entry");
  expect(countOf(3, "entry", "entries")).toBe("3 entries");
});
