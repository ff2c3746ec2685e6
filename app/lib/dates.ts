// Dates as the site shows and takes them: instants are stored in UTC and shown, or entered, in the
// firm's zone (SITE_TIME_ZONE), with one fixed locale so the server and the browser agree.
import { TZDate } from "@date-fns/tz";

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** "November 26, 2026": the day an instant falls on in the zone. */
export function formatLongDate(date: Date | string | number, timeZone: string) {
  return formatter(timeZone, { dateStyle: "long" }).format(new Date(date));
}

/**
 * "Nov 26, 2026, 16:00 MST": a moment with the zone's name, so nobody has to guess which zone.
 * A 24-hour clock, because browsers' and Node's ICU disagree on the space before "AM".
 */
export function formatDateTime(date: Date | string | number, timeZone: string) {
  return formatter(timeZone, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(date));
}

/** The date part of an ISO timestamp, for <time dateTime> and sitemaps. */
export function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** An instant as a `datetime-local` input shows it in the zone: "2026-11-26T16:00". */
export function zonedInputValue(date: Date, timeZone: string) {
  const wall = new TZDate(date.getTime(), timeZone);
  return (
    `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}` +
    `T${pad(wall.getHours())}:${pad(wall.getMinutes())}`
  );
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a `datetime-local` value names in the zone, or undefined when it is not one. A wall
 * time the spring change skips is moved forward by the change, as clocks are.
 */
export function instantFromZonedInput(value: string, timeZone: string): Date | undefined {
  const parts = WALL_TIME.exec(value.trim());
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = TZDate.tz(timeZone, year, month - 1, day, hour, minute, second);
  // TZDate rolls an impossible date (31 February) over; a typed one that did is not a date.
  if (wall.getMonth() !== month - 1 || wall.getDate() !== day) return undefined;
  const instant = new Date(wall.getTime());
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** The year the site shows (the footer's ©), in the zone of every date it shows. */
export function currentYear(timeZone: string, now = new Date()) {
  return new TZDate(now.getTime(), timeZone).getFullYear();
}

/** When `currentYear` next changes: a stored page that shows the year lives no longer. */
export function startOfNextYear(timeZone: string, now: Date) {
  return new Date(TZDate.tz(timeZone, currentYear(timeZone, now) + 1, 0, 1).getTime());
}

/** The calendar day ("2026-11-26") an instant falls on in the zone. */
export function dayInZone(date: Date, timeZone: string) {
  const wall = new TZDate(date.getTime(), timeZone);
  return `${pad(wall.getFullYear(), 4)}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

// The day after 9999-12-31 is 10000-01-01: a year may have five digits.
const DAY = /^(\d{4,})-(\d{2})-(\d{2})$/;

function dayParts(day: string) {
  const parts = DAY.exec(day);
  if (!parts) throw new Error(`Not a calendar day: ${day}`);
  return parts.slice(1).map(Number) as [number, number, number];
}

/**
 * A calendar day so many days and months after another ("2026-11-26", -6 gives "2026-11-20"):
 * arithmetic on the calendar, in no zone, so a clock change in between moves nothing. An
 * impossible day rolls over ("2026-02-31" is "2026-03-03"), so a day that comes back unchanged
 * after moving by nothing exists.
 */
export function calendarDay(day: string, days: number, months = 0) {
  const [year, month, date] = dayParts(day);
  const moved = new Date(0);
  moved.setUTCFullYear(year, month - 1 + months, date + days);
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** When a calendar day begins in the zone (its midnight, or the first minute it has). */
export function startOfZonedDay(day: string, timeZone: string) {
  const [year, month, date] = dayParts(day);
  return new Date(TZDate.tz(timeZone, year, month - 1, date).getTime());
}
