// Data access for anonymous assessment visits: how far each run through the wizard got.
import { and, count, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import type { Period } from "~/lib/periods";
import { assessmentVisits } from "~/db/schema";
import { attributionOf, type Attribution } from "./attribution";
import { TOTAL_STEPS } from "./steps";

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
    .select(attributionOf(assessmentVisits))
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
  const steps = Array.from({ length: TOTAL_STEPS }, (_, index) => {
    const step = index + 1;
    const reached = furthest
      .filter((row) => row.step >= step)
      .reduce((total, row) => total + row.visits, 0);
    return { step, reached };
  });
  return { steps, submitted };
}
