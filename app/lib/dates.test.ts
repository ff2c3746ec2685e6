import { describe, expect, test } from "vitest";
import { currentYear, startOfNextYear } from "./dates";

describe("the year the site shows, and when it changes", () => {
  test.each([
    ["2026-11-26T13:00:00Z", 2026, "2027-01-01T00:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", 2026, "2027-01-01T00:00:00.000Z"],
    ["2027-01-01T00:00:00Z", 2027, "2028-01-01T00:00:00.000Z"],
    // Denver's evening of 31 December is already the new year in UTC, the zone dates are shown in.
    ["2027-01-01T06:30:00Z", 2027, "2028-01-01T00:00:00.000Z"],
  ])("at %s the year is %i until %s", (now, year, next) => {
    expect(currentYear(new Date(now))).toBe(year);
    expect(startOfNextYear(new Date(now)).toISOString()).toBe(next);
  });
});
