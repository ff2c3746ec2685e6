// The leads view's assessment filters as they travel in the URL (?level=&recommendation=, with
// the date range of every admin list).
import { dateRangeFrom, dateRangeParams, type DateRange } from "~/lib/url-filters";
import { efficiencyLevels, recommendations, type RecommendationKind } from "./scoring";

export type AssessmentFilters = DateRange & {
  /** Index into efficiencyLevels (0 = most efficient). */
  level: number | null;
  recommendation: RecommendationKind | null;
};

/** Unknown or malformed values are ignored, as if the filter were not set. */
export function assessmentFiltersFrom(search: URLSearchParams): AssessmentFilters {
  const level = Number(search.get("level"));
  const recommendation = search.get("recommendation");
  return {
    level:
      search.get("level") !== null && Number.isInteger(level) && efficiencyLevels[level]
        ? level
        : null,
    recommendation:
      recommendation && Object.hasOwn(recommendations, recommendation)
        ? (recommendation as RecommendationKind)
        : null,
    ...dateRangeFrom(search),
  };
}

/** The filters as URL parameters again (for links, pagination and the export). */
export function assessmentFilterParams(filters: AssessmentFilters): URLSearchParams {
  const params = dateRangeParams(filters);
  if (filters.level !== null) params.set("level", String(filters.level));
  if (filters.recommendation) params.set("recommendation", filters.recommendation);
  return params;
}
