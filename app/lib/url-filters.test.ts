import { describe, expect, test } from "vitest";
import { periodDaysFrom } from "./periods";
import {
  dateOrderFrom,
  dateRangeFrom,
  filterFrom,
  dateRangeParams,
  oneOf,
  pageFrom,
  rangeShortcuts,
  withDateOrder,
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
  const denver = "America/Denver";
  const at = (iso: string) => new Date(iso);

  // Days are the firm's: in Denver a day starts at 07:00 UTC in winter and 06:00 in summer.
  test.each([
    ["", { from: null, until: null }],
    ["from=&to=", { from: null, until: null }],
    ["from=2026-11-02&to=", { from: at("2026-11-02T07:00:00Z"), until: null }],
    ["from=&to=2026-11-30", { from: null, until: at("2026-12-01T07:00:00Z") }],
    ["from=2026-02-31&to=2026-13-01", { from: null, until: null }],
    ["from=20261101", { from: null, until: null }],
    // 14 March 2027 is 23 hours long (the clocks go forward), 7 November 2027 is 25.
    [
      "from=2027-03-14&to=2027-03-14",
      { from: at("2027-03-14T07:00:00Z"), until: at("2027-03-15T06:00:00Z") },
    ],
    [
      "from=2027-11-07&to=2027-11-07",
      { from: at("2027-11-07T06:00:00Z"), until: at("2027-11-08T07:00:00Z") },
    ],
    ["from=9999-12-31&to=9999-12-31", { from: expect.any(Date), until: expect.any(Date) }],
  ])("dates in America/Denver: ?%s", (query, expected) => {
    expect(dateRangeFrom(search(query), denver)).toEqual(expected);
  });

  test.each([
    "from=2027-03-14&to=2027-03-14",
    "from=2027-03-01&to=2027-11-07",
    "from=2027-11-07",
    "to=2027-03-13",
  ])("?%s gives the same days back, in any zone", (query) => {
    for (const zone of [denver, "UTC", "Asia/Kolkata", "Pacific/Auckland"]) {
      expect(dateRangeParams(dateRangeFrom(search(query), zone), zone).toString(), zone).toBe(
        query,
      );
    }
  });

  test.each([
    // 23:30 in Denver on 14 March 2027 is already the 15th in UTC.
    ["2027-03-15T05:30:00Z", ["2027-03-08", "2027-03-14"], ["2027-03-01", "2027-03-31"]],
    // 23:30 on 7 November 2027, a 25-hour day, and 30 November: still November in Denver.
    ["2027-11-08T06:30:00Z", ["2027-11-01", "2027-11-07"], ["2027-11-01", "2027-11-30"]],
    ["2027-12-01T06:59:00Z", ["2027-11-24", "2027-11-30"], ["2027-11-01", "2027-11-30"]],
    ["2028-03-01T06:00:00Z", ["2028-02-23", "2028-02-29"], ["2028-02-01", "2028-02-29"]],
  ])("the shortcuts at %s are the firm's days", (now, lastWeek, thisMonth) => {
    expect(rangeShortcuts(at(now), denver)).toEqual([
      { label: "Last 7 days", from: lastWeek[0], to: lastWeek[1] },
      { label: "This month", from: thisMonth[0], to: thisMonth[1] },
    ]);
  });

  test("an order other than newest first is kept in links; newest first is left out", () => {
    const filters = search("from=2027-03-01&page=2");
    expect(withDateOrder(filters, "score-desc").toString()).toBe(
      "from=2027-03-01&page=2&sort=score-desc",
    );
    expect(withDateOrder(search("sort=oldest"), "newest").toString()).toBe("");
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
