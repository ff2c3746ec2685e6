// The Operational Efficiency Assessment: ten steps, each a real form post, kept in a signed cookie.
import type { Route } from "./+types/efficiency-assessment";
import { data, redirect } from "react-router";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { FormField, inputClass } from "~/components/ui/form-field";
import { PageHero } from "~/components/ui/section";
import { ToastNotice } from "~/components/ui/toast-notice";
import { figures } from "~/content/figures";
import {
  NO_ATTRIBUTION,
  type Question,
  type StepErrors,
  TOTAL_STEPS,
  type WizardStep,
  applyStep,
  applyStepGoingBack,
  attributionFrom,
  completedAnswers,
  contactFieldNames,
  efficiencyQuestionIds,
  firstIncompleteStep,
  isStepFilled,
  parseStepNumber,
  questionsOf,
  stepAt,
} from "~/features/assessment";
import {
  commitAssessmentSession,
  readAssessmentSession,
  saveFailureReason,
  submitAssessment,
  trackVisit,
} from "~/features/assessment/index.server";
import { logEvent } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/form-action.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast, type Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

const PATH = "/efficiency-assessment";

const stepUrl = (step: number) => `${PATH}?step=${step}`;

const noStore = { "Cache-Control": "private, no-store" };

// The page holds the visitor's own answers: no shared cache may keep it. (React Router carries
// the loader's and action's Set-Cookie headers over by itself.)
export const headers: Route.HeadersFunction = () => noStore;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Operational Efficiency Assessment",
    description: `Take our ${figures.assessmentSteps}-step, ${figures.assessmentMinutes}-minute assessment to score your operational efficiency, see what waste may be costing you, and get a recommended next step.`,
  });

function isPrefetch(request: Request) {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { session, state } = await readAssessmentSession(request);
  const reachable = Math.min(firstIncompleteStep(state.wizard), TOTAL_STEPS);
  const requested = parseStepNumber(url.searchParams.get("step"));
  const step = requested !== undefined && requested <= reachable ? requested : reachable;

  let notice: Toast | null = null;
  if (url.searchParams.has("step") && requested === undefined) {
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

  // A page view writes nothing (crawlers would fill the database and skew the funnel): where the
  // visitor came from waits in their cookie, and the visit is recorded when they answer a step.
  const arrivalBefore = state.arrival;
  if (request.method === "GET" && !isPrefetch(request) && !state.visitId && !state.arrival) {
    const arrival = attributionFrom(url, request.headers.get("Referer"));
    if (Object.values(arrival).some((value) => value !== null)) state.arrival = arrival;
  }

  const headers = new Headers(noStore);
  if (state.arrival !== arrivalBefore)
    headers.set("Set-Cookie", await commitAssessmentSession(session, state));
  return data(
    { step, contact: state.wizard.contact ?? null, answers: state.wizard.answers, notice },
    { headers },
  );
}

type ActionReply = {
  step: number | null;
  errors: StepErrors;
  values: Record<string, string>;
  notice: Toast | null;
};

function refuse(status: number, title: string, description: string, init: HeadersInit = {}) {
  const reply: ActionReply = {
    step: null,
    errors: {},
    values: {},
    notice: makeToast("error", title, description),
  };
  return data(reply, { status, headers: init });
}

/** Shows the step again with each refused field's message at the field. */
function refuseStep(
  stepNumber: number,
  refused: { errors: StepErrors; values: Record<string, string> },
) {
  const reply: ActionReply = {
    step: stepNumber,
    errors: refused.errors,
    values: refused.values,
    notice: null,
  };
  return data(reply, { status: 400 });
}

export async function action(args: Route.ActionArgs) {
  const { request, context, url } = args;
  const read = await readForm(args);
  if (read.refused)
    return refuse(read.refused.status, read.refused.notice.title, read.refused.notice.description);
  const { formData } = read;

  const { session, state } = await readAssessmentSession(request);
  const stepNumber = parseStepNumber(url.searchParams.get("step"));
  const step = stepNumber === undefined ? undefined : stepAt(stepNumber);
  if (stepNumber === undefined || !step) {
    return refuse(400, "Step not found", `The assessment has ${TOTAL_STEPS} steps.`);
  }
  if (stepNumber > firstIncompleteStep(state.wizard)) {
    return refuse(
      400,
      "Please answer the earlier questions first",
      "The assessment's steps need answers in order; please go back to the first open step.",
    );
  }

  const intents = formData.getAll("intent");
  const intent = intents.length === 1 ? intents[0] : null;
  const commit = async () => ({ "Set-Cookie": await commitAssessmentSession(session, state) });

  if (intent === "previous") {
    if (stepNumber === 1) return refuse(400, "Error", "There is no step before the first one.");
    const kept = applyStepGoingBack(state.wizard, step, formData);
    if (!kept.ok) return refuseStep(stepNumber, kept);
    state.wizard = kept.state;
    return redirect(stepUrl(stepNumber - 1), { headers: await commit() });
  }
  if (intent !== "next") {
    return refuse(
      400,
      "Error",
      "Please use the Next or Previous button to move through the steps.",
    );
  }

  const applied = applyStep(state.wizard, step, formData);
  if (!applied.ok) return refuseStep(stepNumber, applied);
  state.wizard = applied.state;
  try {
    state.visitId = trackVisit(
      state.visitId,
      Math.min(stepNumber + 1, TOTAL_STEPS),
      state.arrival ?? NO_ATTRIBUTION,
    );
    state.arrival = null;
  } catch (error) {
    // The drop-off figures are for the firm; the visitor carries on without them.
    logEvent("error", "assessment_visit_not_recorded", { message: String(error) });
  }
  if (stepNumber < TOTAL_STEPS)
    return redirect(stepUrl(stepNumber + 1), { headers: await commit() });

  const completed = completedAnswers(state.wizard);
  if (!completed) {
    return refuse(
      400,
      "Please answer the earlier questions first",
      "Some earlier steps still need an answer.",
    );
  }
  const clientIp = clientIpOf(context);
  const decision = await rateLimiter("assessmentSubmit").hit(clientIp);
  if (!decision.allowed) {
    logEvent("warn", "rate_limited", { path: PATH, clientIp });
    return refuse(
      429,
      "Too many assessments",
      "Several assessments were sent from your connection in a short time. Please wait a few minutes and try again.",
      { ...(await commit()), "Retry-After": String(decision.retryAfterSeconds) },
    );
  }

  try {
    // The visit was recorded with this answer just above; without it the database took no write.
    if (!state.visitId) throw new Error("The visit could not be recorded.");
    const accepted = await submitAssessment({ ...completed, visitId: state.visitId });
    state.wizard = { answers: {} };
    state.visitId = null;
    state.result = {
      submissionId: accepted.submissionId,
      firstName: accepted.contact.firstName,
      efficiencyScore: accepted.score.efficiencyScore,
      bandScore: accepted.score.bandScore,
      uncertainCount: accepted.score.uncertainCount,
    };
    logEvent("info", "assessment_submitted", { submissionId: accepted.submissionId });
    return redirect("/assessment-results", { headers: await commit() });
  } catch (error) {
    logEvent("error", "assessment_not_stored", { message: String(error) });
    const reason = saveFailureReason(error);
    const reply: ActionReply = {
      step: stepNumber,
      errors: {},
      values: pickAnswers(step, state.wizard.answers),
      notice: makeToast(
        "error",
        "Error",
        reason
          ? `Failed to save assessment data: ${reason}.`
          : "Failed to submit assessment. Please try again.",
      ),
    };
    // The answers are kept in the cookie, so trying again needs no retyping.
    return data(reply, { status: 503, headers: await commit() });
  }
}

function pickAnswers(step: WizardStep, answers: Record<string, string | undefined>) {
  const picked: Record<string, string> = {};
  for (const question of questionsOf(step)) {
    const value = answers[question.id];
    if (value !== undefined) picked[question.id] = value;
  }
  return picked;
}

function stepHeading(step: WizardStep) {
  if (step.kind === "contact") return "Tell Us About You";
  return efficiencyQuestionIds.some((id) => step.questionIds.includes(id))
    ? "Your Operations Today"
    : "Your Priorities";
}

export default function EfficiencyAssessment() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const stepNumber = loaderData.step;
  const step = stepAt(stepNumber) ?? { number: 1, kind: "contact" as const };
  const reply = actionData?.step === stepNumber ? actionData : null;
  const notice = actionData?.notice ?? loaderData.notice;
  const isLastStep = stepNumber === TOTAL_STEPS;

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [filled, setFilled] = useState(true);
  const checkFilled = () => {
    if (formRef.current) setFilled(isStepFilled(step, new FormData(formRef.current)));
  };
  // Recheck whenever a new step (or a refused post) renders its fields.
  useEffect(checkFilled, [stepNumber, actionData]); // eslint-disable-line react-hooks/exhaustive-deps

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

  const contactValues = { ...(loaderData.contact ?? {}), ...(reply?.values ?? {}) } as Record<
    string,
    string | undefined
  >;
  const chosen: Record<string, string | undefined> = {
    ...loaderData.answers,
    ...(reply?.values ?? {}),
  };

  return (
    <>
      <PageHero
        eyebrow="Operational Efficiency Assessment"
        title="How Efficient Are Your Operations?"
      >
        <p>
          {figures.assessmentSteps} short steps, about {figures.assessmentMinutes} minutes. You get
          your efficiency score, what the waste may be costing you, and a recommended next step.
        </p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-12 sm:px-8 sm:py-16">
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

        {notice ? (
          <div className="mt-8" key={notice.id}>
            <ToastNotice toast={notice} />
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
          <h2
            id="assessment-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold text-navy focus:outline-none sm:text-3xl"
          >
            {stepHeading(step)}
          </h2>
          <fieldset disabled={busy} className="mt-6 space-y-8">
            {step.kind === "contact" ? (
              <ContactFields values={contactValues} errors={reply?.errors ?? {}} />
            ) : (
              questionsOf(step).map((question) => (
                <QuestionField
                  key={question.id}
                  question={question}
                  chosen={chosen[question.id]}
                  error={reply?.errors[question.id]}
                />
              ))
            )}
            {/* Next comes first so that Enter in a field moves forward; the row shows it on the right. */}
            <div className="flex flex-row-reverse flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
              <button
                type="submit"
                name="intent"
                value="next"
                disabled={(hydrated && !filled) || busy}
                className="inline-flex min-w-36 items-center justify-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-60"
              >
                {submitting ? "Submitting..." : isLastStep ? "Get My Results" : "Next"}
              </button>
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
    </>
  );
}

const contactLabels: Record<
  (typeof contactFieldNames)[number],
  [label: string, type: string, autoComplete: string]
> = {
  company: ["Company", "text", "organization"],
  firstName: ["First Name", "text", "given-name"],
  lastName: ["Last Name", "text", "family-name"],
  email: ["Work Email", "email", "email"],
  phone: ["Phone", "tel", "tel"],
};

function ContactFields({
  values,
  errors,
}: {
  values: Record<string, string | undefined>;
  errors: StepErrors;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {contactFieldNames.map((name) => {
        const [label, type, autoComplete] = contactLabels[name];
        const id = `assessment-${name}`;
        const errorId = `${id}-error`;
        const error = errors[name];
        return (
          <div key={name} className={name === "company" || name === "email" ? "sm:col-span-2" : ""}>
            <FormField
              label={label}
              required={name !== "phone"}
              field={{ id, errorId, errors: error ? [error] : undefined }}
            >
              <input
                id={id}
                name={name}
                type={type}
                autoComplete={autoComplete}
                defaultValue={values[name] ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={inputClass}
              />
            </FormField>
          </div>
        );
      })}
    </div>
  );
}

function QuestionField({
  question,
  chosen,
  error,
}: {
  question: Question;
  chosen: string | undefined;
  error: string | undefined;
}) {
  const hintId = `${question.id}-hint`;
  const errorId = `${question.id}-error`;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-lg font-semibold text-ink sm:text-xl">{question.prompt}</legend>
      <p id={hintId} className="mt-1 text-ink-soft">
        {question.hint}
      </p>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-3">
        {question.options.map((option) => {
          const id = `${question.id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-white px-4 py-3 transition-colors hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
            >
              <input
                id={id}
                type="radio"
                name={question.id}
                value={option.value}
                defaultChecked={chosen === option.value}
                className="size-4 accent-brand"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
