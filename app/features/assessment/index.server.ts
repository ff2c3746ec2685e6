export { commitAssessmentSession, readAssessmentSession } from "./assessment-session.server";
export {
  answersOf,
  countsByEfficiencyScore,
  findSubmission,
  submissionsBatch,
  submissionsPage,
} from "./submission-queries.server";
export type { SubmissionWithCount } from "./submission-queries.server";
export { assessmentFunnel } from "./visit-queries.server";
export { finishWizard, noteArrival, recordStepReached } from "./wizard-progress.server";
export { submissionSummary } from "./submission-summary";
export { checkReportLink } from "./report-link.server";
export { findReport, findReportOfVisit, reportPdfResponse } from "./report.server";
export { reportLimitResponse, reportProblemResponse } from "./report-unavailable.server";
