// The filters of the admin's lists as they travel in the URL (?from=&to=&page=), so a filtered
// view can be bookmarked, works without JavaScript, and its export matches it.

const DAY_MS = 24 * 60 * 60 * 1000;
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

const isoDay: FilterReader<Date> = (value) => {
  if (!ISO_DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
};

/** From the first UTC day included to the day after the last one included. */
export type DateRange = { from: Date | null; until: Date | null };

/** ?from= and ?to= (both days included); a malformed day is ignored. */
export function dateRangeFrom(search: URLSearchParams): DateRange {
  const to = filterFrom(search, "to", isoDay);
  return {
    from: filterFrom(search, "from", isoDay),
    until: to ? new Date(to.getTime() + DAY_MS) : null,
  };
}

/** The date range as URL parameters again. */
export function dateRangeParams({ from, until }: DateRange): URLSearchParams {
  const params = new URLSearchParams();
  if (from) params.set("from", from.toISOString().slice(0, 10));
  if (until) params.set("to", new Date(until.getTime() - DAY_MS).toISOString().slice(0, 10));
  return params;
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

/** The list's own parameters with the order added, for links that keep both (pagination). */
export function withDateOrder(params: URLSearchParams, order: DateOrder): URLSearchParams {
  const next = new URLSearchParams(params);
  if (order === "oldest") next.set("sort", "oldest");
  else next.delete("sort");
  return next;
}
