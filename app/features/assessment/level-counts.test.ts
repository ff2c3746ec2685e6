import { describe, expect, test } from "vitest";
import { countsByLevel } from "./level-counts";

const HIGH = "Highly Efficient Operations";
const GOOD = "Good Efficiency with Room for Improvement";
const WASTE = "Significant Operational Waste Present";
const MAJOR = "Major Inefficiencies Costing Substantial Money";

describe("countsByLevel", () => {
  test.each([
    { scores: [], counts: [0, 0, 0, 0] },
    { scores: [{ score: 100, submissions: 2 }], counts: [2, 0, 0, 0] },
    // Each level's lowest score belongs to it; one below belongs to the next.
    { scores: [{ score: 85, submissions: 1 }], counts: [1, 0, 0, 0] },
    { scores: [{ score: 84, submissions: 1 }], counts: [0, 1, 0, 0] },
    { scores: [{ score: 70, submissions: 3 }], counts: [0, 3, 0, 0] },
    { scores: [{ score: 69, submissions: 3 }], counts: [0, 0, 3, 0] },
    { scores: [{ score: 50, submissions: 4 }], counts: [0, 0, 4, 0] },
    { scores: [{ score: 49, submissions: 4 }], counts: [0, 0, 0, 4] },
    { scores: [{ score: 0, submissions: 5 }], counts: [0, 0, 0, 5] },
    // Several scores of one level add up.
    {
      scores: [
        { score: 90, submissions: 1 },
        { score: 99, submissions: 2 },
        { score: 12, submissions: 7 },
        { score: 55, submissions: 1 },
      ],
      counts: [3, 0, 1, 7],
    },
  ])("$scores.length score(s) give $counts", ({ scores, counts }) => {
    expect(countsByLevel(scores)).toEqual([
      { label: HIGH, value: counts[0] },
      { label: GOOD, value: counts[1] },
      { label: WASTE, value: counts[2] },
      { label: MAJOR, value: counts[3] },
    ]);
  });
});
