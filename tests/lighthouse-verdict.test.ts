// How the Lighthouse script judges a page from its runs (scripts/lib/lighthouse-verdict.ts), on
// made-up runs: Performance from the median run, the other categories from their worst, and a
// page that one run puts under the Performance budget measured again before it fails.
import type { Result } from "lighthouse";
import { describe, expect, test } from "vitest";
import {
  needsRunsForAVerdict,
  RUNS_FOR_A_VERDICT,
  summarize,
} from "../scripts/lib/lighthouse-verdict.ts";

type Scores = { performance: number; accessibility?: number; seo?: number };

/** A run with these scores (0-100), whose failing audits are those named per category. */
function run({ performance, accessibility = 100, seo = 100 }: Scores, failing: string[] = []) {
  const category = (score: number, auditIds: string[]) => ({
    score: score / 100,
    auditRefs: auditIds.map((id) => ({ id })),
  });
  const audits = Object.fromEntries(
    ["metric", "labels", "is-crawlable", ...failing].map((id) => [
      id,
      { id, scoreDisplayMode: "binary", score: failing.includes(id) ? 0 : 1 },
    ]),
  );
  return {
    categories: {
      performance: category(performance, ["metric"]),
      accessibility: category(accessibility, ["labels"]),
      "best-practices": category(100, []),
      seo: category(seo, ["is-crawlable"]),
    },
    audits,
  } as unknown as Result;
}

function scoresOf(page: string, runs: Result[]) {
  const summary = summarize(page, runs);
  return {
    withinBudget: summary.withinBudget,
    scores: Object.fromEntries(summary.categories.map((c) => [c.id, c.score])),
  };
}

describe("Performance is the median run's", () => {
  test.each([
    { runs: [96], median: 96, withinBudget: true },
    { runs: [94], median: 94, withinBudget: false },
    { runs: [94, 97, 96], median: 96, withinBudget: true },
    { runs: [97, 93, 94], median: 94, withinBudget: false },
    // An even number of runs takes the lower middle one.
    { runs: [97, 94], median: 94, withinBudget: false },
  ])("$runs gives $median", ({ runs, median, withinBudget }) => {
    const result = scoresOf(
      "/",
      runs.map((performance) => run({ performance })),
    );
    expect(result.scores.performance).toBe(median);
    expect(result.withinBudget).toBe(withinBudget);
  });
});

test("every other category takes its worst run, so one run's real fault fails the page", () => {
  const result = scoresOf("/", [
    run({ performance: 97 }),
    run({ performance: 97, accessibility: 92 }, ["labels"]),
    run({ performance: 97 }),
  ]);
  expect(result.scores).toMatchObject({ performance: 97, accessibility: 92 });
  expect(result.withinBudget).toBe(false);
});

test("a deliberately unindexed page passes SEO with only its crawlability audit failing", () => {
  const noindex = run({ performance: 97, seo: 63 }, ["is-crawlable"]);
  expect(summarize("/assessment-results", [noindex]).withinBudget).toBe(true);
  expect(summarize("/", [noindex]).withinBudget).toBe(false);
});

describe("a page one run puts under the Performance budget is measured again", () => {
  test("one run under Performance needs the rest of the runs", () => {
    const summary = summarize("/insights", [run({ performance: 94 })]);
    expect(needsRunsForAVerdict(summary, 1)).toBe(true);
  });

  test("a page within budget, or already measured in full, does not", () => {
    expect(needsRunsForAVerdict(summarize("/", [run({ performance: 95 })]), 1)).toBe(false);
    const full = Array.from({ length: RUNS_FOR_A_VERDICT }, () => run({ performance: 90 }));
    expect(needsRunsForAVerdict(summarize("/", full), full.length)).toBe(false);
  });

  test("a fault in another category fails at once: it does not move with the machine's load", () => {
    const summary = summarize("/", [run({ performance: 97, accessibility: 92 }, ["labels"])]);
    expect(summary.withinBudget).toBe(false);
    expect(needsRunsForAVerdict(summary, 1)).toBe(false);
  });
});
