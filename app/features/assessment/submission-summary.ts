// How the leads view shows a submitted assessment: who sent it, and its result in words.
import { levelFor, recommendationFor } from "./scoring";
import type { SubmissionWithCount } from "./submission-queries.server";

export function submissionSummary(row: SubmissionWithCount) {
  return {
    id: row.id,
    createdAt: row.createdAt,
    company: row.company,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
    efficiencyScore: row.efficiencyScore,
    level: levelFor(row.efficiencyScore).name,
    bandScore: row.bandScore,
    recommendation: recommendationFor(row.bandScore, row.uncertainCount).title,
    uncertainCount: row.uncertainCount,
  };
}
