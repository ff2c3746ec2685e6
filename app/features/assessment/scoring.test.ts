import { describe, expect, test } from "vitest";
import {
  NOT_CERTAIN,
  efficiencyLevels,
  efficiencyQuestionIds,
  efficiencyQuestions,
  levelFor,
  optionFor,
  qualificationQuestionIds,
  qualificationQuestions,
  questionsById,
  recommendationFor,
  recommendations,
  scoreAssessment,
  type Answers,
  type QuestionId,
} from "./scoring";

// Every option of every question, as the spec fixes it: value -> score (and label where the spec
// names it). Written out by hand so that a changed score or value fails here.
const efficiencyOptionTable: Record<string, [value: string, score: number][]> = {
  time_wasted: [
    ["under-2-hours", 25],
    ["2-5-hours", 15],
    ["5-10-hours", 5],
    ["over-10-hours", 0],
    [NOT_CERTAIN, 0],
  ],
  reinvent_wheel: [
    ["rarely", 25],
    ["monthly", 15],
    ["weekly", 5],
    ["daily", 0],
    [NOT_CERTAIN, 0],
  ],
  critical_processes: [
    ["all-documented", 25],
    ["most-documented", 15],
    ["some-documented", 5],
    ["none-documented", 0],
    [NOT_CERTAIN, 0],
  ],
  vacation_impact: [
    ["work-continues", 25],
    ["minor-delays", 15],
    ["major-delays", 5],
    ["work-stops", 0],
    [NOT_CERTAIN, 0],
  ],
  meeting_time: [
    ["under-10-percent", 25],
    ["10-25-percent", 15],
    ["25-50-percent", 5],
    ["over-50-percent", 0],
    [NOT_CERTAIN, 0],
  ],
  project_delays: [
    ["rarely", 25],
    ["sometimes", 15],
    ["often", 5],
    ["almost-always", 0],
    [NOT_CERTAIN, 0],
  ],
};

const qualificationOptionTable: Record<string, [value: string, label: string, score: number][]> = {
  role: [
    ["ceo-founder-owner", "CEO/Founder/Owner", 4],
    ["coo-vp-operations", "COO/VP Operations", 4],
    ["director-manager", "Director/Manager", 3],
    ["individual-contributor", "Individual contributor", 1],
    ["other", "Other", 2],
  ],
  approval_process: [
    ["just-me", "Just me", 4],
    ["me-plus-one", "Me + 1 other", 3],
    ["small-leadership-team", "Small leadership team", 2],
    ["large-committee", "Large committee", 1],
    ["not-sure", "Not sure", 1],
  ],
  urgency: [
    ["extremely-urgent", "Extremely urgent", 4],
    ["somewhat-urgent", "Somewhat urgent", 3],
    ["important-not-immediate", "Important but not immediate", 2],
    ["just-curious", "Just curious", 1],
  ],
  timeline: [
    ["within-30-days", "Within 30 days", 4],
    ["within-90-days", "Within 90 days", 3],
    ["within-6-months", "Within 6 months", 2],
    ["no-specific-timeline", "No specific timeline", 1],
    ["just-gathering-information", "Just gathering information", 1],
  ],
};

const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("questions", () => {
  test("efficiency questions come in the spec's order", () => {
    expect(efficiencyQuestions.map((q) => q.id)).toEqual([
      "time_wasted",
      "reinvent_wheel",
      "critical_processes",
      "vacation_impact",
      "meeting_time",
      "project_delays",
    ]);
    expect([...efficiencyQuestionIds]).toEqual(efficiencyQuestions.map((q) => q.id));
  });

  test("qualification questions come in the spec's order", () => {
    expect(qualificationQuestions.map((q) => q.id)).toEqual([
      "role",
      "approval_process",
      "urgency",
      "timeline",
    ]);
    expect([...qualificationQuestionIds]).toEqual(qualificationQuestions.map((q) => q.id));
  });

  test("questionsById holds exactly the ten questions, each under its own id", () => {
    const all = [...efficiencyQuestions, ...qualificationQuestions];
    expect(Object.keys(questionsById).sort()).toEqual(all.map((q) => q.id).sort());
    for (const question of all) expect(questionsById[question.id]).toBe(question);
  });

  test.each([...efficiencyQuestions, ...qualificationQuestions])(
    "$id has a question prompt, a one-sentence hint and distinct kebab-case values",
    (question) => {
      expect(question.prompt).toMatch(/^\S.*\?$/);
      expect(question.hint).toMatch(/^\S[^?]*\.$/);
      const values = question.options.map((o) => o.value);
      for (const value of values) expect(value).toMatch(kebabCase);
      expect(new Set(values).size).toBe(values.length);
      for (const option of question.options) expect(option.label.trim()).not.toBe("");
    },
  );

  test.each(efficiencyQuestions)("$id scores 25, 15, 5, 0, then 'I am not certain' at 0", (q) => {
    expect(q.options.map((o) => o.score)).toEqual([25, 15, 5, 0, 0]);
    expect(q.options[4]).toEqual({ value: "not-certain", label: "I am not certain", score: 0 });
    expect(q.options.slice(0, 4).map((o) => o.value)).not.toContain(NOT_CERTAIN);
    expect(q.options.map((o) => [o.value, o.score])).toEqual(efficiencyOptionTable[q.id]);
  });

  test.each(qualificationQuestions)("$id options are the spec's labels and scores", (q) => {
    expect(q.options.map((o) => [o.value, o.label, o.score])).toEqual(
      qualificationOptionTable[q.id],
    );
    expect(q.options.map((o) => o.value)).not.toContain(NOT_CERTAIN);
  });
});

describe("optionFor", () => {
  const everyOption = [
    ...Object.entries(efficiencyOptionTable).flatMap(([id, rows]) =>
      rows.map(([value, score]) => [id, value, score] as const),
    ),
    ...Object.entries(qualificationOptionTable).flatMap(([id, rows]) =>
      rows.map(([value, , score]) => [id, value, score] as const),
    ),
  ];

  test("the table covers all 46 options", () => {
    expect(everyOption).toHaveLength(6 * 5 + 5 + 5 + 4 + 5);
  });

  test.each(everyOption)("%s = %s scores %i", (id, value, score) => {
    const option = optionFor(id as QuestionId, value);
    expect(option?.value).toBe(value);
    expect(option?.score).toBe(score);
  });

  test.each([
    ["time_wasted", "bogus"],
    ["time_wasted", ""],
    ["time_wasted", "Less than 2 hours"],
    ["time_wasted", "UNDER-2-HOURS"],
    ["role", NOT_CERTAIN],
    ["role", "Other"],
    ["urgency", "toString"],
    ["timeline", "constructor"],
  ])("%s = %j is not an option", (id, value) => {
    expect(optionFor(id as QuestionId, value)).toBeUndefined();
  });

  test("an unknown question id has no options", () => {
    expect(optionFor("colour" as QuestionId, "red")).toBeUndefined();
    expect(optionFor("constructor" as QuestionId, "name")).toBeUndefined();
  });
});

describe("efficiency levels", () => {
  // efficiency_score is a whole percent (scoreAssessment rounds it): every score from 0 to 100.
  const everyScore = Array.from({ length: 101 }, (_, score) => score);
  /** Each level's scores, as levelFor places them, lowest first. */
  const bands = efficiencyLevels.map((level) => everyScore.filter((s) => levelFor(s) === level));

  /** The scores a range label names, read back from its wording. */
  function scoresNamedBy(rangeLabel: string) {
    const [, atLeast] = /^(\d+) and above$/.exec(rangeLabel) ?? [];
    if (atLeast) return everyScore.filter((score) => score >= Number(atLeast));
    const [, under] = /^Below (\d+)$/.exec(rangeLabel) ?? [];
    if (under) return everyScore.filter((score) => score < Number(under));
    const [, from, to] = /^(\d+)-(\d+)$/.exec(rangeLabel) ?? [];
    if (from && to) {
      return everyScore.filter((score) => score >= Number(from) && score <= Number(to));
    }
    throw new Error(`"${rangeLabel}" names no range of scores`);
  }

  test("the levels, highest first, split 0-100 into contiguous bands, each from its minScore", () => {
    expect(bands.flat().sort((a, b) => a - b)).toEqual(everyScore);
    bands.forEach((band, index) => {
      const level = efficiencyLevels[index];
      expect(band.length, level?.name).toBeGreaterThan(0);
      expect(band[0], level?.name).toBe(level?.minScore);
      expect(band.at(-1)! - band[0]! + 1, `${level?.name} has no gaps`).toBe(band.length);
      const below = bands[index + 1];
      if (below) expect(below.at(-1), `just below ${level?.name}`).toBe(band[0]! - 1);
    });
    expect(bands[0]?.at(-1)).toBe(100);
    expect(bands.at(-1)?.[0]).toBe(0);
  });

  test("each level's range label names exactly the scores of its band", () => {
    for (const [index, level] of efficiencyLevels.entries()) {
      expect(scoresNamedBy(level.rangeLabel), level.rangeLabel).toEqual(bands[index]);
    }
  });

  test("the labels and descriptions are the spec's words", () => {
    expect(
      efficiencyLevels.map((level) => [
        level.rangeLabel,
        level.name,
        level.timeWaste,
        level.costImpact,
        level.opportunity,
      ]),
    ).toEqual([
      ["85 and above", "Highly Efficient Operations", "2-5 hours", "5-10%", "10-20%"],
      ["70-84", "Good Efficiency with Room for Improvement", "5-10 hours", "10-15%", "20-30%"],
      ["50-69", "Significant Operational Waste Present", "10-20 hours", "15-25%", "30-50%"],
      [
        "Below 50",
        "Major Inefficiencies Costing Substantial Money",
        "20+ hours",
        "25-40%",
        "50-100%",
      ],
    ]);
  });

  test.each([
    [100, "Highly Efficient Operations"],
    [85, "Highly Efficient Operations"],
    [84, "Good Efficiency with Room for Improvement"],
    [70, "Good Efficiency with Room for Improvement"],
    [69, "Significant Operational Waste Present"],
    [50, "Significant Operational Waste Present"],
    [49, "Major Inefficiencies Costing Substantial Money"],
    [0, "Major Inefficiencies Costing Substantial Money"],
  ])("score %i is %s", (score, name) => {
    expect(levelFor(score).name).toBe(name);
  });
});

describe("recommendationFor", () => {
  test("the four recommendations and their titles", () => {
    expect(
      Object.values(recommendations).map((r) => [r.kind, r.title, r.description.length > 0]),
    ).toEqual([
      ["consultation", "Schedule a Discovery Call", true],
      ["high", "Schedule Strategic Consultation", true],
      ["medium", "Get the Quick Wins Guide", true],
      ["low", "Subscribe to Efficiency Updates", true],
    ]);
    for (const [kind, recommendation] of Object.entries(recommendations)) {
      expect(recommendation.kind).toBe(kind);
      expect(recommendation.description).not.toMatch(/https?:|\/contact/);
    }
  });

  test.each([
    // band boundaries, with no uncertain answers
    [16, 0, "high", "Schedule Strategic Consultation"],
    [14, 0, "high", "Schedule Strategic Consultation"],
    [13, 0, "medium", "Get the Quick Wins Guide"],
    [10, 0, "medium", "Get the Quick Wins Guide"],
    [9, 0, "low", "Subscribe to Efficiency Updates"],
    [4, 0, "low", "Subscribe to Efficiency Updates"],
    // one uncertain answer does not change anything
    [16, 1, "high", "Schedule Strategic Consultation"],
    [13, 1, "medium", "Get the Quick Wins Guide"],
    [4, 1, "low", "Subscribe to Efficiency Updates"],
    // two or more always mean a consultation, whatever the band
    [16, 2, "consultation", "Schedule a Discovery Call"],
    [14, 2, "consultation", "Schedule a Discovery Call"],
    [10, 2, "consultation", "Schedule a Discovery Call"],
    [4, 2, "consultation", "Schedule a Discovery Call"],
    [12, 6, "consultation", "Schedule a Discovery Call"],
  ])("band %i with %i uncertain -> %s", (band, uncertain, kind, title) => {
    const recommendation = recommendationFor(band, uncertain);
    expect(recommendation.kind).toBe(kind);
    expect(recommendation.title).toBe(title);
  });
});

describe("scoreAssessment", () => {
  type Case = {
    name: string;
    answers: Answers;
    sum: number;
    efficiencyScore: number;
    bandScore: number;
    uncertainCount: number;
    level: string;
    recommendation: string;
  };

  const cases: Case[] = [
    {
      name: "all best answers",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "all-documented", // 25
        vacation_impact: "work-continues", // 25
        meeting_time: "under-10-percent", // 25
        project_delays: "rarely", // 25
        role: "ceo-founder-owner", // 4
        approval_process: "just-me", // 4
        urgency: "extremely-urgent", // 4
        timeline: "within-30-days", // 4
      },
      sum: 150,
      efficiencyScore: 100,
      bandScore: 16,
      uncertainCount: 0,
      level: "Highly Efficient Operations",
      recommendation: "high",
    },
    {
      name: "all worst graded answers",
      answers: {
        time_wasted: "over-10-hours", // 0
        reinvent_wheel: "daily", // 0
        critical_processes: "none-documented", // 0
        vacation_impact: "work-stops", // 0
        meeting_time: "over-50-percent", // 0
        project_delays: "almost-always", // 0
        role: "individual-contributor", // 1
        approval_process: "large-committee", // 1
        urgency: "just-curious", // 1
        timeline: "no-specific-timeline", // 1
      },
      sum: 0,
      efficiencyScore: 0,
      bandScore: 4,
      uncertainCount: 0,
      level: "Major Inefficiencies Costing Substantial Money",
      recommendation: "low",
    },
    {
      name: "sum 85 rounds up (56.67 -> 57)",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "most-documented", // 15
        vacation_impact: "minor-delays", // 15
        meeting_time: "25-50-percent", // 5
        project_delays: "almost-always", // 0
        role: "director-manager", // 3
        approval_process: "me-plus-one", // 3
        urgency: "somewhat-urgent", // 3
        timeline: "within-90-days", // 3
      },
      sum: 85,
      efficiencyScore: 57,
      bandScore: 12,
      uncertainCount: 0,
      level: "Significant Operational Waste Present",
      recommendation: "medium",
    },
    {
      name: "sum 80 rounds down (53.33 -> 53), band 14",
      answers: {
        time_wasted: "2-5-hours", // 15
        reinvent_wheel: "monthly", // 15
        critical_processes: "all-documented", // 25
        vacation_impact: "work-stops", // 0
        meeting_time: "under-10-percent", // 25
        project_delays: "almost-always", // 0
        role: "coo-vp-operations", // 4
        approval_process: "small-leadership-team", // 2
        urgency: "extremely-urgent", // 4
        timeline: "within-30-days", // 4
      },
      sum: 80,
      efficiencyScore: 53,
      bandScore: 14,
      uncertainCount: 0,
      level: "Significant Operational Waste Present",
      recommendation: "high",
    },
    {
      name: "sum 75 is exactly 50, band 13",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "all-documented", // 25
        vacation_impact: "work-stops", // 0
        meeting_time: "over-50-percent", // 0
        project_delays: "almost-always", // 0
        role: "ceo-founder-owner", // 4
        approval_process: "me-plus-one", // 3
        urgency: "somewhat-urgent", // 3
        timeline: "within-90-days", // 3
      },
      sum: 75,
      efficiencyScore: 50,
      bandScore: 13,
      uncertainCount: 0,
      level: "Significant Operational Waste Present",
      recommendation: "medium",
    },
    {
      name: "sum 70 (46.67 -> 47) stays below 50, band 10",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "most-documented", // 15
        vacation_impact: "major-delays", // 5
        meeting_time: "over-50-percent", // 0
        project_delays: "almost-always", // 0
        role: "individual-contributor", // 1
        approval_process: "just-me", // 4
        urgency: "just-curious", // 1
        timeline: "within-30-days", // 4
      },
      sum: 70,
      efficiencyScore: 47,
      bandScore: 10,
      uncertainCount: 0,
      level: "Major Inefficiencies Costing Substantial Money",
      recommendation: "medium",
    },
    {
      name: "sum 105 is exactly 70 (no floating-point drift)",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "all-documented", // 25
        vacation_impact: "minor-delays", // 15
        meeting_time: "10-25-percent", // 15
        project_delays: "almost-always", // 0
        role: "other", // 2
        approval_process: "not-sure", // 1
        urgency: "important-not-immediate", // 2
        timeline: "just-gathering-information", // 1
      },
      sum: 105,
      efficiencyScore: 70,
      bandScore: 6,
      uncertainCount: 0,
      level: "Good Efficiency with Room for Improvement",
      recommendation: "low",
    },
    {
      name: "one not-certain answer scores 0 and keeps the normal recommendation",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "all-documented", // 25
        vacation_impact: "work-continues", // 25
        meeting_time: "under-10-percent", // 25
        project_delays: NOT_CERTAIN, // 0
        role: "other", // 2
        approval_process: "small-leadership-team", // 2
        urgency: "important-not-immediate", // 2
        timeline: "within-90-days", // 3
      },
      sum: 125,
      efficiencyScore: 83,
      bandScore: 9,
      uncertainCount: 1,
      level: "Good Efficiency with Room for Improvement",
      recommendation: "low",
    },
    {
      name: "two not-certain answers mean a consultation even with the top band",
      answers: {
        time_wasted: NOT_CERTAIN, // 0
        reinvent_wheel: "rarely", // 25
        critical_processes: "all-documented", // 25
        vacation_impact: NOT_CERTAIN, // 0
        meeting_time: "under-10-percent", // 25
        project_delays: "rarely", // 25
        role: "coo-vp-operations", // 4
        approval_process: "just-me", // 4
        urgency: "extremely-urgent", // 4
        timeline: "within-30-days", // 4
      },
      sum: 100,
      efficiencyScore: 67,
      bandScore: 16,
      uncertainCount: 2,
      level: "Significant Operational Waste Present",
      recommendation: "consultation",
    },
    {
      name: "sum 130 (86.67 -> 87) reaches the top level",
      answers: {
        time_wasted: "under-2-hours", // 25
        reinvent_wheel: "rarely", // 25
        critical_processes: "all-documented", // 25
        vacation_impact: "work-continues", // 25
        meeting_time: "10-25-percent", // 15
        project_delays: "sometimes", // 15
        role: "director-manager", // 3
        approval_process: "small-leadership-team", // 2
        urgency: "somewhat-urgent", // 3
        timeline: "within-6-months", // 2
      },
      sum: 130,
      efficiencyScore: 87,
      bandScore: 10,
      uncertainCount: 0,
      level: "Highly Efficient Operations",
      recommendation: "medium",
    },
  ];

  test.each(cases)("$name", (c) => {
    const result = scoreAssessment(c.answers);
    const efficiencySum = efficiencyQuestionIds.reduce((sum, id) => sum + result.scores[id], 0);
    expect(efficiencySum).toBe(c.sum);
    expect(result.efficiencyScore).toBe(c.efficiencyScore);
    expect(result.bandScore).toBe(c.bandScore);
    expect(result.uncertainCount).toBe(c.uncertainCount);
    expect(result.level.name).toBe(c.level);
    expect(result.recommendation.kind).toBe(c.recommendation);
  });

  test("scores holds each answer's own score", () => {
    const answers = cases[2]?.answers as Answers;
    expect(scoreAssessment(answers).scores).toEqual({
      time_wasted: 25,
      reinvent_wheel: 25,
      critical_processes: 15,
      vacation_impact: 15,
      meeting_time: 5,
      project_delays: 0,
      role: 3,
      approval_process: 3,
      urgency: 3,
      timeline: 3,
    });
  });

  test("no reachable efficiency sum lands on a .5 percentage, so rounding is never a tie", () => {
    // Every option scores a multiple of 5, so every sum does; sum * 100 / 150 then ends in
    // .0, .33 or .67. This guards the data: a score such as 24 would make a tie reachable.
    for (const question of efficiencyQuestions) {
      for (const option of question.options) expect(option.score % 5).toBe(0);
    }
    for (let sum = 0; sum <= 150; sum += 5) {
      expect(((sum * 100) % 150) / 150).not.toBe(0.5);
    }
  });

  const base = cases[0]?.answers as Answers;

  test.each([...efficiencyQuestionIds, ...qualificationQuestionIds])(
    "throws naming %s when its answer is missing",
    (id) => {
      const answers: Partial<Answers> = { ...base };
      delete answers[id];
      expect(() => scoreAssessment(answers as Answers)).toThrow(new RegExp(id));
      expect(() => scoreAssessment({ ...base, [id]: "" })).toThrow(new RegExp(id));
    },
  );

  test.each([...efficiencyQuestionIds, ...qualificationQuestionIds])(
    "throws naming %s when its answer is not one of its options",
    (id) => {
      expect(() => scoreAssessment({ ...base, [id]: "bogus" })).toThrow(new RegExp(id));
      expect(() => scoreAssessment({ ...base, [id]: "toString" })).toThrow(new RegExp(id));
    },
  );

  test("an answer belonging to another question is rejected", () => {
    expect(() => scoreAssessment({ ...base, role: "just-me" })).toThrow(/role/);
  });

  test.each([...qualificationQuestionIds])("'not-certain' is not allowed for %s", (id) => {
    expect(() => scoreAssessment({ ...base, [id]: NOT_CERTAIN })).toThrow(new RegExp(id));
  });

  test("throws an Error instance", () => {
    expect(() => scoreAssessment({ ...base, urgency: "bogus" })).toThrow(Error);
  });
});
