// Data access for CTA click records, and the figures the leads view draws from them (aggregated
// in SQL over indexed date ranges, so no rows are loaded to count them).
import { and, count, desc, gte, lt, sql } from "drizzle-orm";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { batchBefore } from "~/lib/export-batches.server";
import { daysOf, everyDay, type Period } from "~/lib/periods";
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

/**
 * Clicks on every day of the period in the firm's zone, zero where there were none. SQLite knows
 * no zones, so each click is given its day by the first day whose end comes after it.
 */
export function clicksPerDay(db: Queryable, period: Period, timeZone: string) {
  const days = daysOf(period, timeZone);
  const day = sql<string>`case ${sql.join(
    days.map(({ day, until }) => sql`when ${ctaClicks.createdAt} < ${until.getTime()} then ${day}`),
    sql` `,
  )} end`;
  const counted = db
    .select({ day, clicks: count() })
    .from(ctaClicks)
    .where(clicksWithin(period))
    .groupBy(day)
    .all();
  return everyDay(days, counted);
}

/** Deletes the clicks made before `cutoff`, for the retention sweep. How many went. */
export function deleteClicksBefore(db: Queryable, cutoff: Date): number {
  return db.delete(ctaClicks).where(lt(ctaClicks.createdAt, cutoff)).run().changes;
}
