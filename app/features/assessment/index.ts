export { AssessmentResult, NoAssessmentResult } from "./components/assessment-result";
export { AssessmentWizard } from "./components/assessment-wizard";
export { countsByLevel } from "./level-counts";
export { assessmentResultView } from "./results";
export {
  answersInWords,
  efficiencyLevels,
  efficiencyQuestionIds,
  levelFor,
  qualificationQuestionIds,
  questionsById,
  recommendationFor,
  recommendations,
} from "./scoring";
export { stepTitle, stepUrl } from "./steps";
export {
  assessmentFilterParams,
  assessmentFiltersFrom,
  submissionOrderFrom,
} from "./submission-filters";
export type { AssessmentFilters, SubmissionOrder } from "./submission-filters";
export { noticeReply, postStep, wizardView } from "./wizard-navigation";
export { UpdatesLinkPage, type UpdatesLinkProblem } from "./components/updates-link-page";
