// The visitor's result as the results page shows it, from what their cookie keeps of it: the score,
// the level it falls in and the recommended next step.
import type { StoredResult } from "./assessment-session.server";
import { levelFor, recommendationFor, type EfficiencyLevel, type Recommendation } from "./scoring";

export type AssessmentResultView = {
  firstName: string;
  efficiencyScore: number;
  uncertainCount: number;
  level: EfficiencyLevel;
  recommendation: Recommendation;
};

export function assessmentResultView(stored: StoredResult): AssessmentResultView {
  return {
    firstName: stored.firstName,
    efficiencyScore: stored.efficiencyScore,
    uncertainCount: stored.uncertainCount,
    level: levelFor(stored.efficiencyScore),
    recommendation: recommendationFor(stored.bandScore, stored.uncertainCount),
  };
}
