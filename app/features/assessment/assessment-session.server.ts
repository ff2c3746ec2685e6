// The visitor's assessment, kept in a signed cookie between steps: answers so far, the anonymous
// visit id, and after submitting, their latest result. Where they came from waits here only until
// the first step is answered and moves to the visit in the database then, so the fullest cookie
// stays under browsers' 4 KB limit and a page view alone writes nothing.
import { createCookieSessionStorage, type Session } from "react-router";
import { z } from "zod";
import { wizardStateFrom, type WizardState } from "./wizard";
import { MAX_REFERRER_LENGTH, MAX_UTM_LENGTH, type Attribution } from "./attribution";
import { signedCookieOptions } from "~/lib/cookies.server";

// No Max-Age: the cookie lives for the browser session, as the result page promises.
const storage = createCookieSessionStorage({ cookie: signedCookieOptions("assessment") });

const storedResultSchema = z.object({
  submissionId: z.number().int().positive(),
  firstName: z.string().max(80),
  efficiencyScore: z.number().int().min(0).max(100),
  bandScore: z.number().int().min(4).max(16),
  uncertainCount: z.number().int().min(0).max(10),
});

export type StoredResult = z.infer<typeof storedResultSchema>;

export type AssessmentSession = {
  wizard: WizardState;
  visitId: string | null;
  /** Where the visitor came from, until a visit is recorded to hold it. */
  arrival: Attribution | null;
  result: StoredResult | null;
};

const visitIdSchema = z.string().uuid();
const utm = z.string().max(MAX_UTM_LENGTH).nullable();
const arrivalSchema = z.object({
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
  utmTerm: utm,
  utmContent: utm,
  referrer: z.string().max(MAX_REFERRER_LENGTH).nullable(),
});

export async function readAssessmentSession(request: Request) {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const visitId = visitIdSchema.safeParse(session.get("visitId"));
  const result = storedResultSchema.safeParse(session.get("result"));
  const arrival = arrivalSchema.safeParse(session.get("arrival"));
  const state: AssessmentSession = {
    wizard: wizardStateFrom(session.get("wizard")),
    visitId: visitId.success ? visitId.data : null,
    arrival: arrival.success ? arrival.data : null,
    result: result.success ? result.data : null,
  };
  return { session, state };
}

/** Writes the state back and returns the Set-Cookie header value. */
export async function commitAssessmentSession(session: Session, state: AssessmentSession) {
  session.set("wizard", state.wizard);
  for (const key of ["visitId", "arrival", "result"] as const) {
    if (state[key] === null) session.unset(key);
    else session.set(key, state[key]);
  }
  return storage.commitSession(session);
}
