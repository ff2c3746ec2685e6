// How scripts/lighthouse.ts judges a page against its budgets from its Lighthouse runs: pure, so
// that tests/lighthouse-verdict.test.ts can hold it to its rules with made-up runs.
import type { Result } from "lighthouse";

export const CATEGORIES = [
  { id: "performance", label: "Performance", budget: 95 },
  { id: "accessibility", label: "Accessibility", budget: 100 },
  { id: "best-practices", label: "Best Practices", budget: 100 },
  { id: "seo", label: "SEO", budget: 100 },
];

export type AuditResult = Result["audits"][string];
type CategorySummary = (typeof CATEGORIES)[number] & {
  score: number | null;
  withinBudget: boolean;
  runtimeError: Result["runtimeError"];
  failingAudits: AuditResult[];
};
export type PageSummary = { page: string; categories: CategorySummary[]; withinBudget: boolean };

// Pages kept out of search engines on purpose, whose SEO audit therefore fails one check: the
// results page without a result, which only points to the assessment. Any other failing SEO audit
// still puts the page under budget.
export const DELIBERATELY_NOT_INDEXED: Record<string, string> = {
  "/assessment-results": "is-crawlable",
};

// Audits that do not count towards a score, or could not be scored on this page.
const UNSCORED_MODES = new Set(["informative", "notApplicable", "manual"]);
/** The runs whose median judges Performance when a shorter measure finds a page under budget. */
export const RUNS_FOR_A_VERDICT = 3;

/** A category's score from 0 to 100, or null when Lighthouse could not score it. */
export function scoreOf(lhr: Result, categoryId: string) {
  const score = lhr.categories[categoryId]?.score;
  return typeof score === "number" ? Math.round(score * 100) : null;
}

/**
 * Performance is the median run's: it varies with the machine's load from run to run. Each other
 * category takes its worst run. They do not depend on timing, so a run that scores lower has
 * found something real that the others missed (a console error from a request that failed once,
 * an element that was briefly on screen), and one such run is enough to fix it. Each category's
 * failing audits come from the run its score comes from.
 */
export function summarize(page: string, allLhrs: Result[]): PageSummary {
  // Runs that failed every attempt only count when no run succeeded: then the page fails with
  // Lighthouse's error.
  const succeeded = allLhrs.filter((lhr) => !lhr.runtimeError);
  const lhrs = succeeded.length > 0 ? succeeded : allLhrs;
  const byPerformance = [...lhrs].sort(
    (a, b) => (scoreOf(a, "performance") ?? -1) - (scoreOf(b, "performance") ?? -1),
  );
  // The lower of the two middle runs when their number is even.
  const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  if (!median) throw new Error(`${page}: no Lighthouse run to summarize`);
  const categories = CATEGORIES.map((category): CategorySummary => {
    const lhr =
      category.id === "performance"
        ? median
        : lhrs.reduce((worst, candidate) =>
            (scoreOf(candidate, category.id) ?? -1) < (scoreOf(worst, category.id) ?? -1)
              ? candidate
              : worst,
          );
    const score = scoreOf(lhr, category.id);
    const expected = category.id === "seo" ? DELIBERATELY_NOT_INDEXED[page] : undefined;
    const unexpected = failingAudits(lhr, category.id).filter((audit) => audit.id !== expected);
    const withinBudget =
      score !== null &&
      (score >= category.budget || (expected !== undefined && unexpected.length === 0));
    return {
      ...category,
      score,
      withinBudget,
      runtimeError: lhr.runtimeError,
      failingAudits: withinBudget ? [] : unexpected,
    };
  });
  return { page, categories, withinBudget: categories.every((category) => category.withinBudget) };
}

/**
 * Whether a page measured in fewer runs than RUNS_FOR_A_VERDICT needs the rest before it can fail:
 * only for Performance, the one category that moves with the machine's load.
 */
export function needsRunsForAVerdict(summary: PageSummary, runCount: number) {
  return (
    runCount < RUNS_FOR_A_VERDICT &&
    summary.categories.some((category) => category.id === "performance" && !category.withinBudget)
  );
}

function failingAudits(lhr: Result, categoryId: string) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is AuditResult =>
        audit !== undefined &&
        (audit.scoreDisplayMode === "error" ||
          (!UNSCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)),
    );
}
