// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as report from "./report.server";
import * as resultContact from "./result-contact.server";
import * as submissionQueries from "./submission-queries.server";
import * as updates from "./updates-subscription.server";
import * as visitQueries from "./visit-queries.server";

export { commitAssessmentSession, readAssessmentSession } from "./assessment-session.server";
export { answersOf } from "./submission-queries.server";
export const countsByEfficiencyScore = onDatabase(submissionQueries.countsByEfficiencyScore);
export const findSubmission = onDatabase(submissionQueries.findSubmission);
export const submissionsByIds = onDatabase(submissionQueries.submissionsByIds);
export const submissionsBatch = onDatabase(submissionQueries.submissionsBatch);
export const submissionsPage = onDatabase(submissionQueries.submissionsPage);
export type { SubmissionWithCount } from "./submission-queries.server";
export const assessmentFunnel = onDatabase(visitQueries.assessmentFunnel);
export { finishWizard, noteArrival, recordStepReached } from "./wizard-progress.server";
export { submissionSummary } from "./submission-summary";
export { checkReportLink, REPORT_LINK_DAYS } from "./report-link.server";
export { reportPdfResponse } from "./report.server";
export const findReport = onDatabase(report.findReport);
export const findReportOfVisit = onDatabase(report.findReportOfVisit);
export const resultContactOf = onDatabase(resultContact.resultContactOf);
export { reportLimitResponse, reportProblemResponse } from "./report-unavailable.server";
export const checkUpdatesLink = onDatabase(updates.checkUpdatesLink);
export const subscribeRespondent = onDatabase(updates.subscribeRespondent);
export { updatesReply } from "./updates-subscription.server";
export { deleteSubmissions, submissionIdsBefore } from "./retention.server";
export { assessmentPersonalData } from "./personal-data.server";
