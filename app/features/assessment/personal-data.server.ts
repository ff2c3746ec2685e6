// What the assessment holds about one address, for a privacy request: the submissions it made and
// the visits (runs through the wizard) they came from. Erasing keeps each submission's answers and
// scores, which say nothing of who gave them, for the statistics; the contact details go, and so
// do the per-visitor parts of the attribution (the referrer, the term and the content), on the
// submission and on its visit.
import { asc, inArray } from "drizzle-orm";
import { assessmentSubmissions, assessmentVisits } from "~/db/schema";
import type { PersonalDataHolder } from "~/lib/personal-data";
import { ERASED, exportable, redactMentions, sameAddress } from "~/lib/personal-data.server";
import { attributionOf } from "./attribution";

const personalAttribution = { referrer: null, utmTerm: null, utmContent: null };

function submissionsOf(db: Parameters<PersonalDataHolder["find"]>[0], email: string) {
  return db
    .select()
    .from(assessmentSubmissions)
    .where(sameAddress(assessmentSubmissions.email, email))
    .orderBy(asc(assessmentSubmissions.id))
    .all();
}

const visitIdsOf = (submissions: { visitId: string | null }[]) =>
  submissions.flatMap((submission) => (submission.visitId === null ? [] : [submission.visitId]));

export const assessmentPersonalData: PersonalDataHolder = {
  tables: ["assessment_submissions", "assessment_visits"],
  find(db, email) {
    const submissions = submissionsOf(db, email);
    const visitIds = visitIdsOf(submissions);
    const visits =
      visitIds.length === 0
        ? []
        : db
            .select()
            .from(assessmentVisits)
            .where(inArray(assessmentVisits.id, visitIds))
            .orderBy(asc(assessmentVisits.startedAt))
            .all();
    return [
      {
        kind: "assessment_submissions",
        label: "Assessment submissions",
        records: submissions.map(exportable),
      },
      { kind: "assessment_visits", label: "Assessment visits", records: visits.map(exportable) },
    ];
  },
  erase(db, email) {
    const own = sameAddress(assessmentSubmissions.email, email);
    const visitIds = visitIdsOf(submissionsOf(db, email));
    const submissionText = {
      company: assessmentSubmissions.company,
      firstName: assessmentSubmissions.firstName,
      lastName: assessmentSubmissions.lastName,
      phone: assessmentSubmissions.phone,
      ...attributionOf(assessmentSubmissions),
    };
    const visitText = attributionOf(assessmentVisits);
    const erased = db
      .update(assessmentSubmissions)
      .set({
        company: ERASED,
        firstName: ERASED,
        lastName: ERASED,
        email: ERASED,
        phone: null,
        ...personalAttribution,
      })
      .where(own)
      .returning({ id: assessmentSubmissions.id })
      .all().length;
    const visits =
      visitIds.length === 0
        ? 0
        : db
            .update(assessmentVisits)
            .set(personalAttribution)
            .where(inArray(assessmentVisits.id, visitIds))
            .returning({ id: assessmentVisits.id })
            .all().length;
    // What is left naming the address belongs to someone else: only the address goes.
    const mentioning =
      redactMentions(db, assessmentSubmissions, assessmentSubmissions.id, submissionText, email) +
      redactMentions(db, assessmentVisits, assessmentVisits.id, visitText, email);
    return {
      assessment_submissions: erased,
      assessment_visits: visits,
      assessment_mentioning: mentioning,
    };
  },
};
