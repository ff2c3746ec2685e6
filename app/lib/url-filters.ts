// The filters of the admin's lists as they travel in the URL (?from=&to=&page=), so a filtered
// view can be bookmarked, works without JavaScript, and its export matches it.
import { calendarDay, dayInZone, startOfZonedDay } from "./zoned-time";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a filter's value, given only one that is there and not blank; null when malformed. */
export type FilterReader<T> = (value: string) => T | null;

/**
 * One filter of a list, read from the URL. A GET form sends every field, so "Any level" with a
 * date range arrives as `?level=&from=...`: a missing, empty or blank value means no filter, as
 * a malformed one does. Every filter of the admin's lists is read through here, so no reader
 * ever sees an empty value and takes it for a real one (`Number("")` is 0).
 */
export function filterFrom<T>(
  search: URLSearchParams,
  name: string,
  read: FilterReader<T>,
): T | null {
  const value = search.get(name)?.trim();
  return value ? read(value) : null;
}

/** A whole number in plain digits: `Number()` would also take " ", "1e3" or "0x10". */
export const wholeNumber: FilterReader<number> = (value) =>
  /^\d{1,9}$/.test(value) ? Number(value) : null;

/** One of a fixed set of values. */
export function oneOf<T extends string>(choices: readonly T[]): FilterReader<T> {
  return (value) => choices.find((choice) => choice === value) ?? null;
}

/** A calendar day as typed (YYYY-MM-DD), given only when that day exists. */
const isoDay: FilterReader<string> = (value) =>
  ISO_DAY.test(value) && calendarDay(value, 0) === value ? value : null;

/**
 * From the start of the first day included to the start of the day after the last one, both in
 * the firm's zone: a day there is 23 or 25 hours long when the clocks change.
 */
export type DateRange = { from: Date | null; until: Date | null };

/** ?from= and ?to= (both days included, in the zone); a malformed day is ignored. */
export function dateRangeFrom(search: URLSearchParams, timeZone: string): DateRange {
  const from = filterFrom(search, "from", isoDay);
  const to = filterFrom(search, "to", isoDay);
  return {
    from: from ? startOfZonedDay(from, timeZone) : null,
    until: to ? startOfZonedDay(calendarDay(to, 1), timeZone) : null,
  };
}

/** The date range as URL parameters again: the days it covers in the zone. */
export function dateRangeParams({ from, until }: DateRange, timeZone: string): URLSearchParams {
  const params = new URLSearchParams();
  if (from) params.set("from", dayInZone(from, timeZone));
  if (until) params.set("to", dayInZone(new Date(until.getTime() - 1), timeZone));
  return params;
}

/** A range offered as one link: its name and the days it covers, as ?from= and ?to= take them. */
export type RangeShortcut = { label: string; from: string; to: string };

/** "Last 7 days" (today and the six before) and "This month", as the firm's calendar has them. */
export function rangeShortcuts(now: Date, timeZone: string): RangeShortcut[] {
  const today = dayInZone(now, timeZone);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  return [
    { label: "Last 7 days", from: calendarDay(today, -6), to: today },
    {
      label: "This month",
      from: firstOfMonth,
      to: calendarDay(calendarDay(firstOfMonth, 0, 1), -1),
    },
  ];
}

/** ?page= as a page number from 1, anything else being the first page. */
export function pageFrom(search: URLSearchParams): number {
  return Math.max(filterFrom(search, "page", wholeNumber) ?? 1, 1);
}

/** Which end of a list comes first: the admin's lists are newest first unless ?sort=oldest. */
export type DateOrder = "newest" | "oldest";

export function dateOrderFrom(search: URLSearchParams): DateOrder {
  return filterFrom(search, "sort", oneOf<DateOrder>(["newest", "oldest"])) ?? "newest";
}

/** A page of a list, as its queries take it. */
export type ListPage = { page: number; perPage: number; order?: DateOrder };

/**
 * The list's own parameters with its order (?sort=) added, for links that keep both
 * (pagination). Newest first is every list's default, so it is left out; a list may have orders
 * of its own besides the date's (the assessments by score).
 */
export function withDateOrder(params: URLSearchParams, order: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (order === "newest") next.delete("sort");
  else next.set("sort", order);
  return next;
}
