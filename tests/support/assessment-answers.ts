// One complete set of assessment answers (a "good efficiency" score, a medium band), for tests
// that need a whole submission and are not about the scoring itself.
import type { Answers } from "~/features/assessment/scoring";

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
