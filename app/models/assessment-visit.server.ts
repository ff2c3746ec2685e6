// Data access for anonymous assessment visits: how far each run through the wizard got.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { assessmentVisits } from "~/db/schema";
import type { Attribution } from "~/services/attribution";

type Queryable = Pick<AppDatabase, "insert" | "update" | "select">;

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export function startVisit(db: Queryable, furthestStep: number, attribution: Attribution): string {
  const id = crypto.randomUUID();
  db.insert(assessmentVisits)
    .values({ id, furthestStep, ...attribution })
    .run();
  return id;
}

export function attributionOfVisit(db: Queryable, id: string): Attribution | null {
  const [row] = db
    .select({
      utmSource: assessmentVisits.utmSource,
      utmMedium: assessmentVisits.utmMedium,
      utmCampaign: assessmentVisits.utmCampaign,
      utmTerm: assessmentVisits.utmTerm,
      utmContent: assessmentVisits.utmContent,
      referrer: assessmentVisits.referrer,
    })
    .from(assessmentVisits)
    .where(eq(assessmentVisits.id, id))
    .all();
  return row ?? null;
}

/** Raises the visit's furthest step; false when no open visit has this id. */
export function recordStepReached(db: Queryable, id: string, step: number): boolean {
  const result = db
    .update(assessmentVisits)
    .set({ furthestStep: sql`max(${assessmentVisits.furthestStep}, ${step})`, updatedAt: now })
    .where(and(eq(assessmentVisits.id, id), isNull(assessmentVisits.submittedAt)))
    .run();
  return result.changes > 0;
}

export function markVisitSubmitted(db: Queryable, id: string) {
  db.update(assessmentVisits)
    .set({ submittedAt: now, updatedAt: now })
    .where(eq(assessmentVisits.id, id))
    .run();
}
