import { describe, expect, test } from "vitest";
import { currentYear, formatLongDate } from "./dates";
import {
  calendarDay,
  dayInZone,
  formatDateTime,
  instantFromZonedInput,
  startOfNextYear,
  startOfZonedDay,
  timeZoneLabel,
  zonedInputValue,
} from "./zoned-time";

describe("the year the site shows, and when it changes, in the firm's zone", () => {
  test.each([
    ["America/Denver", "2026-11-26T13:00:00Z", 2026, "2027-01-01T07:00:00.000Z"],
    // Denver's evening of 31 December is already the new year in UTC, not yet in Denver.
    ["America/Denver", "2027-01-01T06:30:00Z", 2026, "2027-01-01T07:00:00.000Z"],
    ["America/Denver", "2027-01-01T07:00:00Z", 2027, "2028-01-01T07:00:00.000Z"],
    ["UTC", "2026-12-31T23:59:59.999Z", 2026, "2027-01-01T00:00:00.000Z"],
    ["Asia/Kolkata", "2026-12-31T18:30:00Z", 2027, "2027-12-31T18:30:00.000Z"],
  ])("in %s at %s the year is %i until %s", (zone, now, year, next) => {
    expect(currentYear(zone, new Date(now))).toBe(year);
    expect(startOfNextYear(zone, new Date(now)).toISOString()).toBe(next);
  });
});

describe("an instant shown in the zone", () => {
  test.each([
    ["America/Denver", "2026-11-26T23:00:00Z", "Nov 26, 2026, 16:00 MST", "November 26, 2026"],
    ["America/Denver", "2027-07-01T03:00:00Z", "Jun 30, 2027, 21:00 MDT", "June 30, 2027"],
    ["Europe/London", "2027-03-28T01:30:00Z", "Mar 28, 2027, 02:30 GMT+1", "March 28, 2027"],
    ["Asia/Kolkata", "2026-11-26T20:00:00Z", "Nov 27, 2026, 01:30 GMT+5:30", "November 27, 2026"],
  ])("in %s, %s is %s on %s", (zone, instant, moment, day) => {
    expect(formatDateTime(instant, zone)).toBe(moment);
    expect(formatLongDate(instant, zone)).toBe(day);
  });
});

describe("the zone a form's dates are entered in", () => {
  test.each([
    ["America/Denver", "2026-11-30T16:00:00Z", "America/Denver (MST)"],
    ["America/Denver", "2027-07-01T15:00:00Z", "America/Denver (MDT)"],
    ["Asia/Kolkata", "2026-11-30T16:00:00Z", "Asia/Kolkata (GMT+5:30)"],
    ["UTC", "2026-11-30T16:00:00Z", "UTC"],
  ])("in %s at %s it reads %s", (zone, instant, label) => {
    expect(timeZoneLabel(zone, new Date(instant))).toBe(label);
  });
});

describe("a datetime-local value and the instant it names in the zone", () => {
  test.each([
    ["America/Denver", "2026-11-26T09:00", "2026-11-26T16:00:00.000Z"],
    ["America/Denver", "2027-07-01T09:00", "2027-07-01T15:00:00.000Z"],
    // 2027-03-14: Denver's clocks jump from 02:00 to 03:00; the hour before and after the change.
    ["America/Denver", "2027-03-14T01:30", "2027-03-14T08:30:00.000Z"],
    ["America/Denver", "2027-03-14T03:00", "2027-03-14T09:00:00.000Z"],
    // 2027-11-07: 01:00-02:00 happens twice; 02:00 is once more MST.
    ["America/Denver", "2027-11-07T00:30", "2027-11-07T06:30:00.000Z"],
    ["America/Denver", "2027-11-07T02:00", "2027-11-07T09:00:00.000Z"],
    ["Europe/London", "2027-03-28T00:30", "2027-03-28T00:30:00.000Z"],
    ["Europe/London", "2027-03-28T02:30", "2027-03-28T01:30:00.000Z"],
    ["Asia/Kolkata", "2026-11-27T01:30", "2026-11-26T20:00:00.000Z"],
    ["UTC", "2026-11-26T09:00:30", "2026-11-26T09:00:30.000Z"],
  ])("in %s, %s is %s and back", (zone, wall, instant) => {
    expect(instantFromZonedInput(wall, zone)?.toISOString()).toBe(instant);
    expect(zonedInputValue(new Date(instant), zone)).toBe(wall.slice(0, 16));
  });

  test("a time the spring change skips is moved forward by the hour the clocks jump", () => {
    expect(instantFromZonedInput("2027-03-14T02:30", "America/Denver")?.toISOString()).toBe(
      "2027-03-14T09:30:00.000Z",
    );
  });

  test.each([
    "",
    "tomorrow",
    "2026-02-31T09:00",
    "2026-11-26 09:00",
    "2026-11-26T25:00",
    "2026-11-26T09:60",
  ])("%j is not a moment", (value) => {
    expect(instantFromZonedInput(value, "America/Denver")).toBeUndefined();
  });
});

describe("calendar days in the zone", () => {
  test.each([
    ["America/Denver", "2027-03-15T05:30:00Z", "2027-03-14"],
    ["America/Denver", "2027-03-15T06:00:00Z", "2027-03-15"],
    ["America/Denver", "2027-11-08T06:59:59Z", "2027-11-07"],
    ["UTC", "2027-11-08T06:59:59Z", "2027-11-08"],
    ["Asia/Kolkata", "2027-11-07T18:30:00Z", "2027-11-08"],
  ])("in %s, %s falls on %s", (zone, instant, day) => {
    expect(dayInZone(new Date(instant), zone)).toBe(day);
  });

  test.each([
    // Midnight before and after each change, and a day with no midnight (Santiago moves its
    // clocks forward at 00:00, so 2027-09-05 begins at 01:00).
    ["America/Denver", "2027-03-14", "2027-03-14T07:00:00.000Z"],
    ["America/Denver", "2027-03-15", "2027-03-15T06:00:00.000Z"],
    ["America/Denver", "2027-11-07", "2027-11-07T06:00:00.000Z"],
    ["America/Denver", "2027-11-08", "2027-11-08T07:00:00.000Z"],
    ["Asia/Kolkata", "2027-01-01", "2026-12-31T18:30:00.000Z"],
    ["America/Santiago", "2027-09-05", "2027-09-05T04:00:00.000Z"],
  ])("in %s, %s begins at %s", (zone, day, instant) => {
    expect(startOfZonedDay(day, zone).toISOString()).toBe(instant);
  });

  test.each([
    ["2027-03-14", -6, 0, "2027-03-08"],
    ["2027-03-01", -1, 0, "2027-02-28"],
    ["2028-03-01", -1, 0, "2028-02-29"],
    ["2027-01-31", 0, 1, "2027-03-03"],
    ["2027-12-01", 0, 1, "2028-01-01"],
    ["9999-12-31", 1, 0, "10000-01-01"],
    ["2027-02-31", 0, 0, "2027-03-03"],
  ])("%s moved by %i days and %i months is %s", (day, days, months, moved) => {
    expect(calendarDay(day, days, months)).toBe(moved);
  });
});
