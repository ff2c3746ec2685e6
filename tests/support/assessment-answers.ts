// Complete sets of assessment answers: one for tests that need a whole submission and are not
// about the scoring itself, and answers made to land at a chosen end of the scale.
import {
  efficiencyQuestionIds,
  NOT_CERTAIN,
  qualificationQuestionIds,
  questionsById,
  type Answers,
} from "~/features/assessment/scoring";

/** A "good efficiency" score, a medium band. */
export const sampleAnswers: Answers = {
  time_wasted: "under-2-hours",
  reinvent_wheel: "rarely",
  critical_processes: "most-documented",
  vacation_impact: "work-continues",
  meeting_time: "10-25-percent",
  project_delays: "often",
  role: "director-manager",
  approval_process: "me-plus-one",
  urgency: "somewhat-urgent",
  timeline: "within-90-days",
};

/**
 * Answers that pick the option at `index` (or the last one) of every question, the first
 * `uncertain` efficiency questions answered "not certain".
 */
export function answersAt(index: number, uncertain = 0): Answers {
  const answers = {} as Answers;
  for (const id of [...efficiencyQuestionIds, ...qualificationQuestionIds]) {
    const options = questionsById[id].options.filter((option) => option.value !== NOT_CERTAIN);
    answers[id] = (options[index] ?? options[options.length - 1])!.value;
  }
  efficiencyQuestionIds.slice(0, uncertain).forEach((id) => (answers[id] = NOT_CERTAIN));
  return answers;
}
