import { describe, expect, test } from "vitest";
import { efficiencyLevels } from "./scoring";
import {
  assessmentFilterParams,
  assessmentFiltersFrom,
  submissionOrderFrom,
} from "./submission-filters";

// UTC here, so a day starts at midnight; the zone's own days are tested with the date range.
const day = (value: string) => new Date(`${value}T00:00:00Z`);
const none = { level: null, recommendation: null, from: null, until: null };

describe("assessmentFiltersFrom", () => {
  test.each([
    ["", none],
    // What the form sends with "Any level" and "Any recommendation" chosen.
    ["level=&recommendation=&from=&to=", none],
    [
      "level=&from=2026-11-01&to=2026-11-30",
      { ...none, from: day("2026-11-01"), until: day("2026-12-01") },
    ],
    ["level=%20", none],
    ["level=0", { ...none, level: 0 }],
    ["level=3", { ...none, level: 3 }],
    [`level=${efficiencyLevels.length}`, none],
    ["level=-1", none],
    ["level=1.0", none],
    ["level=0x1", none],
    ["recommendation=consultation", { ...none, recommendation: "consultation" }],
    ["recommendation=", none],
    ["recommendation=toString", none],
  ])("?%s", (query, expected) => {
    expect(assessmentFiltersFrom(new URLSearchParams(query), "UTC")).toEqual(expected);
  });

  test("an empty filter is left out of the links again, a real one kept", () => {
    const params = (query: string) =>
      assessmentFilterParams(
        assessmentFiltersFrom(new URLSearchParams(query), "UTC"),
        "UTC",
      ).toString();
    expect(params("level=&recommendation=&from=2026-11-01&to=")).toBe("from=2026-11-01");
    expect(params("level=0&recommendation=")).toBe("level=0");
  });
});

describe("submissionOrderFrom", () => {
  test.each([
    ["", "newest"],
    ["sort=oldest", "oldest"],
    ["sort=score-desc", "score-desc"],
    ["sort=score-asc", "score-asc"],
    ["sort=score", "newest"],
    ["sort=%20score-asc%20", "score-asc"],
  ])("?%s is %s", (query, expected) => {
    expect(submissionOrderFrom(new URLSearchParams(query))).toBe(expected);
  });
});
