// The assessment's ten steps: what each asks, how a posted step is checked, and how far a visitor got.
import { z } from "zod";
import { ONE_VALUE, phoneNumber, requiredEmail, requiredText } from "~/lib/form-fields";
import {
  contactFieldNames,
  TOTAL_STEPS,
  wizardSteps,
  type StepErrors,
  type WizardStep,
} from "./steps";
import {
  efficiencyQuestionIds,
  optionFor,
  qualificationQuestionIds,
  type Answers,
  type QuestionId,
} from "./scoring";

export {
  isStepFilled,
  parseStepNumber,
  questionsOf,
  stepAt,
  TOTAL_STEPS,
  wizardSteps,
  type StepErrors,
  type WizardStep,
} from "./steps";

export type ContactDetails = {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

export type WizardState = {
  contact?: ContactDetails;
  answers: Partial<Answers>;
};

const contactDetailsSchema = z.object({
  company: requiredText("Please enter your company.", 160),
  firstName: requiredText("Please enter your first name.", 80),
  lastName: requiredText("Please enter your last name.", 80),
  email: requiredEmail("Please enter your work email."),
  phone: phoneNumber().default(""),
});

export type StepResult =
  | { ok: true; state: WizardState }
  | { ok: false; errors: StepErrors; values: Record<string, string> };

/** Reads a single text value; a repeated field or a file is treated as invalid input. */
function single(formData: FormData, name: string): string | undefined | null {
  const values = formData.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1 || typeof values[0] !== "string") return null;
  return values[0];
}

/** Checks the fields of one posted step and returns the state with them merged in. */
export function applyStep(state: WizardState, step: WizardStep, formData: FormData): StepResult {
  if (step.kind === "contact") {
    const raw = Object.fromEntries(
      contactFieldNames.map((name) => [name, single(formData, name) ?? undefined]),
    );
    const parsed = contactDetailsSchema.safeParse(raw);
    // A repeated field or a file is refused even where the field is optional.
    const notText = contactFieldNames.filter((name) => single(formData, name) === null);
    if (!parsed.success || notText.length > 0) {
      const errors: StepErrors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = String(issue.path[0]);
        errors[field] ??= issue.message;
      }
      for (const name of notText) errors[name] = ONE_VALUE;
      return { ok: false, errors, values: stringValues(raw) };
    }
    return { ok: true, state: { ...state, contact: parsed.data } };
  }

  const { chosen, unanswered, refused } = readAnswers(step, formData);
  const errors: StepErrors = { ...refused };
  for (const id of unanswered) errors[id] = "Please choose an answer.";
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors, values: stringValues(chosen) };
  }
  return { ok: true, state: { ...state, answers: { ...state.answers, ...chosen } } };
}

/**
 * For "Previous": keeps the answers a question step holds, so going back loses nothing. An
 * unanswered question is fine; a value that is not one of the options is refused like on Next.
 */
export function applyStepGoingBack(
  state: WizardState,
  step: WizardStep,
  formData: FormData,
): StepResult {
  if (step.kind === "contact") return { ok: true, state };
  const { chosen, refused } = readAnswers(step, formData);
  if (Object.keys(refused).length > 0) {
    return { ok: false, errors: refused, values: stringValues(chosen) };
  }
  return { ok: true, state: { ...state, answers: { ...state.answers, ...chosen } } };
}

function readAnswers(step: Extract<WizardStep, { kind: "questions" }>, formData: FormData) {
  const chosen: Partial<Answers> = {};
  const unanswered: QuestionId[] = [];
  const refused: StepErrors = {};
  for (const id of step.questionIds) {
    const value = single(formData, id);
    if (value === undefined || value === "") unanswered.push(id);
    else if (value === null || !optionFor(id, value)) {
      refused[id] = "That answer is not one of the options.";
    } else chosen[id] = value;
  }
  return { chosen, unanswered, refused };
}

/**
 * Reads a wizard state back from storage, keeping only what is still valid: contact details that
 * pass the step-1 rules and answers that are known options. Anything else is dropped, so a stale
 * or altered state can never be scored.
 */
export function wizardStateFrom(stored: unknown): WizardState {
  const record = isRecord(stored) ? stored : {};
  const contact = contactDetailsSchema.safeParse(record.contact);
  const storedAnswers = isRecord(record.answers) ? record.answers : {};
  const answers: Partial<Answers> = {};
  for (const id of [...efficiencyQuestionIds, ...qualificationQuestionIds]) {
    const value = Object.hasOwn(storedAnswers, id) ? storedAnswers[id] : undefined;
    if (typeof value === "string" && optionFor(id, value)) answers[id] = value;
  }
  return contact.success ? { contact: contact.data, answers } : { answers };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStepComplete(state: WizardState, step: WizardStep): boolean {
  if (step.kind === "contact") return contactDetailsSchema.safeParse(state.contact).success;
  return step.questionIds.every((id) => {
    const value = state.answers[id];
    return value !== undefined && optionFor(id, value) !== undefined;
  });
}

/** The first step still to answer (TOTAL_STEPS + 1 when every step is done). */
export function firstIncompleteStep(state: WizardState): number {
  const open = wizardSteps.find((step) => !isStepComplete(state, step));
  return open ? open.number : TOTAL_STEPS + 1;
}

/** The full answer set, once every step is complete. */
export function completedAnswers(
  state: WizardState,
): { contact: ContactDetails; answers: Answers } | null {
  if (firstIncompleteStep(state) <= TOTAL_STEPS || !state.contact) return null;
  return { contact: state.contact, answers: state.answers as Answers };
}

function stringValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}
