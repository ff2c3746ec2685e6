// The assessment's ten steps as the browser needs them: what each asks, its address and whether
// its form is filled in. Free of the validation library: the page loads this, and only the server
// checks values (wizard.ts, which re-exports the steps).
import { efficiencyQuestionIds, questionsById, type QuestionId } from "./scoring";

export const TOTAL_STEPS = 10;

export const ASSESSMENT_PATH = "/efficiency-assessment";

export const stepUrl = (step: number) => `${ASSESSMENT_PATH}?step=${step}`;

/** A step and its name: what its heading and the page's title call it, after "Step N of 10". */
export type WizardStep = { name: string } & (
  { number: 1; kind: "contact" } | { number: number; kind: "questions"; questionIds: QuestionId[] }
);

// Each efficiency step is named by its question's topic, so a visitor told "Step 4 of 10" also
// hears what it is about.
const efficiencyStepNames: Record<(typeof efficiencyQuestionIds)[number], string> = {
  time_wasted: "Time Lost Each Week",
  reinvent_wheel: "Work Done Twice",
  critical_processes: "Documented Processes",
  vacation_impact: "When a Key Person Is Away",
  meeting_time: "Time in Meetings",
  project_delays: "Project Delays",
};

const contactStep: WizardStep = { number: 1, kind: "contact", name: "Tell Us About You" };

// Settled in docs: contact details first, the six efficiency questions, then role, approval,
// and urgency with timeline together on the last step.
export const wizardSteps: WizardStep[] = [
  contactStep,
  ...efficiencyQuestionIds.map((id, index) => ({
    number: index + 2,
    kind: "questions" as const,
    questionIds: [id] as QuestionId[],
    name: efficiencyStepNames[id],
  })),
  { number: 8, kind: "questions", questionIds: ["role"], name: "Your Role" },
  { number: 9, kind: "questions", questionIds: ["approval_process"], name: "Who Approves" },
  {
    number: 10,
    kind: "questions",
    questionIds: ["urgency", "timeline"],
    name: "Urgency and Timeline",
  },
];

export function stepAt(number: number): WizardStep | undefined {
  return wizardSteps[number - 1];
}

/** The step the wizard shows for a step number: that step, or the first for any other number. */
export const stepOrFirst = (number: number) => stepAt(number) ?? contactStep;

/** Where the visitor is: "Step 4 of 10", said before the step's name in its heading and title. */
export const stepPlace = (step: WizardStep) => `Step ${step.number} of ${TOTAL_STEPS}`;

/** The page's title for a step: "Step 4 of 10: Documented Processes". */
export const stepTitle = (number: number) => {
  const step = stepOrFirst(number);
  return `${stepPlace(step)}: ${step.name}`;
};

export const contactFieldNames = ["company", "firstName", "lastName", "email", "phone"] as const;

/** Phone is optional; the others must be filled before Next is enabled. */
const requiredContactFields = ["company", "firstName", "lastName", "email"] as const;

/** A step number from a URL: exactly one of "1" to "10", or undefined. */
export function parseStepNumber(raw: string | null): number | undefined {
  if (raw === null || !/^[1-9][0-9]?$/.test(raw)) return undefined;
  const number = Number(raw);
  return number <= TOTAL_STEPS ? number : undefined;
}

/**
 * Whether a step's form holds what Next needs: the required contact fields non-empty, or an
 * answer chosen for each question. The server checks the values themselves.
 */
export function isStepFilled(step: WizardStep, formData: FormData): boolean {
  const names = step.kind === "contact" ? requiredContactFields : step.questionIds;
  return names.every((name) => {
    const value = formData.get(name);
    return typeof value === "string" && value.trim() !== "";
  });
}

export type StepErrors = Record<string, string>;

export function questionsOf(step: WizardStep) {
  return step.kind === "questions" ? step.questionIds.map((id) => questionsById[id]) : [];
}
