// Who completed the assessment in this browser, from their signed cookie: the details they gave,
// for another form to start from (the booking form), and their submission to link to it.
import type { Queryable } from "~/lib/db-client.server";
import { readAssessmentSession } from "./assessment-session.server";
import { findSubmission } from "./submission-queries.server";

export type ResultContact = {
  submissionId: number;
  fullName: string;
  email: string;
  company: string;
  phone: string | undefined;
};

export async function resultContactOf(
  db: Queryable,
  request: Request,
): Promise<ResultContact | null> {
  const { state } = await readAssessmentSession(request);
  if (!state.result) return null;
  const row = findSubmission(db, state.result.submissionId);
  if (!row) return null;
  return {
    submissionId: row.id,
    fullName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    company: row.company,
    phone: row.phone ?? undefined,
  };
}
