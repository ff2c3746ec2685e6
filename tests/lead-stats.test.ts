// The leads view's figures on a real SQLite file seeded with known clicks and visits.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { assessmentFunnel } from "~/features/assessment/visit-queries.server";
import { clicksByLabel, clicksByPage, clicksPerDay } from "~/features/cta-clicks/queries.server";
import { periodDaysFrom, periodEndingToday } from "~/lib/periods";

// The firm's zone: in November a day in Denver runs from 07:00 to 07:00 UTC.
const zone = "America/Denver";
const now = new Date("2026-11-23T15:00:00Z");
const at = (iso: string) => new Date(iso).getTime();

beforeAll(() => {
  const click = db.$client.prepare(
    "insert into cta_clicks (cta_source, page_path, user_session, created_at) values (?, ?, 'session_1_x', ?)",
  );
  for (const [label, page, time] of [
    ["Book a Call", "/", "2026-11-23T09:00:00Z"],
    // 23:59:59 on 23 November in Denver, the 24th in UTC.
    ["Book a Call", "/", "2026-11-24T06:59:59Z"],
    ["Book a Call", "/solutions", "2026-11-21T12:00:00Z"],
    ["Take the Assessment", "/", "2026-11-21T08:00:00Z"],
    ["Take the Assessment", "/ethos", "2026-11-17T07:00:00Z"],
    // Before the 7-day period (which starts on 17 November in Denver), though not in UTC.
    ["Take the Assessment", "/ethos", "2026-11-17T06:59:59Z"],
    ["Contact Us", "/team", "2026-10-01T10:00:00Z"],
    // Around the clock changes of 2027: 23:30 in Denver on 14 March (a 23-hour day) and on
    // 7 November (a 25-hour day), both the next day in UTC; and 00:30 on 7 November.
    ["Book a Call", "/", "2027-03-15T05:30:00Z"],
    ["Book a Call", "/", "2027-11-07T06:30:00Z"],
    ["Book a Call", "/", "2027-11-08T06:30:00Z"],
  ] as const) {
    click.run(label, page, at(time));
  }

  const visit = db.$client.prepare(
    "insert into assessment_visits (id, furthest_step, started_at, submitted_at) values (?, ?, ?, ?)",
  );
  const inPeriod = at("2026-11-20T10:00:00Z");
  for (const [id, furthest, submitted] of [
    ["a", 1, null],
    ["b", 1, null],
    ["c", 3, null],
    ["d", 7, null],
    ["e", 10, null],
    ["f", 10, inPeriod],
    ["g", 10, inPeriod],
  ] as const) {
    visit.run(id, furthest, inPeriod, submitted);
  }
  // Started before the period: not counted, even though it submitted within it.
  visit.run("old", 10, at("2026-11-01T10:00:00Z"), inPeriod);
});

const lastWeek = periodEndingToday(7, now, zone);

describe("CTA clicks", () => {
  test("the period is the last seven whole days in the firm's zone, today included", () => {
    expect(lastWeek).toEqual({
      since: new Date("2026-11-17T07:00:00Z"),
      until: new Date("2026-11-24T07:00:00Z"),
    });
  });

  test("counts per label and per page within the period, most clicked first", () => {
    expect(clicksByLabel(db, lastWeek)).toEqual([
      { label: "Book a Call", clicks: 3 },
      { label: "Take the Assessment", clicks: 2 },
    ]);
    expect(clicksByPage(db, lastWeek)).toEqual([
      { page: "/", clicks: 3 },
      { page: "/ethos", clicks: 1 },
      { page: "/solutions", clicks: 1 },
    ]);
    expect(clicksByLabel(db, periodEndingToday(90, now, zone))).toContainEqual({
      label: "Contact Us",
      clicks: 1,
    });
  });

  test("clicks per day fill every day of the period, zero where there were none", () => {
    expect(clicksPerDay(db, lastWeek, zone)).toEqual([
      { day: "2026-11-17", clicks: 1 },
      { day: "2026-11-18", clicks: 0 },
      { day: "2026-11-19", clicks: 0 },
      { day: "2026-11-20", clicks: 0 },
      { day: "2026-11-21", clicks: 2 },
      { day: "2026-11-22", clicks: 0 },
      { day: "2026-11-23", clicks: 2 },
    ]);
  });

  test.each([
    // Late on 14 March 2027 (the clocks went forward that morning): 7 days, the last of 23 hours.
    ["2027-03-15T05:59:00Z", "2027-03-08T07:00:00Z", "2027-03-15T06:00:00Z", "2027-03-14"],
    // Late on 7 November 2027 (back that morning): 7 days, the last of 25 hours.
    ["2027-11-08T06:59:00Z", "2027-11-01T06:00:00Z", "2027-11-08T07:00:00Z", "2027-11-07"],
  ])("at %s the week runs from %s to %s, and 23:30 counts on %s", (at, since, until, today) => {
    const week = periodEndingToday(7, new Date(at), zone);
    expect(week).toEqual({ since: new Date(since), until: new Date(until) });
    const perDay = clicksPerDay(db, week, zone);
    expect(perDay.map((row) => row.day)).toHaveLength(7);
    expect(perDay.at(-1)).toEqual({
      day: today,
      clicks: today === "2027-11-07" ? 2 : 1,
    });
    expect(perDay.slice(0, -1).every((row) => row.clicks === 0)).toBe(true);
  });

  test.each([
    ["7", 7],
    ["30", 30],
    ["90", 90],
    [null, 30],
    ["14", 30],
    ["90abc", 30],
    ["-7", 30],
    ["", 30],
    [" ", 30],
    ["7.0", 30],
  ] as const)("?days=%s gives a %i-day period", (value, days) => {
    const search = new URLSearchParams(value === null ? "" : { days: value });
    expect(periodDaysFrom(search)).toBe(days);
  });
});

describe("assessment funnel", () => {
  test("each step counts the visits that reached it; submissions are counted apart", () => {
    const { steps, submitted } = assessmentFunnel(db, lastWeek);
    expect(steps.map((row) => row.reached)).toEqual([7, 5, 5, 4, 4, 4, 4, 3, 3, 3]);
    expect(steps.map((row) => row.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(submitted).toBe(2);
  });

  test("a period without visits has ten zero steps", () => {
    const empty = {
      since: new Date("2020-01-01T00:00:00Z"),
      until: new Date("2020-01-08T00:00:00Z"),
    };
    expect(assessmentFunnel(db, empty)).toEqual({
      steps: Array.from({ length: 10 }, (_, index) => ({ step: index + 1, reached: 0 })),
      submitted: 0,
    });
  });
});
