// Accepting a completed assessment: score it, store it, and queue both emails and the webhook
// deliveries in one transaction.
import { db } from "~/lib/db.server";
import {
  answersOf,
  contactOf,
  findSubmissionByVisit,
  insertAssessmentSubmission,
} from "./submission-queries.server";
import {
  attributionOfVisit,
  markVisitSubmitted,
  recordStepReached,
  startVisit,
} from "./visit-queries.server";
import { logEvent } from "~/lib/log.server";
import { siteConfig } from "~/lib/site-config.server";
import type { ContactDetails } from "./wizard";
import type { Attribution } from "./attribution";
import { ownerNotificationEmail, respondentResultEmail } from "./emails/assessment-emails";
import { reportLinkUrl } from "./report-link.server";
import {
  emailsQueuedTo,
  enqueueEmail,
  firmInbox,
  renderEmailAwaitingId,
} from "~/features/outbox/index.server";
import { queueLeadEvent } from "~/features/webhooks/index.server";
import { answersInWords, scoreAssessment, type Answers, type AssessmentScore } from "./scoring";

export type AssessmentEntry = {
  contact: ContactDetails;
  answers: Answers;
  /** The visit that answered: one submission each, so a replayed submit stores nothing new. */
  visitId: string;
};

/** Result emails one address may receive a day: the form must not be a way to flood an inbox. */
export const RESULT_EMAILS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AcceptedAssessment = {
  submissionId: number;
  contact: ContactDetails;
  score: AssessmentScore;
};

/**
 * Stores the submission with its two emails. A visit submits once: a repeated submit (a double
 * click, a resent form) returns the first submission instead of storing or mailing a second.
 */
export async function submitAssessment(
  entry: AssessmentEntry,
  now = new Date(),
): Promise<AcceptedAssessment> {
  const score = scoreAssessment(entry.answers);
  // Written once, when the visit starts: read before the transaction, it is the same value the
  // submission stores and the firm's email shows.
  const attribution = attributionOfVisit(db, entry.visitId);
  // The emails are rendered before the transaction, as it cannot wait for a promise (a replay
  // drops them unsent). The firm's shows the submission's id, which only the insert makes: it is
  // rendered with a stand-in that withId swaps for the id inside the transaction.
  const [ownerNotification, respondentResult] = await Promise.all([
    renderEmailAwaitingId((submissionId) =>
      ownerNotificationEmail({ submissionId, ...entry, score, attribution }, siteConfig.brand),
    ),
    respondentResultEmail(
      {
        contact: entry.contact,
        score,
        // Signed for the visit, not the submission's id, which only the insert below makes.
        reportUrl: reportLinkUrl(entry.visitId, siteConfig.origin, now),
      },
      siteConfig,
    ),
  ]);
  const accepted = db.transaction((tx): AcceptedAssessment => {
    const earlier = findSubmissionByVisit(tx, entry.visitId);
    if (earlier) {
      return {
        submissionId: earlier.id,
        contact: contactOf(earlier),
        score: scoreAssessment(answersOf(earlier)),
      };
    }
    const row = insertAssessmentSubmission(tx, { ...entry, score, attribution });
    enqueueEmail(tx, {
      to: firmInbox,
      replyTo: entry.contact.email,
      ...ownerNotification.withId(row.id),
      assessmentSubmissionId: row.id,
    });
    const sentToday = emailsQueuedTo(tx, {
      recipient: entry.contact.email,
      about: "assessmentSubmission",
      since: new Date(now.getTime() - DAY_MS),
    });
    if (sentToday < RESULT_EMAILS_PER_ADDRESS_PER_DAY) {
      enqueueEmail(tx, {
        to: entry.contact.email,
        replyTo: firmInbox,
        ...respondentResult,
        assessmentSubmissionId: row.id,
      });
    } else {
      // Stored and the firm told all the same: only the respondent's copy is held back.
      logEvent("info", "assessment_result_email_capped", { submissionId: row.id });
    }
    queueLeadEvent(tx, {
      type: "assessment.submitted",
      at: row.createdAt,
      assessmentSubmissionId: row.id,
      data: {
        id: row.id,
        submittedAt: row.createdAt.toISOString(),
        contact: entry.contact,
        efficiencyScore: score.efficiencyScore,
        level: score.level.name,
        uncertainAnswers: score.uncertainCount,
        recommendation: score.recommendation.title,
        answers: answersInWords(entry.answers).map(({ id, prompt, answer }) => ({
          id,
          question: prompt,
          answer,
        })),
        attribution,
        adminUrl: `${siteConfig.origin}/admin/leads/assessments/${row.id}`,
      },
    });
    markVisitSubmitted(tx, entry.visitId);
    return { submissionId: row.id, contact: entry.contact, score };
  });
  return accepted;
}

/**
 * Records that a visit reached a step and returns its id, starting a new visit (with where the
 * visitor came from) when there is none yet or the stored one is unknown. A submitted visit keeps
 * its id, so a replayed final step meets its submission instead of starting over.
 */
export function trackVisit(visitId: string | null, step: number, arrival: Attribution): string {
  if (visitId && recordStepReached(db, visitId, step)) return visitId;
  if (visitId && attributionOfVisit(db, visitId)) return visitId;
  return startVisit(db, step, arrival);
}

const storageFailureReasons: [codePrefix: string, reason: string][] = [
  ["SQLITE_BUSY", "the database is busy. Please try again in a moment"],
  ["SQLITE_LOCKED", "the database is busy. Please try again in a moment"],
  ["SQLITE_FULL", "our storage is full"],
  ["SQLITE_READONLY", "our storage is read-only right now"],
  ["SQLITE_IOERR", "our storage could not be written"],
  ["SQLITE_CANTOPEN", "our storage could not be opened"],
];

/**
 * What the visitor is told when saving fails: a plain reason for storage failures the visitor can
 * understand, never an internal message; null when there is none to give.
 */
export function saveFailureReason(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  return storageFailureReasons.find(([prefix]) => code.startsWith(prefix))?.[1] ?? null;
}
