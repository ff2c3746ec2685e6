// Data access for assessment submissions: one row per completed assessment, every answer and score.
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { inDateOrder } from "~/lib/date-order.server";
import { batchBefore } from "~/lib/export-batches.server";
import type { ListPage } from "~/lib/url-filters";
import { assessmentSubmissions } from "~/db/schema";
import type { AssessmentFilters, SubmissionOrder } from "./submission-filters";
import {
  efficiencyLevels,
  efficiencyQuestionIds,
  NOT_CERTAIN,
  recommendationThresholds,
  type AssessmentScore,
  type Answers,
  type QuestionId,
} from "./scoring";
import type { ContactDetails } from "./wizard";
import type { Attribution } from "./attribution";

export type SubmissionRow = typeof assessmentSubmissions.$inferSelect;
type SubmissionColumn = keyof SubmissionRow & keyof typeof assessmentSubmissions.$inferInsert;

/** Each question's answer column and score column. */
const answerColumns = {
  time_wasted: ["timeWasted", "timeWastedScore"],
  reinvent_wheel: ["reinventWheel", "reinventWheelScore"],
  critical_processes: ["criticalProcesses", "criticalProcessesScore"],
  vacation_impact: ["vacationImpact", "vacationImpactScore"],
  meeting_time: ["meetingTime", "meetingTimeScore"],
  project_delays: ["projectDelays", "projectDelaysScore"],
  role: ["role", "roleScore"],
  approval_process: ["approvalProcess", "approvalProcessScore"],
  urgency: ["urgency", "urgencyScore"],
  timeline: ["timeline", "timelineScore"],
} as const satisfies Record<QuestionId, readonly [SubmissionColumn, SubmissionColumn]>;

type AnswerColumn = (typeof answerColumns)[QuestionId][number];

const questionIds = Object.keys(answerColumns) as QuestionId[];

export type NewSubmission = {
  contact: ContactDetails;
  answers: Answers;
  score: AssessmentScore;
  attribution: Attribution | null;
  visitId: string | null;
};

export function insertAssessmentSubmission(
  db: Queryable,
  submission: NewSubmission,
): SubmissionRow {
  const { contact, answers, score, attribution } = submission;
  const answerValues = Object.fromEntries(
    questionIds.flatMap((id) => {
      const [answerColumn, scoreColumn] = answerColumns[id];
      return [
        [answerColumn, answers[id]],
        [scoreColumn, score.scores[id]],
      ];
    }),
  ) as Pick<typeof assessmentSubmissions.$inferInsert, AnswerColumn>;
  const [row] = db
    .insert(assessmentSubmissions)
    .values({
      company: contact.company,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: contact.phone || null,
      ...answerValues,
      efficiencyScore: score.efficiencyScore,
      bandScore: score.bandScore,
      ...(attribution ?? {}),
      visitId: submission.visitId,
    })
    .returning()
    .all();
  if (!row) throw new Error("The assessment submission insert returned no row");
  return row;
}

/** How many efficiency answers were 'not certain', counted in SQL so it can be filtered on. */
const uncertainCount = sql<number>`(${sql.join(
  efficiencyQuestionIds.map(
    (id) => sql`(${assessmentSubmissions[answerColumns[id][0]]} = ${NOT_CERTAIN})`,
  ),
  sql` + `,
)})`;

/** The score range of a level, read from the level table: its minimum up to the next level's. */
function levelCondition(index: number): SQL | undefined {
  const level = efficiencyLevels[index];
  const higher = efficiencyLevels[index - 1];
  if (!level) return undefined;
  return and(
    gte(assessmentSubmissions.efficiencyScore, level.minScore),
    higher ? lt(assessmentSubmissions.efficiencyScore, higher.minScore) : undefined,
  );
}

/** The same rules as recommendationFor, as a condition on stored rows. */
function recommendationCondition(kind: AssessmentFilters["recommendation"]): SQL | undefined {
  const { consultationUncertain, highBand, mediumBand } = recommendationThresholds;
  const band = assessmentSubmissions.bandScore;
  const certainEnough = sql`${uncertainCount} < ${consultationUncertain}`;
  switch (kind) {
    case "consultation":
      return sql`${uncertainCount} >= ${consultationUncertain}`;
    case "high":
      return and(certainEnough, gte(band, highBand));
    case "medium":
      return and(certainEnough, gte(band, mediumBand), lt(band, highBand));
    case "low":
      return and(certainEnough, lt(band, mediumBand));
    default:
      return undefined;
  }
}

function filtersCondition(filters: AssessmentFilters) {
  return and(
    filters.level === null ? undefined : levelCondition(filters.level),
    recommendationCondition(filters.recommendation),
    filters.from ? gte(assessmentSubmissions.createdAt, filters.from) : undefined,
    filters.until ? lt(assessmentSubmissions.createdAt, filters.until) : undefined,
  );
}

export type SubmissionWithCount = SubmissionRow & { uncertainCount: number };

/** By score, equal scores newest first; or by date. */
function submissionOrderBy(order: SubmissionOrder = "newest") {
  const { efficiencyScore, createdAt, id } = assessmentSubmissions;
  if (order === "score-desc" || order === "score-asc") {
    const direction = order === "score-desc" ? desc : asc;
    return [direction(efficiencyScore), desc(createdAt), desc(id)];
  }
  return inDateOrder(order, createdAt, id);
}

/** Newest first unless told otherwise, a page at a time, with the total the filters match. */
export function submissionsPage(
  db: Queryable,
  filters: AssessmentFilters,
  { page, perPage, order }: Omit<ListPage, "order"> & { order?: SubmissionOrder },
) {
  const where = filtersCondition(filters);
  const rows: SubmissionWithCount[] = db
    .select({ ...getColumns(), uncertainCount })
    .from(assessmentSubmissions)
    .where(where)
    .orderBy(...submissionOrderBy(order))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(assessmentSubmissions)
    .where(where)
    .all();
  return { rows, total };
}

/**
 * The next batch of matching submissions, newest first, after the row with id `beforeId`:
 * exports walk the table batch by batch instead of holding one query open.
 */
export function submissionsBatch(
  db: Queryable,
  filters: AssessmentFilters,
  beforeId: number | null,
  size: number,
): SubmissionWithCount[] {
  return db
    .select({ ...getColumns(), uncertainCount })
    .from(assessmentSubmissions)
    .where(batchBefore(assessmentSubmissions.id, beforeId, filtersCondition(filters)))
    .orderBy(desc(assessmentSubmissions.id))
    .limit(size)
    .all();
}

/** How many matching submissions have each efficiency score (at most 101 rows), for the levels. */
export function countsByEfficiencyScore(db: Queryable, filters: AssessmentFilters) {
  return db
    .select({ score: assessmentSubmissions.efficiencyScore, submissions: count() })
    .from(assessmentSubmissions)
    .where(filtersCondition(filters))
    .groupBy(assessmentSubmissions.efficiencyScore)
    .all();
}

export function findSubmission(db: Queryable, id: number): SubmissionWithCount | undefined {
  return db
    .select({ ...getColumns(), uncertainCount })
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.id, id))
    .get();
}

/** The submissions with these ids, in no particular order; ids with none are left out. */
export function submissionsByIds(db: Queryable, ids: readonly number[]): SubmissionWithCount[] {
  if (ids.length === 0) return [];
  return db
    .select({ ...getColumns(), uncertainCount })
    .from(assessmentSubmissions)
    .where(inArray(assessmentSubmissions.id, [...ids]))
    .all();
}

function getColumns() {
  return getTableColumns(assessmentSubmissions);
}

export function findSubmissionByVisit(db: Queryable, visitId: string): SubmissionRow | undefined {
  return db
    .select()
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.visitId, visitId))
    .get();
}

/** The option values a stored submission holds, keyed by question. */
export function answersOf(row: SubmissionRow): Answers {
  return Object.fromEntries(questionIds.map((id) => [id, row[answerColumns[id][0]]])) as Answers;
}

export function contactOf(row: SubmissionRow): ContactDetails {
  return {
    company: row.company,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone ?? "",
  };
}
