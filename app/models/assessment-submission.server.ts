// Data access for assessment submissions: one row per completed assessment, every answer and score.
import { eq } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { assessmentSubmissions } from "~/db/schema";
import type { AssessmentScore, Answers, QuestionId } from "~/services/scoring";
import type { ContactDetails } from "~/services/assessment-wizard";
import type { Attribution } from "~/services/attribution";

type Queryable = Pick<AppDatabase, "insert" | "select">;
type SubmissionRow = typeof assessmentSubmissions.$inferSelect;
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
