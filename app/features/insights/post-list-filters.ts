// The admin's post list as its GET form asks for it (?q=title words&status=scheduled), so a
// filtered list works without JavaScript, can be bookmarked, and its pages keep the filter.
import { filterFrom, oneOf } from "~/lib/url-filters";

export const POST_STATUSES = ["published", "scheduled", "draft"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  published: "Published",
  scheduled: "Scheduled",
  draft: "Draft",
};

/** Longer than any title may be; a longer search could not match one. */
export const MAX_SEARCH_LENGTH = 200;

export type PostListFilters = { search: string | null; status: PostStatus | null };

export function postListFiltersFrom(params: URLSearchParams): PostListFilters {
  return {
    search: filterFrom(params, "q", (value) =>
      value.replace(/\p{Cc}/gu, "").slice(0, MAX_SEARCH_LENGTH),
    ),
    status: filterFrom(params, "status", oneOf(POST_STATUSES)),
  };
}

/** The filters as URL parameters again, for the pages and the order links that keep them. */
export function postListFilterParams({ search, status }: PostListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (status) params.set("status", status);
  return params;
}
