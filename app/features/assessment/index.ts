export { NO_ATTRIBUTION, attributionFrom } from "./attribution";
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
export type { EfficiencyLevel, Question, Recommendation } from "./scoring";
export {
  TOTAL_STEPS,
  contactFieldNames,
  isStepFilled,
  parseStepNumber,
  questionsOf,
  stepAt,
} from "./steps";
export type { StepErrors, WizardStep } from "./steps";
export { assessmentFilterParams, assessmentFiltersFrom } from "./submission-filters";
export type { AssessmentFilters } from "./submission-filters";
export { applyStep, applyStepGoingBack, completedAnswers, firstIncompleteStep } from "./wizard";
