// The figures behind the leads view: CTA clicks by label, page and day, and how far assessment
// visits got. Aggregated in SQL over indexed date ranges, so no rows are loaded to count them.
import { and, count, desc, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { assessmentVisits, ctaClicks } from "~/db/schema";

type Queryable = Pick<AppDatabase, "select">;

/** A half-open period: from `since` (included) to `until` (excluded). */
export type Period = { since: Date; until: Date };

export const ASSESSMENT_STEPS = 10;

const clicksWithin = ({ since, until }: Period) =>
  and(gte(ctaClicks.createdAt, since), lt(ctaClicks.createdAt, until));

export function clicksByLabel(db: Queryable, period: Period) {
  const clicks = count();
  return db
    .select({ label: ctaClicks.ctaSource, clicks })
    .from(ctaClicks)
    .where(clicksWithin(period))
    .groupBy(ctaClicks.ctaSource)
    .orderBy(desc(clicks), ctaClicks.ctaSource)
    .all();
}

export function clicksByPage(db: Queryable, period: Period) {
  const clicks = count();
  return db
    .select({ page: ctaClicks.pagePath, clicks })
    .from(ctaClicks)
    .where(clicksWithin(period))
    .groupBy(ctaClicks.pagePath)
    .orderBy(desc(clicks), ctaClicks.pagePath)
    .all();
}

/** Clicks per UTC day that had any; days without clicks are filled in by `everyDay`. */
export function clicksPerDay(db: Queryable, period: Period) {
  const day = sql<string>`strftime('%Y-%m-%d', ${ctaClicks.createdAt} / 1000, 'unixepoch')`;
  return db
    .select({ day, clicks: count() })
    .from(ctaClicks)
    .where(clicksWithin(period))
    .groupBy(day)
    .orderBy(day)
    .all();
}

/**
 * For each of the ten steps, how many visits started in the period reached it (a visit that got
 * to step 7 also passed steps 1 to 6), and how many of them submitted.
 */
export function assessmentFunnel(db: Queryable, { since, until }: Period) {
  const started = and(
    gte(assessmentVisits.startedAt, since),
    lt(assessmentVisits.startedAt, until),
  );
  const furthest = db
    .select({ step: assessmentVisits.furthestStep, visits: count() })
    .from(assessmentVisits)
    .where(started)
    .groupBy(assessmentVisits.furthestStep)
    .all();
  const [{ submitted } = { submitted: 0 }] = db
    .select({ submitted: count() })
    .from(assessmentVisits)
    .where(and(started, isNotNull(assessmentVisits.submittedAt)))
    .all();
  const steps = Array.from({ length: ASSESSMENT_STEPS }, (_, index) => {
    const step = index + 1;
    const reached = furthest
      .filter((row) => row.step >= step)
      .reduce((total, row) => total + row.visits, 0);
    return { step, reached };
  });
  return { steps, submitted };
}
