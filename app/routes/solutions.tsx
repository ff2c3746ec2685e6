// Solutions: the diagnostics-first method, the four offerings, the AI-ready assessment and the stack.
import type { Route } from "./+types/solutions";
import { ButtonLink } from "~/components/ui/button-link";
import { PageHero, Section } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { aiReadyAssessment, offerings, type Offering } from "~/content/offers";
import {
  aiReadySection,
  buildYourStack,
  diagnostics,
  method,
  offeringsSection,
  solutionsHero,
  type StackLayer,
} from "~/content/solutions";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";
import { callsToAction, offeringCallToAction } from "~/content/calls-to-action";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Solutions",
    description: `Process diagnostics, reengineering and ongoing enablement that remove hidden operational waste, plus our new AI-Ready Operations Assessment. Results within ${figures.resultsWithinDays} days.`,
    image: pageShareImage(args.matches, "solutions"),
  });

export default function Solutions() {
  return (
    <>
      <PageHero eyebrow={solutionsHero.eyebrow} title={solutionsHero.title}>
        <p>{solutionsHero.intro}</p>
      </PageHero>
      <DiagnosticsSection />
      <MethodSection />
      <OfferingsSection />
      <AiReadySection />
      <BuildYourStackSection />
    </>
  );
}

function DiagnosticsSection() {
  return (
    <Section id="diagnostics" eyebrow={diagnostics.eyebrow} heading={diagnostics.heading}>
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:gap-14">
        <div className="space-y-5 text-lg text-ink-soft">
          {diagnostics.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="rounded-xl border border-line bg-paper p-6 sm:p-8">
          <h3 className="text-xl font-semibold text-navy">{diagnostics.reasonsHeading}</h3>
          <ul className="mt-5 space-y-5">
            {diagnostics.reasons.map((reason) => (
              <li key={reason.title} className="border-l-4 border-brand pl-4">
                <strong className="block font-semibold text-navy">{reason.title}</strong>
                <span className="mt-1 block text-ink-soft">{reason.description}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}

function MethodSection() {
  const lastStepIndex = method.steps.length - 1;
  return (
    <Section
      id="how-it-works"
      tone="muted"
      eyebrow={method.eyebrow}
      heading={method.heading}
      intro={<p>{method.intro}</p>}
    >
      {/* The list carries the meaning; arrows and the loop are decoration layered on top of it. */}
      <ol className="grid gap-12 lg:grid-cols-4 lg:gap-10">
        {method.steps.map((step, index) => (
          <li key={step.name} className="relative flex">
            <div className="flex w-full flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-line">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-semibold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="text-xl font-semibold text-navy">{step.name}</h3>
              </div>
              <p className="mt-4 text-sm font-semibold tracking-wide text-brand-strong">
                {step.engagement}
              </p>
              <p className="mt-2 text-ink-soft">{step.description}</p>
            </div>
            {index < lastStepIndex ? <StepArrow /> : null}
          </li>
        ))}
      </ol>
      <ReturnLoop />
      <p className="mt-6 flex max-w-2xl items-start gap-3 text-ink-soft lg:mx-auto">
        <CycleIcon />
        <span>{method.loopNote}</span>
      </p>
    </Section>
  );
}

/** Points down between stacked cards on small screens and right between columns on wide ones. */
function StepArrow() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="absolute top-full left-1/2 mt-3 h-6 w-6 -translate-x-1/2 rotate-90 text-brand lg:top-1/2 lg:left-full lg:mt-0 lg:ml-2 lg:translate-x-0 lg:-translate-y-1/2 lg:rotate-0"
    >
      <path d="M4 12h15M13 6l6 6-6 6" />
    </svg>
  );
}

/** A dashed line from the last stage back to the first, only where the stages sit in one row. */
function ReturnLoop() {
  // Column centres sit an eighth of the width in, less three-eighths of the 2.5rem column gaps.
  return (
    <div aria-hidden="true" className="relative mx-[calc(12.5%-0.9375rem)] mt-4 hidden lg:block">
      <div className="h-10 rounded-b-2xl border-2 border-t-0 border-dashed border-brand" />
      <svg
        viewBox="0 0 16 12"
        className="absolute -top-3 left-0 h-3 w-4 -translate-x-1/2 text-brand"
        fill="currentColor"
      >
        <path d="M8 0l8 12H0z" />
      </svg>
    </div>
  );
}

function CycleIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 h-5 w-5 shrink-0 text-brand"
    >
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
      <path d="M4 3v5h5" />
      <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
      <path d="M20 21v-5h-5" />
    </svg>
  );
}

function CheckIcon({ className = "text-brand" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`mt-0.5 h-5 w-5 shrink-0 ${className}`}
    >
      <path d="M4 10.5l4 4 8-9" />
    </svg>
  );
}

function OfferingsSection() {
  return (
    <Section
      id="offerings"
      eyebrow={offeringsSection.eyebrow}
      heading={offeringsSection.heading}
      intro={<p>{offeringsSection.intro}</p>}
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {offerings.map((offering) => (
          <li key={offering.id}>
            <OfferingCard offering={offering} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function OfferingCard({ offering }: { offering: Offering }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8">
      <h3 className="text-2xl font-semibold text-navy">{offering.title}</h3>
      <p className="mt-1 font-medium text-brand-strong">{offering.subtitle}</p>
      <p className="mt-4 text-ink-soft">{offering.description}</p>
      <p className="mt-5 rounded-md bg-accent-soft px-3 py-2 text-sm font-medium text-navy">
        {offering.highlight}
      </p>
      <OfferingDetails offering={offering} tone="light" />
    </article>
  );
}

// What an offering includes, whom it suits and its button, on a light card or the dark AI-Ready
// panel.
const detailTones = {
  light: {
    label: "mt-6 text-sm font-semibold tracking-wider text-navy uppercase",
    list: "mt-3 space-y-2 text-ink-soft",
    check: "text-brand",
    bestFor: "mt-6 text-ink-soft",
    emphasis: "font-semibold text-navy",
    button: "mt-auto pt-8",
    variant: "secondary",
  },
  dark: {
    label: "text-sm font-semibold tracking-wider text-white uppercase",
    list: "mt-4 space-y-3 text-slate-200",
    check: "text-accent",
    bestFor: "mt-6 text-slate-200",
    emphasis: "font-semibold text-white",
    button: "mt-8 lg:mt-auto lg:pt-8",
    variant: "primary",
  },
} as const;

function OfferingDetails({
  offering,
  tone,
}: {
  offering: Pick<Offering, "includes" | "bestFor" | "ctaLabel">;
  tone: keyof typeof detailTones;
}) {
  const classes = detailTones[tone];
  return (
    <>
      <p className={classes.label}>{offeringsSection.includesLabel}</p>
      <ul className={classes.list}>
        {offering.includes.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckIcon className={classes.check} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <p className={classes.bestFor}>
        <span className={classes.emphasis}>{offeringsSection.bestForLabel}:</span>{" "}
        {offering.bestFor}
      </p>
      <div className={classes.button}>
        <ButtonLink
          cta={offeringCallToAction(offering)}
          variant={classes.variant}
          className="w-full sm:w-auto"
        />
      </div>
    </>
  );
}

function AiReadySection() {
  return (
    <section id="ai-ready" aria-labelledby="ai-ready-heading" className="bg-paper">
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
        <div className="grid gap-10 rounded-2xl border-2 border-accent bg-navy-deep p-6 text-white shadow-lg sm:p-10 lg:grid-cols-[3fr_2fr] lg:gap-14 lg:p-12">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <span className="rounded-full bg-accent px-3 py-1 text-xs font-bold tracking-wider text-navy-deep uppercase">
                {aiReadySection.badge}
              </span>
              <p className="text-sm font-semibold tracking-widest text-accent uppercase">
                {aiReadySection.eyebrow}
              </p>
            </div>
            <h2 id="ai-ready-heading" className="mt-5 text-3xl font-semibold sm:text-4xl">
              {aiReadyAssessment.title}
            </h2>
            <p className="mt-3 text-lg font-medium text-accent">{aiReadyAssessment.subtitle}</p>
            <p className="mt-5 text-lg text-slate-200">{aiReadyAssessment.description}</p>
            <div className="mt-5 space-y-4 text-slate-200">
              {aiReadySection.whyNow.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <p className="mt-6 rounded-md border border-white/20 bg-white/5 px-4 py-3 font-medium text-white">
              {aiReadyAssessment.highlight}
            </p>
          </div>
          <div className="flex flex-col">
            <OfferingDetails offering={aiReadyAssessment} tone="dark" />
          </div>
        </div>
      </div>
    </section>
  );
}

function BuildYourStackSection() {
  return (
    <Section
      id="build-your-stack"
      tone="dark"
      eyebrow={buildYourStack.eyebrow}
      heading={buildYourStack.heading}
    >
      {/* Source order puts the button last on narrow screens; the grid lifts it beside the stack. */}
      <div className="grid gap-10 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-16">
        <div className="space-y-5 text-lg text-slate-200">
          {buildYourStack.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <ol aria-label="The core stack, in the order most clients follow" className="space-y-3">
            {buildYourStack.coreLayers.map((layer, index) => (
              <li key={layer.title}>
                <StackBlock layer={layer} />
                {index < buildYourStack.coreLayers.length - 1 ? <DownArrow /> : null}
              </li>
            ))}
          </ol>
          <p className="mt-8 text-sm font-semibold tracking-widest text-accent uppercase">
            {buildYourStack.addOnsLabel}
          </p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {buildYourStack.addOns.map((layer) => (
              <li key={layer.title}>
                <StackBlock layer={layer} dashed />
              </li>
            ))}
          </ul>
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ButtonLink cta={callsToAction.scheduleMyConsultation} />
        </div>
      </div>
    </Section>
  );
}

function StackBlock({ layer, dashed = false }: { layer: StackLayer; dashed?: boolean }) {
  return (
    <div
      className={`h-full rounded-lg border bg-white/5 px-5 py-4 ${
        dashed ? "border-dashed border-white/40" : "border-white/20"
      }`}
    >
      <span className="block font-display text-xl font-semibold text-white">{layer.title}</span>
      <span className="mt-1 block text-slate-200">{layer.role}</span>
    </div>
  );
}

function DownArrow() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mx-auto mt-3 h-5 w-5 text-accent"
    >
      <path d="M12 4v15M6 13l6 6 6-6" />
    </svg>
  );
}
