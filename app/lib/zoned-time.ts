// Moments as staff see and enter them: in the firm's zone, with its name, and wall times turned
// into the instants they name across daylight-saving changes (decision 051). Apart from dates.ts
// so that TZDate stays out of the public pages' bundles.
import { TZDate } from "@date-fns/tz";
import { currentYear } from "./dates";

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/**
 * "Nov 26, 2026, 16:00 MST": a moment with the zone's name, so nobody has to guess which zone.
 * A 24-hour clock, because browsers' and Node's ICU disagree on the space before "AM".
 */
export function formatDateTime(date: Date | string | number, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(date));
}

/**
 * "America/Denver (MST)": the zone a date is entered in, by its name and the short name it has at
 * that instant (MDT in summer), so a form's label says which clock its times are read on.
 */
export function timeZoneLabel(timeZone: string, at: Date) {
  const short = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/** An instant as a `datetime-local` input shows it in the zone: "2026-11-26T16:00". */
export function zonedInputValue(date: Date, timeZone: string) {
  const wall = new TZDate(date.getTime(), timeZone);
  return (
    `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}` +
    `T${pad(wall.getHours())}:${pad(wall.getMinutes())}`
  );
}

/** An instant as ISO 8601 on the zone's clock, with its offset: "2026-12-01T09:00:00-07:00". */
export function zonedIsoString(date: Date, timeZone: string) {
  const wall = new TZDate(date.getTime(), timeZone);
  const offset = -wall.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const hours = pad(Math.floor(Math.abs(offset) / 60));
  return `${zonedInputValue(date, timeZone)}:${pad(wall.getSeconds())}${sign}${hours}:${pad(Math.abs(offset) % 60)}`;
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
