// Data access for anonymous assessment visits: how far each run through the wizard got.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { assessmentVisits } from "~/db/schema";

type Queryable = Pick<AppDatabase, "insert" | "update">;

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export function startVisit(db: Queryable, furthestStep: number): string {
  const id = crypto.randomUUID();
  db.insert(assessmentVisits).values({ id, furthestStep }).run();
  return id;
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
