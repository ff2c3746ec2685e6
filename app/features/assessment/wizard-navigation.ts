// Moving through the wizard: the step a visitor may see, what posting a step does to their answers,
// and what the page shows again when a post is refused. Steps are answered in order, so a visitor
// can neither see nor post a step past the first one still open.
import { makeToast, type Toast } from "~/lib/toast";
import type { Answers } from "./scoring";
import {
  TOTAL_STEPS,
  applyStep,
  applyStepGoingBack,
  firstIncompleteStep,
  parseStepNumber,
  questionsOf,
  stepAt,
  type ContactDetails,
  type StepErrors,
  type WizardState,
  type WizardStep,
} from "./wizard";

/** What the wizard page shows: a step, the visitor's answers so far, and any notice about the step. */
export type WizardView = {
  step: number;
  contact: ContactDetails | null;
  answers: Partial<Answers>;
  notice: Toast | null;
};

/** After a post that did not go through: the step again with each field's message, or a notice. */
export type WizardReply = {
  step: number | null;
  errors: StepErrors;
  values: Record<string, string>;
  notice: Toast | null;
};

export function noticeReply(notice: Toast): WizardReply {
  return { step: null, errors: {}, values: {}, notice };
}

export const refusalReply = (title: string, description: string) =>
  noticeReply(makeToast("error", title, description));

function stepShownAgain(
  step: number,
  refused: { errors: StepErrors; values: Record<string, string> },
): WizardReply {
  return { step, errors: refused.errors, values: refused.values, notice: null };
}

/**
 * The page for `?step=`: the step asked for once every step before it is answered, otherwise the
 * first one still open, with a notice saying why the visitor landed there.
 */
export function wizardView(wizard: WizardState, stepParam: string | null): WizardView {
  const reachable = Math.min(firstIncompleteStep(wizard), TOTAL_STEPS);
  const requested = parseStepNumber(stepParam);
  const step = requested !== undefined && requested <= reachable ? requested : reachable;
  let notice: Toast | null = null;
  if (stepParam !== null && requested === undefined) {
    notice = makeToast(
      "error",
      "Step not found",
      `The assessment has ${TOTAL_STEPS} steps, so we've taken you to step ${step}.`,
    );
  } else if (requested !== undefined && requested !== step) {
    notice = makeToast(
      "error",
      "Please answer the earlier questions first",
      `Step ${step} still needs an answer before you can go on.`,
    );
  }
  return { step, contact: wizard.contact ?? null, answers: wizard.answers, notice };
}

export type StepPost =
  | { kind: "refused"; reply: WizardReply }
  | { kind: "back"; wizard: WizardState; to: number }
  /** A step before the last answered: the visit has reached the next one, shown next. */
  | { kind: "forward"; wizard: WizardState; to: number }
  /** The last step answered: every answer is in and the assessment can be submitted. */
  | { kind: "finished"; wizard: WizardState; step: WizardStep };

const refused = (title: string, description: string): StepPost => ({
  kind: "refused",
  reply: refusalReply(title, description),
});

/**
 * What a step's form post does to the wizard. Next checks the step and moves on; Previous keeps
 * what the step holds and goes back. Only the first open step and those before it take posts.
 */
export function postStep(
  wizard: WizardState,
  stepParam: string | null,
  formData: FormData,
): StepPost {
  const stepNumber = parseStepNumber(stepParam);
  const step = stepNumber === undefined ? undefined : stepAt(stepNumber);
  if (stepNumber === undefined || !step) {
    return refused("Step not found", `The assessment has ${TOTAL_STEPS} steps.`);
  }
  if (stepNumber > firstIncompleteStep(wizard)) {
    return refused(
      "Please answer the earlier questions first",
      "The assessment's steps need answers in order; please go back to the first open step.",
    );
  }

  const intents = formData.getAll("intent");
  const intent = intents.length === 1 ? intents[0] : null;
  if (intent === "previous") {
    if (stepNumber === 1) return refused("Error", "There is no step before the first one.");
    const kept = applyStepGoingBack(wizard, step, formData);
    if (!kept.ok) return { kind: "refused", reply: stepShownAgain(stepNumber, kept) };
    return { kind: "back", wizard: kept.state, to: stepNumber - 1 };
  }
  if (intent !== "next") {
    return refused("Error", "Please use the Next or Previous button to move through the steps.");
  }

  const applied = applyStep(wizard, step, formData);
  if (!applied.ok) return { kind: "refused", reply: stepShownAgain(stepNumber, applied) };
  if (stepNumber < TOTAL_STEPS)
    return { kind: "forward", wizard: applied.state, to: stepNumber + 1 };
  return { kind: "finished", wizard: applied.state, step };
}

/** The last step shown again after its answers could not be stored, with why when we can say. */
export function notStoredReply(
  step: WizardStep,
  answers: WizardState["answers"],
  reason: string | null,
): WizardReply {
  const values: Record<string, string> = {};
  for (const question of questionsOf(step)) {
    const value = answers[question.id];
    if (value !== undefined) values[question.id] = value;
  }
  return {
    step: step.number,
    errors: {},
    values,
    notice: makeToast(
      "error",
      "Error",
      reason
        ? `Failed to save assessment data: ${reason}.`
        : "Failed to submit assessment. Please try again.",
    ),
  };
}
