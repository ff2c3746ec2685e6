// The leads view's assessment filters as they travel in the URL (?level=&recommendation=, with
// the date range of every admin list), and the list's order (?sort=).
import {
  dateRangeFrom,
  dateRangeParams,
  filterFrom,
  oneOf,
  wholeNumber,
  type DateOrder,
  type DateRange,
  type FilterReader,
} from "~/lib/url-filters";
import { efficiencyLevels, recommendations, type RecommendationKind } from "./scoring";

export type AssessmentFilters = DateRange & {
  /** Index into efficiencyLevels (0 = most efficient). */
  level: number | null;
  recommendation: RecommendationKind | null;
};

const recommendationKinds = Object.keys(recommendations) as RecommendationKind[];

const levelIndex: FilterReader<number> = (value) => {
  const index = wholeNumber(value);
  return index !== null && index < efficiencyLevels.length ? index : null;
};

/** Missing, empty, unknown or malformed values are ignored, as if the filter were not set. */
export function assessmentFiltersFrom(
  search: URLSearchParams,
  timeZone: string,
): AssessmentFilters {
  return {
    level: filterFrom(search, "level", levelIndex),
    recommendation: filterFrom(search, "recommendation", oneOf(recommendationKinds)),
    ...dateRangeFrom(search, timeZone),
  };
}

/** The filters as URL parameters again (for links, pagination and the export). */
export function assessmentFilterParams(
  filters: AssessmentFilters,
  timeZone: string,
): URLSearchParams {
  const params = dateRangeParams(filters, timeZone);
  if (filters.level !== null) params.set("level", String(filters.level));
  if (filters.recommendation) params.set("recommendation", filters.recommendation);
  return params;
}

/** By date as every list, or by efficiency score, highest or lowest first. */
export type SubmissionOrder = DateOrder | "score-desc" | "score-asc";

const submissionOrders: SubmissionOrder[] = ["newest", "oldest", "score-desc", "score-asc"];

/** ?sort=, newest first when missing or unknown. */
export function submissionOrderFrom(search: URLSearchParams): SubmissionOrder {
  return filterFrom(search, "sort", oneOf(submissionOrders)) ?? "newest";
}
