// The wizard under the page's heading: progress, the step's form and the notice of a refused post.
// Every step posts as a plain form, so it works without JavaScript; with it, Next waits until the
// step is filled in and focus follows the visitor from step to step.
import { Form, useNavigation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { ToastNotice } from "~/components/ui/toast-notice";
import { useFocusAfterReply } from "~/lib/use-focus-after-reply";
import { useHydrated } from "~/lib/use-hydrated";
import {
  TOTAL_STEPS,
  isStepFilled,
  questionsOf,
  stepOrFirst,
  stepPlace,
  stepUrl,
  type WizardStep,
} from "../steps";
import type { WizardReply, WizardView } from "../wizard-navigation";
import { ContactFields, QuestionField, refusedFieldId } from "./wizard-fields";

const nextHintId = "assessment-next-hint";

/** Why Next waits, tied to it while it does. */
function nextHint(step: WizardStep) {
  return step.kind === "contact"
    ? "Fill in the required fields to continue"
    : "Choose an answer to continue";
}

export function AssessmentWizard({
  step: stepNumber,
  contact,
  answers,
  notice: stepNotice,
  lastReply,
}: WizardView & { lastReply: WizardReply | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const step = stepOrFirst(stepNumber);
  const reply = lastReply?.step === stepNumber ? lastReply : null;
  const notice = lastReply?.notice ?? stepNotice;
  const isLastStep = stepNumber === TOTAL_STEPS;
  const focusId = reply ? refusedFieldId(step, reply.errors) : undefined;
  useFocusAfterReply(focusId, reply);

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [filled, setFilled] = useState(true);
  const checkFilled = () => {
    if (formRef.current) setFilled(isStepFilled(step, new FormData(formRef.current)));
  };
  // Recheck whenever a new step (or a refused post) renders its fields.
  useEffect(checkFilled, [stepNumber, lastReply]); // eslint-disable-line react-hooks/exhaustive-deps

  // After an in-page step change, take keyboard and screen-reader focus to the new step.
  const shownStep = useRef(stepNumber);
  useEffect(() => {
    if (shownStep.current === stepNumber) return;
    shownStep.current = stepNumber;
    headingRef.current?.focus();
  }, [stepNumber]);

  const pendingIntent = navigation.formData?.get("intent");
  const busy = navigation.state !== "idle" && pendingIntent !== undefined;
  const submitting = busy && isLastStep && pendingIntent === "next";
  // Next stays in the Tab order while the step is unanswered, so a keyboard reaches it and hears
  // why it waits; a click or Enter on it does nothing then.
  const waiting = hydrated && !filled;

  const contactValues = { ...(contact ?? {}), ...(reply?.values ?? {}) } as Record<
    string,
    string | undefined
  >;
  const chosen: Record<string, string | undefined> = { ...answers, ...(reply?.values ?? {}) };

  return (
    <div className="mx-auto max-w-3xl px-5 py-12 sm:px-8 sm:py-16">
      <WizardProgress stepNumber={stepNumber} />

      {notice ? (
        <div className="mt-8" key={notice.id}>
          <ToastNotice toast={notice} takesFocus />
        </div>
      ) : null}

      <Form
        ref={formRef}
        key={stepNumber}
        method="post"
        action={stepUrl(stepNumber)}
        // Each step gets its own history entry, so Back goes to the previous step (the router
        // would otherwise replace the entry when a form posts to the page's own URL).
        replace={false}
        noValidate
        onChange={checkFilled}
        onInput={checkFilled}
        className="mt-8"
        aria-labelledby="assessment-step-heading"
      >
        {/* The step's heading is its fieldset's legend: the group of fields is named by it. */}
        <fieldset disabled={busy} className="space-y-8">
          <legend className="mb-6">
            <h2
              id="assessment-step-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-semibold text-navy focus:outline-none sm:text-3xl"
            >
              {/* The progress bar shows the place to the eye; the heading, which takes the focus
                  on each step, says it to a screen reader. */}
              <span className="sr-only">{stepPlace(step)}: </span>
              {step.name}
            </h2>
          </legend>
          {step.kind === "contact" ? (
            <ContactFields values={contactValues} errors={reply?.errors ?? {}} focusId={focusId} />
          ) : (
            questionsOf(step).map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                chosen={chosen[question.id]}
                error={reply?.errors[question.id]}
                focusId={focusId}
              />
            ))
          )}
          {/* Next comes first so that Enter in a field moves forward; the row shows it on the right. */}
          <div className="flex flex-row-reverse flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
            <div className="flex flex-row-reverse flex-wrap items-center gap-3">
              <button
                type="submit"
                name="intent"
                value="next"
                disabled={busy}
                aria-disabled={waiting ? true : undefined}
                aria-describedby={waiting ? nextHintId : undefined}
                onClick={(event) => {
                  if (waiting) event.preventDefault();
                }}
                className="inline-flex min-w-36 items-center justify-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-brand"
              >
                {submitting ? "Submitting..." : isLastStep ? "Get My Results" : "Next"}
              </button>
              {waiting ? (
                <p id={nextHintId} className="text-sm text-ink-soft">
                  {nextHint(step)}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              name="intent"
              value="previous"
              formNoValidate
              disabled={stepNumber === 1 || busy}
              className="inline-flex min-w-36 items-center justify-center rounded-md border border-slate-400 bg-white px-6 py-3 font-semibold text-navy transition-colors hover:bg-paper disabled:cursor-not-allowed disabled:opacity-50"
            >
              Previous
            </button>
          </div>
        </fieldset>
      </Form>
      <p className="mt-8 text-sm text-ink-soft">
        We use your details only to send your result and to follow up on this assessment. See our{" "}
        <a
          href="/privacy-policy"
          className="font-medium text-brand-strong underline underline-offset-2"
        >
          Privacy Policy
        </a>
        .
      </p>
    </div>
  );
}

function WizardProgress({ stepNumber }: { stepNumber: number }) {
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm font-semibold text-ink-soft">
        <p id="assessment-progress-label">
          <span className="sr-only">Step </span>
          {stepNumber} of {TOTAL_STEPS}
        </p>
        <p aria-hidden="true">{Math.round((stepNumber / TOTAL_STEPS) * 100)}%</p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="assessment-progress-label"
        aria-valuemin={1}
        aria-valuemax={TOTAL_STEPS}
        aria-valuenow={stepNumber}
        aria-valuetext={`Step ${stepNumber} of ${TOTAL_STEPS}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(stepNumber / TOTAL_STEPS) * 100}%` }}
        />
      </div>
    </div>
  );
}
