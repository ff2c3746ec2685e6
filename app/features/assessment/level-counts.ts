// How submissions spread over the efficiency levels, from their counts per score: the admin's
// level chart.
import { efficiencyLevels, levelFor } from "./scoring";

export type ScoreCount = { score: number; submissions: number };
export type LevelCount = { label: string; value: number };

/** Every level, highest first, with the submissions whose score falls in it (zero for none). */
export function countsByLevel(scoreCounts: readonly ScoreCount[]): LevelCount[] {
  const levelCounts = efficiencyLevels.map((level) => ({ label: level.name, value: 0 }));
  for (const { score, submissions } of scoreCounts) {
    const entry = levelCounts[efficiencyLevels.indexOf(levelFor(score))];
    if (entry) entry.value += submissions;
  }
  return levelCounts;
}
