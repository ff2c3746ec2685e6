// The filters of the admin's lists as they travel in the URL (?from=&to=&page=), so a filtered
// view can be bookmarked, works without JavaScript, and its export matches it.

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(value: string | null): Date | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/** From the first UTC day included to the day after the last one included. */
export type DateRange = { from: Date | null; until: Date | null };

/** ?from= and ?to= (both days included); a malformed day is ignored. */
export function dateRangeFrom(search: URLSearchParams): DateRange {
  const to = dayStart(search.get("to"));
  return { from: dayStart(search.get("from")), until: to ? new Date(to.getTime() + DAY_MS) : null };
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
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Which end of a list comes first: the admin's lists are newest first unless ?sort=oldest. */
export type DateOrder = "newest" | "oldest";

export function dateOrderFrom(search: URLSearchParams): DateOrder {
  return search.get("sort") === "oldest" ? "oldest" : "newest";
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
