// Data access for CTA click records, and the figures the leads view draws from them (aggregated
// in SQL over indexed date ranges, so no rows are loaded to count them).
import { and, count, desc, gte, lt, sql } from "drizzle-orm";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { batchBefore } from "~/lib/export-batches.server";
import type { Period } from "~/lib/periods";
import { ctaClicks } from "~/db/schema";

export function insertCtaClick(
  db: AppDatabase,
  click: { ctaSource: string; pagePath: string; userSession: string },
) {
  db.insert(ctaClicks).values(click).run();
}

const clicksWithin = ({ since, until }: Period) =>
  and(gte(ctaClicks.createdAt, since), lt(ctaClicks.createdAt, until));

/** The next batch for an export, newest first, after the click with id `beforeId`. */
export function ctaClicksBatch(
  db: Queryable,
  period: Period,
  beforeId: number | null,
  size: number,
) {
  return db
    .select()
    .from(ctaClicks)
    .where(batchBefore(ctaClicks.id, beforeId, clicksWithin(period)))
    .orderBy(desc(ctaClicks.id))
    .limit(size)
    .all();
}

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
