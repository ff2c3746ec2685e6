// The leads view's assessment filters as they travel in the URL (?level=&recommendation=, with
// the date range of every admin list).
import {
  dateRangeFrom,
  dateRangeParams,
  filterFrom,
  oneOf,
  wholeNumber,
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
export function assessmentFiltersFrom(search: URLSearchParams): AssessmentFilters {
  return {
    level: filterFrom(search, "level", levelIndex),
    recommendation: filterFrom(search, "recommendation", oneOf(recommendationKinds)),
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
