// The contact messages' filters as they travel in the URL: the date range of every admin list and
// whether someone has dealt with the message (?handled=yes or no).
import { dateRangeFrom, dateRangeParams, filterFrom, type DateRange } from "~/lib/url-filters";

export type MessageFilters = DateRange & {
  /** true: handled only; false: not handled only; null: both. */
  handled: boolean | null;
};

const handledValues = { yes: true, no: false } as const;

/** Missing, empty or unknown values are ignored, as if the filter were not set. */
export function messageFiltersFrom(search: URLSearchParams, timeZone: string): MessageFilters {
  return {
    ...dateRangeFrom(search, timeZone),
    handled: filterFrom(search, "handled", (value) =>
      Object.hasOwn(handledValues, value)
        ? handledValues[value as keyof typeof handledValues]
        : null,
    ),
  };
}

/** The filters as URL parameters again (for links, pagination and the export). */
export function messageFilterParams(filters: MessageFilters, timeZone: string): URLSearchParams {
  const params = dateRangeParams(filters, timeZone);
  if (filters.handled !== null) params.set("handled", filters.handled ? "yes" : "no");
  return params;
}
