// The periods the leads view offers, and the day-by-day series its charts draw.
import { filterFrom, wholeNumber } from "./url-filters";

/** A half-open period: from `since` (included) to `until` (excluded). */
export type Period = { since: Date; until: Date };

export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** `?days=` as given, or 30 for anything that is not one of the offered periods. */
export function periodDaysFrom(search: URLSearchParams): PeriodDays {
  const days = filterFrom(search, "days", wholeNumber);
  return PERIOD_DAYS.find((offered) => offered === days) ?? 30;
}

/** The last `days` whole UTC days up to and including today. */
export function periodEndingToday(days: number, now: Date) {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    since: new Date(startOfToday - (days - 1) * DAY_MS),
    until: new Date(startOfToday + DAY_MS),
  };
}

/** Every UTC day of the period with its count, zero where the query found none. */
export function everyDay(period: Period, counted: { day: string; clicks: number }[]) {
  const byDay = new Map(counted.map((row) => [row.day, row.clicks]));
  const days: { day: string; clicks: number }[] = [];
  for (let time = period.since.getTime(); time < period.until.getTime(); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    days.push({ day, clicks: byDay.get(day) ?? 0 });
  }
  return days;
}
