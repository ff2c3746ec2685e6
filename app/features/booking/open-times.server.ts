// Which call times a visitor may book: the firm's weekly hours read as wall times in its zone,
// less days off, the notice and horizon, and every period already taken (a booking, a busy event
// from a staff calendar). Pure, so the rules are tested as tables across daylight-saving changes.
import { TZDate } from "@date-fns/tz";
import type { WeeklyHours } from "~/db/schema";
import { calendarDay, dayInZone } from "~/lib/zoned-time";

export type BookingRules = {
  weeklyHours: WeeklyHours;
  callMinutes: number;
  startEveryMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
};

/** A period as instants in milliseconds, its end excluded. */
export type Period = { start: number; end: number };

export type OpenTimesInput = {
  rules: BookingRules;
  timeZone: string;
  now: Date;
  /** Calendar days in the firm's zone ("2026-12-24") on which nothing is offered. */
  daysOff: ReadonlySet<string>;
  /** Booked calls and busy events: a time overlapping any of them is not offered. */
  taken: readonly Period[];
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** Minutes after midnight of a wall time "09:30"; "24:00" is the day's end. */
export function minutesOfWallTime(value: string): number | undefined {
  const parts = WALL_TIME.exec(value);
  if (!parts) return undefined;
  return value === "24:00" ? 24 * 60 : Number(parts[1]) * 60 + Number(parts[2]);
}

function weekdayOf(day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The instant TZDate gives a wall time of a day: one the spring change skips moves forward. */
function movedInstant(day: string, minutes: number, timeZone: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return TZDate.tz(
    timeZone,
    year,
    month - 1,
    date,
    Math.floor(minutes / 60),
    minutes % 60,
  ).getTime();
}

/** Whether the clock in the zone shows the day at or after the wall time at an instant. */
function showsAtLeast(instant: number, day: string, minutes: number, timeZone: string) {
  const shownDay = dayInZone(new Date(instant), timeZone);
  if (shownDay !== day) return shownDay > day;
  const wall = new TZDate(instant, timeZone);
  return wall.getHours() * 60 + wall.getMinutes() >= minutes;
}

/**
 * The instant a wall time of a day names in the zone, or undefined when the clock skips it (the
 * spring change): a time that does not exist that day is not offered, rather than moved.
 */
function instantOfWallTime(day: string, minutes: number, timeZone: string): number | undefined {
  const instant = movedInstant(day, minutes, timeZone);
  const wall = new TZDate(instant, timeZone);
  const shown = wall.getHours() * 60 + wall.getMinutes();
  return shown === minutes && dayInZone(new Date(instant), timeZone) === day ? instant : undefined;
}

/**
 * When a period closing at a wall time ends: as the clock shows it, or, when the spring change
 * skips it, as the clock jumps past it ("02:30" on a day that goes from 01:59 to 03:00 ends at the
 * jump, not an hour later where TZDate moves 02:30 to). "24:00" is the next day's start.
 */
function closingInstant(day: string, minutes: number, timeZone: string): number {
  if (minutes === 24 * 60) return closingInstant(calendarDay(day, 1), 0, timeZone);
  const exact = instantOfWallTime(day, minutes, timeZone);
  if (exact !== undefined) return exact;
  // The jump lies within a day before the moved instant: the first instant showing the time.
  let before = movedInstant(day, minutes, timeZone) - DAY;
  let after = before + DAY;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (showsAtLeast(middle, day, minutes, timeZone)) after = middle;
    else before = middle;
  }
  return after;
}

const overlaps = (start: number, end: number, period: Period) =>
  start < period.end && end > period.start;

/** Every start a visitor may book, in order, none of them twice. */
export function openTimes({ rules, timeZone, now, daysOff, taken }: OpenTimesInput): Date[] {
  const earliest = now.getTime() + rules.noticeMinutes * MINUTE;
  // Days ahead are days on the firm's clock: 14 days from Monday 10:00 ends on Monday 10:00 even
  // when a clock change falls between, where 14 times 24 hours would end at 09:00 or 11:00.
  const horizon = new TZDate(now.getTime(), timeZone);
  horizon.setDate(horizon.getDate() + rules.horizonDays);
  const latest = horizon.getTime();
  const callLength = rules.callMinutes * MINUTE;
  const starts = new Set<number>();
  const lastDay = dayInZone(new Date(latest), timeZone);
  for (let day = dayInZone(now, timeZone); day <= lastDay; day = calendarDay(day, 1)) {
    if (daysOff.has(day)) continue;
    const weekday = String(weekdayOf(day)) as keyof WeeklyHours;
    for (const [from, to] of rules.weeklyHours[weekday] ?? []) {
      const opens = minutesOfWallTime(from);
      const closes = minutesOfWallTime(to);
      if (opens === undefined || closes === undefined) continue;
      const closesAt = closingInstant(day, closes, timeZone);
      for (let minutes = opens; minutes < closes; minutes += rules.startEveryMinutes) {
        const start = instantOfWallTime(day, minutes, timeZone);
        if (start === undefined) continue;
        const end = start + callLength;
        if (end > closesAt || start < earliest || start > latest) continue;
        if (taken.some((period) => overlaps(start, end, period))) continue;
        starts.add(start);
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => new Date(start));
}

/** The open times nearest to one that was taken, earlier or later, in order of time. */
export function nearestOpenTimes(wanted: Date, open: readonly Date[], count = 3): Date[] {
  return [...open]
    .sort(
      (a, b) =>
        Math.abs(a.getTime() - wanted.getTime()) - Math.abs(b.getTime() - wanted.getTime()) ||
        a.getTime() - b.getTime(),
    )
    .slice(0, count)
    .sort((a, b) => a.getTime() - b.getTime());
}
