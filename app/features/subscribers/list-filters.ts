// The staff's list of subscribers as its GET form asks for it (?q=words&status=confirmed), so a
// filtered list works without JavaScript, can be bookmarked, and its pages keep the filter.
import { filterFrom, oneOf } from "~/lib/url-filters";

const SUBSCRIBER_STATUSES = ["confirmed", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: "Confirmed",
  pending: "Waiting",
  unsubscribed: "Unsubscribed",
};

/** Longer than any address may be (254 characters); a longer search could not match one. */
export const MAX_SEARCH_LENGTH = 254;

export type SubscriberFilters = { search: string | null; status: SubscriberStatus | null };

export function subscriberFiltersFrom(params: URLSearchParams): SubscriberFilters {
  return {
    search: filterFrom(params, "q", (value) =>
      value.replace(/\p{Cc}/gu, "").slice(0, MAX_SEARCH_LENGTH),
    ),
    status: filterFrom(params, "status", oneOf(SUBSCRIBER_STATUSES)),
  };
}

/** The filters as URL parameters again, for the pages and the links that keep them. */
export function subscriberFilterParams({ search, status }: SubscriberFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (status) params.set("status", status);
  return params;
}
