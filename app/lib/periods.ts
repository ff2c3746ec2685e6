// The periods the leads view offers, and the day-by-day series its charts draw, in whole days of
// the firm's zone.
import { calendarDay, dayInZone, startOfZonedDay } from "./zoned-time";
import { filterFrom, wholeNumber } from "./url-filters";

/** A half-open period: from `since` (included) to `until` (excluded). */
export type Period = { since: Date; until: Date };

export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

/** `?days=` as given, or 30 for anything that is not one of the offered periods. */
export function periodDaysFrom(search: URLSearchParams): PeriodDays {
  const days = filterFrom(search, "days", wholeNumber);
  return PERIOD_DAYS.find((offered) => offered === days) ?? 30;
}

/** The last `days` whole days in the zone up to and including today. */
export function periodEndingToday(days: number, now: Date, timeZone: string): Period {
  const today = dayInZone(now, timeZone);
  return {
    since: startOfZonedDay(calendarDay(today, 1 - days), timeZone),
    until: startOfZonedDay(calendarDay(today, 1), timeZone),
  };
}

/** One day of a period in the zone: its date and when it ends (the next one's start). */
export type PeriodDay = { day: string; until: Date };

/** Every day of the period in the zone, in order; a day may be 23 or 25 hours long. */
export function daysOf(period: Period, timeZone: string): PeriodDay[] {
  const days: PeriodDay[] = [];
  for (let day = dayInZone(period.since, timeZone); ; day = calendarDay(day, 1)) {
    const until = startOfZonedDay(calendarDay(day, 1), timeZone);
    days.push({ day, until });
    if (until >= period.until) return days;
  }
}

/** Every day with its count, zero where the query found none. */
export function everyDay(days: PeriodDay[], counted: { day: string; clicks: number }[]) {
  const byDay = new Map(counted.map((row) => [row.day, row.clicks]));
  return days.map(({ day }) => ({ day, clicks: byDay.get(day) ?? 0 }));
}
