// What the retention sweep removes of the assessment: the submissions that came before the leads'
// period began, and every visit that started before it and no kept submission came from (an
// abandoned one included), so the funnel of a day the sweep reached is gone whole rather than left
// with its starts but not its submissions.
import { and, inArray, lt, notExists, eq } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { sumOverSlices } from "~/lib/slices";
import { assessmentSubmissions, assessmentVisits } from "~/db/schema";

export function submissionIdsBefore(db: Queryable, cutoff: Date): number[] {
  return db
    .select({ id: assessmentSubmissions.id })
    .from(assessmentSubmissions)
    .where(lt(assessmentSubmissions.createdAt, cutoff))
    .all()
    .map((row) => row.id);
}

/**
 * Deletes these submissions (the caller has removed what refers to them), then the visits that
 * started before `cutoff` and no remaining submission came from. How many of each went.
 */
export function deleteSubmissions(db: Queryable, ids: readonly number[], cutoff: Date) {
  const submissions = sumOverSlices(
    ids,
    (slice) =>
      db.delete(assessmentSubmissions).where(inArray(assessmentSubmissions.id, slice)).run()
        .changes,
  );
  const visits = db
    .delete(assessmentVisits)
    .where(
      and(
        lt(assessmentVisits.startedAt, cutoff),
        notExists(
          db
            .select({ id: assessmentSubmissions.id })
            .from(assessmentSubmissions)
            .where(eq(assessmentSubmissions.visitId, assessmentVisits.id)),
        ),
      ),
    )
    .run().changes;
  return { submissions, visits };
}
