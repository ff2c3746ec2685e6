// A visitor's way through the wizard as the server follows it: where they came from, how far their
// visit got, and the submission at the end. Each function changes the session's state, which the
// route then writes back to the visitor's cookie.
import { logEvent } from "~/lib/log.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import type { AssessmentSession } from "./assessment-session.server";
import { NO_ATTRIBUTION, attributionFrom } from "./attribution";
import { ASSESSMENT_PATH } from "./steps";
import { saveFailureReason, submitAssessment, trackVisit } from "./submit.server";
import { completedAnswers, type WizardStep } from "./wizard";
import { notStoredReply, refusalReply, type WizardReply } from "./wizard-navigation";

function isPrefetch(request: Request) {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/**
 * Keeps where a new visitor came from until they answer a step. A page view writes nothing
 * (crawlers would fill the database and skew the funnel): the arrival waits in their cookie, and
 * the visit is recorded when they answer. True when the session changed.
 */
export function noteArrival(state: AssessmentSession, request: Request, url: URL): boolean {
  if (request.method !== "GET" || isPrefetch(request) || state.visitId || state.arrival) {
    return false;
  }
  const arrival = attributionFrom(url, request.headers.get("Referer"));
  if (!Object.values(arrival).some((value) => value !== null)) return false;
  state.arrival = arrival;
  return true;
}

/** Records how far the visit got, starting it with where the visitor came from on their first answer. */
export function recordStepReached(state: AssessmentSession, step: number) {
  try {
    state.visitId = trackVisit(state.visitId, step, state.arrival ?? NO_ATTRIBUTION);
    state.arrival = null;
  } catch (error) {
    // The drop-off figures are for the firm; the visitor carries on without them.
    logEvent("error", "assessment_visit_not_recorded", { message: String(error) });
  }
}

export type WizardSubmission =
  | { outcome: "submitted" }
  | { outcome: "incomplete"; reply: WizardReply }
  | { outcome: "too-many"; reply: WizardReply; retryAfterSeconds: number }
  /** The answers stay in the session, so trying again needs no retyping. */
  | { outcome: "not-stored"; reply: WizardReply };

/**
 * Submits the wizard once its last step is answered: the visit reaches that step, and within the
 * address's limit the assessment is stored and the session then holds its result in place of the
 * answers.
 */
export async function finishWizard(
  state: AssessmentSession,
  lastStep: WizardStep,
  clientIp: string,
): Promise<WizardSubmission> {
  recordStepReached(state, lastStep.number);
  const completed = completedAnswers(state.wizard);
  if (!completed) {
    return {
      outcome: "incomplete",
      reply: refusalReply(
        "Please answer the earlier questions first",
        "Some earlier steps still need an answer.",
      ),
    };
  }
  const decision = await rateLimiter("assessmentSubmit").hit(clientIp);
  if (!decision.allowed) {
    logEvent("warn", "rate_limited", { path: ASSESSMENT_PATH, clientIp });
    return {
      outcome: "too-many",
      retryAfterSeconds: decision.retryAfterSeconds,
      reply: refusalReply(
        "Too many assessments",
        "Several assessments were sent from your connection in a short time. Please wait a few minutes and try again.",
      ),
    };
  }

  try {
    // The visit was recorded with this answer just above; without it the database took no write.
    if (!state.visitId) throw new Error("The visit could not be recorded.");
    const accepted = await submitAssessment({ ...completed, visitId: state.visitId });
    state.wizard = { answers: {} };
    state.visitId = null;
    state.result = {
      submissionId: accepted.submissionId,
      firstName: accepted.contact.firstName,
      efficiencyScore: accepted.score.efficiencyScore,
      bandScore: accepted.score.bandScore,
      uncertainCount: accepted.score.uncertainCount,
    };
    logEvent("info", "assessment_submitted", { submissionId: accepted.submissionId });
    return { outcome: "submitted" };
  } catch (error) {
    logEvent("error", "assessment_not_stored", { message: String(error) });
    return {
      outcome: "not-stored",
      reply: notStoredReply(lastStep, state.wizard.answers, saveFailureReason(error)),
    };
  }
}
