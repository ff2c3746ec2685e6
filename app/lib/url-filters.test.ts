import { describe, expect, test } from "vitest";
import { periodDaysFrom } from "./periods";
import {
  dateOrderFrom,
  dateRangeFrom,
  filterFrom,
  oneOf,
  pageFrom,
  wholeNumber,
  type FilterReader,
} from "./url-filters";

const search = (query: string) => new URLSearchParams(query);

describe("filterFrom", () => {
  const readers: Record<string, FilterReader<unknown>> = {
    wholeNumber,
    "oneOf(a, b)": oneOf(["a", "b"]),
  };

  // What a GET form sends for an untouched field, and its near relations: none is a filter, and
  // none reaches the reader.
  test.each(["", "y=1", "x=", "x=%20", "x=%20%20%09", "x=+"])(
    "?%s is no filter, for every reader",
    (query) => {
      for (const [name, read] of Object.entries(readers)) {
        let called = false;
        const spy: FilterReader<unknown> = (value) => ((called = true), read(value));
        expect(filterFrom(search(query), "x", spy), name).toBeNull();
        expect(called, name).toBe(false);
      }
    },
  );

  test.each([
    ["x=0", 0],
    ["x=7", 7],
    ["x=%207%20", 7],
    ["x=007", 7],
    ["x=123456789", 123456789],
    ["x=1234567890", null],
    ["x=-1", null],
    ["x=1.5", null],
    ["x=1e3", null],
    ["x=0x10", null],
    ["x=Infinity", null],
    ["x=seven", null],
    ["x=7&x=8", 7],
  ])("wholeNumber reads ?%s as %s", (query, expected) => {
    expect(filterFrom(search(query), "x", wholeNumber)).toBe(expected);
  });

  test.each([
    ["x=a", "a"],
    ["x=b", "b"],
    ["x=A", null],
    ["x=ab", null],
    ["x=constructor", null],
    ["x=toString", null],
  ])("oneOf reads ?%s as %s", (query, expected) => {
    expect(filterFrom(search(query), "x", oneOf(["a", "b"]))).toBe(expected);
  });
});

describe("the lists' own filters", () => {
  const day = (value: string) => new Date(`${value}T00:00:00Z`);

  test.each([
    ["", { from: null, until: null }],
    ["from=&to=", { from: null, until: null }],
    ["from=2026-11-01&to=", { from: day("2026-11-01"), until: null }],
    ["from=&to=2026-11-30", { from: null, until: day("2026-12-01") }],
    ["from=2026-02-31&to=2026-13-01", { from: null, until: null }],
    ["from=20261101", { from: null, until: null }],
  ])("dates: ?%s", (query, expected) => {
    expect(dateRangeFrom(search(query))).toEqual(expected);
  });

  test.each([
    ["", 1],
    ["page=", 1],
    ["page=%20", 1],
    ["page=0", 1],
    ["page=3", 3],
    ["page=-3", 1],
    ["page=2.5", 1],
  ])("page: ?%s is %i", (query, expected) => {
    expect(pageFrom(search(query))).toBe(expected);
  });

  test.each([
    ["", "newest"],
    ["sort=", "newest"],
    ["sort=oldest", "oldest"],
    ["sort=newest", "newest"],
    ["sort=sideways", "newest"],
  ])("order: ?%s is %s", (query, expected) => {
    expect(dateOrderFrom(search(query))).toBe(expected);
  });

  test.each([
    ["", 30],
    ["days=", 30],
    ["days=7", 7],
    ["days=90", 90],
    ["days=0", 30],
  ])("period: ?%s is %i days", (query, expected) => {
    expect(periodDaysFrom(search(query))).toBe(expected);
  });
});
