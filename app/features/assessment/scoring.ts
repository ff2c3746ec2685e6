// The assessment's domain rules as data: the ten questions with their scored options, the
// efficiency levels, the recommended next steps, and the small functions that score a full set
// of answers (site spec, sections 3 and 9). Pure TypeScript: safe on the server and in the browser.

export const NOT_CERTAIN = "not-certain";

export const efficiencyQuestionIds = [
  "time_wasted",
  "reinvent_wheel",
  "critical_processes",
  "vacation_impact",
  "meeting_time",
  "project_delays",
] as const;

export const qualificationQuestionIds = [
  "role",
  "approval_process",
  "urgency",
  "timeline",
] as const;

type EfficiencyQuestionId = (typeof efficiencyQuestionIds)[number];
type QualificationQuestionId = (typeof qualificationQuestionIds)[number];
export type QuestionId = EfficiencyQuestionId | QualificationQuestionId;

export type AnswerOption = { value: string; label: string; score: number };
export type Question = { id: QuestionId; prompt: string; hint: string; options: AnswerOption[] };

/** The graded efficiency scores, most efficient answer first. */
const GRADED_SCORES = [25, 15, 5, 0] as const;
/** Six questions at 25 points each. */
const MAX_EFFICIENCY_SUM = 150;

type GradedChoices = readonly [
  [value: string, label: string],
  [value: string, label: string],
  [value: string, label: string],
  [value: string, label: string],
];

/** An efficiency question: four graded options (25, 15, 5, 0) and then 'I am not certain' (0). */
function efficiencyQuestion(
  id: EfficiencyQuestionId,
  prompt: string,
  hint: string,
  choices: GradedChoices,
): Question {
  return {
    id,
    prompt,
    hint,
    options: [
      ...choices.map(([value, label], index) => ({
        value,
        label,
        score: GRADED_SCORES[index] ?? 0,
      })),
      { value: NOT_CERTAIN, label: "I am not certain", score: 0 },
    ],
  };
}

export const efficiencyQuestions: Question[] = [
  efficiencyQuestion(
    "time_wasted",
    "How many hours does a typical employee lose each week to inefficient processes?",
    "Think of waiting, searching for information, duplicate data entry and manual workarounds.",
    [
      ["under-2-hours", "Less than 2 hours"],
      ["2-5-hours", "2-5 hours"],
      ["5-10-hours", "5-10 hours"],
      ["over-10-hours", "More than 10 hours"],
    ],
  ),
  efficiencyQuestion(
    "reinvent_wheel",
    "How often do your teams recreate documents or redo work that has already been done before?",
    "Count proposals, reports, checklists and templates rebuilt from scratch because the earlier version could not be found.",
    [
      ["rarely", "Rarely - we reuse what already exists"],
      ["monthly", "A few times a month"],
      ["weekly", "Every week"],
      ["daily", "Almost every day"],
    ],
  ),
  efficiencyQuestion(
    "critical_processes",
    "How many of your critical processes are documented rather than living in people's heads?",
    "A process counts as documented when someone new could follow it without asking a colleague.",
    [
      ["all-documented", "All or nearly all of them"],
      ["most-documented", "Most of them"],
      ["some-documented", "A few of them"],
      ["none-documented", "Hardly any - they live in people's heads"],
    ],
  ),
  efficiencyQuestion(
    "vacation_impact",
    "What happens to the work when a key person goes on vacation?",
    "Picture the person your team relies on most being unreachable for two weeks.",
    [
      ["work-continues", "Work carries on smoothly"],
      ["minor-delays", "A few things wait, but nothing important"],
      ["major-delays", "Important work stalls until they return"],
      ["work-stops", "Work stops, or they get called while away"],
    ],
  ),
  efficiencyQuestion(
    "meeting_time",
    "How much of your leaders' time goes to meetings that a clear system or report could replace?",
    "Include status updates, check-ins and hand-over meetings that mainly pass information along.",
    [
      ["under-10-percent", "Less than 10%"],
      ["10-25-percent", "10-25%"],
      ["25-50-percent", "25-50%"],
      ["over-50-percent", "More than 50%"],
    ],
  ),
  efficiencyQuestion(
    "project_delays",
    "How often are projects delayed by hand-offs, approvals or missing information?",
    "Consider the projects your teams finished or abandoned over the last six months.",
    [
      ["rarely", "Rarely"],
      ["sometimes", "Sometimes"],
      ["often", "Often"],
      ["almost-always", "Almost always"],
    ],
  ),
];

export const qualificationQuestions: Question[] = [
  {
    id: "role",
    prompt: "What is your role?",
    hint: "Choose the title closest to yours.",
    options: [
      { value: "ceo-founder-owner", label: "CEO/Founder/Owner", score: 4 },
      { value: "coo-vp-operations", label: "COO/VP Operations", score: 4 },
      { value: "director-manager", label: "Director/Manager", score: 3 },
      { value: "individual-contributor", label: "Individual contributor", score: 1 },
      { value: "other", label: "Other", score: 2 },
    ],
  },
  {
    id: "approval_process",
    prompt: "Who is involved in approving an investment like this?",
    hint: "Think of everyone who would need to say yes before work could begin.",
    options: [
      { value: "just-me", label: "Just me", score: 4 },
      { value: "me-plus-one", label: "Me + 1 other", score: 3 },
      { value: "small-leadership-team", label: "Small leadership team", score: 2 },
      { value: "large-committee", label: "Large committee", score: 1 },
      { value: "not-sure", label: "Not sure", score: 1 },
    ],
  },
  {
    id: "urgency",
    prompt: "How urgent is improving your operational efficiency?",
    hint: "Choose the answer that best matches how your leadership team feels today.",
    options: [
      { value: "extremely-urgent", label: "Extremely urgent", score: 4 },
      { value: "somewhat-urgent", label: "Somewhat urgent", score: 3 },
      { value: "important-not-immediate", label: "Important but not immediate", score: 2 },
      { value: "just-curious", label: "Just curious", score: 1 },
    ],
  },
  {
    id: "timeline",
    prompt: "When would you like to start?",
    hint: "A rough idea is enough; nothing here commits you to a date.",
    options: [
      { value: "within-30-days", label: "Within 30 days", score: 4 },
      { value: "within-90-days", label: "Within 90 days", score: 3 },
      { value: "within-6-months", label: "Within 6 months", score: 2 },
      { value: "no-specific-timeline", label: "No specific timeline", score: 1 },
      { value: "just-gathering-information", label: "Just gathering information", score: 1 },
    ],
  },
];

export const questionsById = Object.fromEntries(
  [...efficiencyQuestions, ...qualificationQuestions].map((question) => [question.id, question]),
) as Record<QuestionId, Question>;

/** Option values, one per question. */
export type Answers = Record<QuestionId, string>;

/** The option of a question with this value, or undefined (also for an unknown question id). */
export function optionFor(questionId: QuestionId, value: string): AnswerOption | undefined {
  if (!Object.hasOwn(questionsById, questionId)) return undefined;
  return questionsById[questionId].options.find((option) => option.value === value);
}

export type EfficiencyLevel = {
  name: string;
  minScore: number;
  rangeLabel: string;
  /** Hours lost per employee per week. */
  timeWaste: string;
  /** Share of payroll. */
  costImpact: string;
  opportunity: string;
};

/**
 * Highest first; a score belongs to the first level whose minScore it reaches. A level's range
 * label is read off its threshold and the one above it, so the two can never disagree.
 */
export const efficiencyLevels: EfficiencyLevel[] = withRangeLabels([
  {
    name: "Highly Efficient Operations",
    minScore: 85,
    timeWaste: "2-5 hours",
    costImpact: "5-10%",
    opportunity: "10-20%",
  },
  {
    name: "Good Efficiency with Room for Improvement",
    minScore: 70,
    timeWaste: "5-10 hours",
    costImpact: "10-15%",
    opportunity: "20-30%",
  },
  {
    name: "Significant Operational Waste Present",
    minScore: 50,
    timeWaste: "10-20 hours",
    costImpact: "15-25%",
    opportunity: "30-50%",
  },
  {
    name: "Major Inefficiencies Costing Substantial Money",
    minScore: 0,
    timeWaste: "20+ hours",
    costImpact: "25-40%",
    opportunity: "50-100%",
  },
]);

/**
 * The spec's wording of each band: "85 and above", "70-84", "Below 50". The lowest level takes
 * every score below the next threshold (see levelFor), whatever its own minScore.
 */
function withRangeLabels(levels: Omit<EfficiencyLevel, "rangeLabel">[]): EfficiencyLevel[] {
  return levels.map((level, index) => {
    const above = levels[index - 1];
    const rangeLabel = !above
      ? `${level.minScore} and above`
      : index === levels.length - 1
        ? `Below ${above.minScore}`
        : `${level.minScore}-${above.minScore - 1}`;
    return { ...level, rangeLabel };
  });
}

const lowestLevel = efficiencyLevels[efficiencyLevels.length - 1] as EfficiencyLevel;

export function levelFor(efficiencyScore: number): EfficiencyLevel {
  return efficiencyLevels.find((level) => efficiencyScore >= level.minScore) ?? lowestLevel;
}

export type RecommendationKind = "consultation" | "high" | "medium" | "low";
export type Recommendation = { kind: RecommendationKind; title: string; description: string };

export const recommendations: Record<RecommendationKind, Recommendation> = {
  consultation: {
    kind: "consultation",
    title: "Schedule a Discovery Call",
    description:
      "Several of your answers were uncertain, which is common when processes are not yet visible. A short call with one of our consultants will fill in the gaps and give you an accurate picture.",
  },
  high: {
    kind: "high",
    title: "Schedule Strategic Consultation",
    description:
      "You are ready to act, and the decision sits close to you. Book a strategic consultation and we will map your biggest efficiency gains and a plan to capture them.",
  },
  medium: {
    kind: "medium",
    title: "Get the Quick Wins Guide",
    description:
      "Start with practical improvements your team can make in the next few weeks. Ask us for the Quick Wins Guide and we will send the steps that fit your situation.",
  },
  low: {
    kind: "low",
    title: "Subscribe to Efficiency Updates",
    description:
      "Not ready to commit yet? Subscribe to our efficiency updates: practical ideas by email, to use whenever the timing is right. We email a link to the address you gave us, and the updates start once you confirm it.",
  },
};

/** Where the recommendations divide; the leads view filters by the same numbers. */
export const recommendationThresholds = {
  /** This many uncertain answers or more need a conversation first. */
  consultationUncertain: 2,
  highBand: 14,
  mediumBand: 10,
} as const;

/** Two or more uncertain answers need a conversation first; otherwise the band decides. */
export function recommendationFor(bandScore: number, uncertainCount: number): Recommendation {
  const { consultationUncertain, highBand, mediumBand } = recommendationThresholds;
  if (uncertainCount >= consultationUncertain) return recommendations.consultation;
  if (bandScore >= highBand) return recommendations.high;
  if (bandScore >= mediumBand) return recommendations.medium;
  return recommendations.low;
}

export type AssessmentScore = {
  scores: Record<QuestionId, number>;
  efficiencyScore: number;
  bandScore: number;
  uncertainCount: number;
  level: EfficiencyLevel;
  recommendation: Recommendation;
};

/** How many efficiency questions were answered "I am not certain". */
export function uncertainCountOf(answers: Answers): number {
  return efficiencyQuestionIds.filter((id) => answers[id] === NOT_CERTAIN).length;
}

/** Throws an Error naming the question when an answer is missing or not one of its options. */
export function scoreAssessment(answers: Answers): AssessmentScore {
  const scores = {} as Record<QuestionId, number>;
  for (const id of [...efficiencyQuestionIds, ...qualificationQuestionIds]) {
    const value: unknown = Object.hasOwn(answers, id) ? answers[id] : undefined;
    if (value === undefined || value === null || value === "") {
      throw new Error(`Missing answer for question "${id}".`);
    }
    const option = typeof value === "string" ? optionFor(id, value) : undefined;
    if (!option) {
      throw new Error(`${JSON.stringify(value)} is not an option of question "${id}".`);
    }
    scores[id] = option.score;
  }

  const efficiencySum = efficiencyQuestionIds.reduce((sum, id) => sum + scores[id], 0);
  const bandScore = qualificationQuestionIds.reduce((sum, id) => sum + scores[id], 0);
  const uncertainCount = uncertainCountOf(answers);
  // Multiplying first keeps exact integers (e.g. 105 -> 70, not 70.00000000000001).
  const efficiencyScore = Math.round((efficiencySum * 100) / MAX_EFFICIENCY_SUM);

  return {
    scores,
    efficiencyScore,
    bandScore,
    uncertainCount,
    level: levelFor(efficiencyScore),
    recommendation: recommendationFor(bandScore, uncertainCount),
  };
}

export type AnswerInWords = { id: QuestionId; prompt: string; answer: string; score: number };

/** Every question with the chosen option's label and score, in the wizard's order. */
export function answersInWords(answers: Answers): AnswerInWords[] {
  return [...efficiencyQuestionIds, ...qualificationQuestionIds].map((id) => {
    const option = optionFor(id, answers[id]);
    if (!option) throw new Error(`${JSON.stringify(answers[id])} is not an option of "${id}".`);
    return { id, prompt: questionsById[id].prompt, answer: option.label, score: option.score };
  });
}
