// Data access for CTA click records.
import { and, desc, gte, lt } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { ctaClicks } from "~/db/schema";

export function insertCtaClick(
  db: AppDatabase,
  click: { ctaSource: string; pagePath: string; userSession: string },
) {
  db.insert(ctaClicks).values(click).run();
}

/** The next batch for an export, newest first, after the click with id `beforeId`. */
export function ctaClicksBatch(
  db: Pick<AppDatabase, "select">,
  { since, until }: { since: Date; until: Date },
  beforeId: number | null,
  size: number,
) {
  return db
    .select()
    .from(ctaClicks)
    .where(
      and(
        gte(ctaClicks.createdAt, since),
        lt(ctaClicks.createdAt, until),
        beforeId === null ? undefined : lt(ctaClicks.id, beforeId),
      ),
    )
    .orderBy(desc(ctaClicks.id))
    .limit(size)
    .all();
}
