// The edges of reading a calendar's text: times without a zone, a zone named but not defined, one
// occurrence without its series, and a rule that would never end within the window.
import { describe, expect, test } from "vitest";
import { busyPeriodsOf } from "./busy-periods.server";

const calendar = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR", ""].join(
    "\r\n",
  );

const event = (uid: string, ...lines: string[]) => [
  "BEGIN:VEVENT",
  `UID:${uid}`,
  "DTSTAMP:20261120T170000Z",
  ...lines,
  "END:VEVENT",
];

const window = { from: new Date("2027-03-08T00:00:00Z"), until: new Date("2027-03-20T00:00:00Z") };

const periodsOf = (text: string, zone = "America/Denver") => {
  const read = busyPeriodsOf(text, window, zone);
  if (!read.ok) throw new Error(read.detail);
  return read.periods.map(({ startsAt, endsAt }) => [startsAt.toISOString(), endsAt.toISOString()]);
};

describe("busyPeriodsOf", () => {
  test("a time without a zone is read on the firm's clock, or the calendar's when it names one", () => {
    const floating = event("floating", "DTSTART:20270315T090000", "DTEND:20270315T100000");
    expect(periodsOf(calendar(...floating))).toEqual([
      ["2027-03-15T15:00:00.000Z", "2027-03-15T16:00:00.000Z"],
    ]);
    expect(periodsOf(calendar("X-WR-TIMEZONE:Asia/Kolkata", ...floating))).toEqual([
      ["2027-03-15T03:30:00.000Z", "2027-03-15T04:30:00.000Z"],
    ]);
  });

  test("a zone named without its VTIMEZONE is still read as that zone when it is a known one", () => {
    const text = calendar(
      ...event(
        "no-vtimezone",
        "DTSTART;TZID=Europe/London:20270315T090000",
        "DTEND;TZID=Europe/London:20270315T100000",
      ),
    );
    expect(periodsOf(text)).toEqual([["2027-03-15T09:00:00.000Z", "2027-03-15T10:00:00.000Z"]]);
  });

  test("one occurrence of someone else's series, without the series, is busy on its own", () => {
    const text = calendar(
      ...event(
        "their-series",
        "RECURRENCE-ID:20270316T150000Z",
        "DTSTART:20270316T160000Z",
        "DTEND:20270316T170000Z",
      ),
    );
    expect(periodsOf(text)).toEqual([["2027-03-16T16:00:00.000Z", "2027-03-16T17:00:00.000Z"]]);
  });

  test("an event without an end is no busy time, unless it is a day", () => {
    const text = calendar(
      ...event("instant", "DTSTART:20270316T160000Z"),
      ...event("day", "DTSTART;VALUE=DATE:20270317"),
    );
    expect(periodsOf(text)).toEqual([["2027-03-17T06:00:00.000Z", "2027-03-18T06:00:00.000Z"]]);
  });

  test(
    "repeating events too many to expand are refused in words, not expanded",
    { timeout: 30_000 },
    () => {
      // Two series of 30,000 minutes each: neither alone is too many, both together are.
      const text = calendar(
        ...event(
          "first",
          "DTSTART:20270101T000000Z",
          "DURATION:PT1M",
          "RRULE:FREQ=MINUTELY;COUNT=30000",
        ),
        ...event(
          "second",
          "DTSTART:20270101T000000Z",
          "DURATION:PT1M",
          "RRULE:FREQ=MINUTELY;COUNT=30000",
        ),
      );
      expect(busyPeriodsOf(text, window, "America/Denver")).toEqual({
        ok: false,
        detail:
          "The calendar could not be read: Its repeating events occur more than 50,000 times up to the end of the booking horizon, more than the site reads.",
      });
    },
  );
});
