// Leads stored straight into a server's database, as the wizard stores them, for specs that need
// a list to look at rather than the wizard's steps.
import type Database from "better-sqlite3";
import { scoreAssessment } from "../../app/features/assessment/scoring";
import { answersAt } from "../../tests/support/assessment-answers";

export type StoredLead = {
  company: string;
  name: readonly [string, string];
  email: string;
  phone: string | null;
  /** Which answer of each question (tests/support/assessment-answers.ts). */
  answers: number;
  createdAt: number;
};

/** One assessment submission with its answers and their scores; its id. */
export function storeAssessment(db: Database.Database, lead: StoredLead) {
  const answers = answersAt(lead.answers);
  const score = scoreAssessment(answers);
  const columns: Record<string, string | number | null> = {
    company: lead.company,
    first_name: lead.name[0],
    last_name: lead.name[1],
    email: lead.email,
    phone: lead.phone,
    efficiency_score: score.efficiencyScore,
    band_score: score.bandScore,
    created_at: lead.createdAt,
  };
  for (const [id, value] of Object.entries(answers)) {
    columns[id] = value;
    columns[`${id}_score`] = score.scores[id as keyof typeof score.scores];
  }
  const names = Object.keys(columns);
  return db
    .prepare(
      `insert into assessment_submissions (${names.join(", ")}) values (${names.map(() => "?").join(", ")})`,
    )
    .run(...Object.values(columns)).lastInsertRowid;
}
