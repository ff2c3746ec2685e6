// Ethos: what drives the firm, what makes it different, and how it works.
import type { Route } from "./+types/ethos";
import { ButtonLink } from "~/components/ui/button-link";
import { PageHero, Section } from "~/components/ui/section";
import {
  ethosHero,
  howWeWork,
  whatDrivesUs,
  whatMakesUsDifferent,
  type Difference,
} from "~/content/ethos";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";
import { callsToAction } from "~/content/calls-to-action";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Ethos",
    description:
      "Why we hunt for the waste hidden in normal operations, what sets our human-centric diagnostics apart, and how we listen, measure, design with your team and hand over full ownership.",
    image: pageShareImage(args.matches, "ethos"),
  });

export default function Ethos() {
  return (
    <>
      <PageHero eyebrow={ethosHero.eyebrow} title={ethosHero.title}>
        <p>{ethosHero.intro}</p>
      </PageHero>
      <WhatDrivesUsSection />
      <WhatMakesUsDifferentSection />
      <HowWeWorkSection />
    </>
  );
}

function WhatDrivesUsSection() {
  return (
    <Section id="what-drives-us" eyebrow={whatDrivesUs.eyebrow} heading={whatDrivesUs.heading}>
      <div className="max-w-3xl space-y-5 text-lg text-ink-soft">
        {whatDrivesUs.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <p className="mt-12 text-sm font-semibold tracking-widest text-brand-strong uppercase">
        {whatDrivesUs.hiddenCostsHeading}
      </p>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2">
        {whatDrivesUs.hiddenCosts.map((cost) => (
          <li key={cost.title} className="rounded-xl border border-line bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold text-navy">{cost.title}</h3>
            <p className="mt-2 text-ink-soft">{cost.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function WhatMakesUsDifferentSection() {
  return (
    <Section
      id="what-makes-us-different"
      tone="muted"
      eyebrow={whatMakesUsDifferent.eyebrow}
      heading={whatMakesUsDifferent.heading}
      intro={<p>{whatMakesUsDifferent.intro}</p>}
    >
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {whatMakesUsDifferent.differences.map((difference, index) =>
          difference.isGuarantee ? (
            <GuaranteeCard key={difference.title} difference={difference} />
          ) : (
            <li
              key={difference.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
            >
              <span className="font-display text-3xl font-semibold text-brand" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-xl font-semibold text-navy">{difference.title}</h3>
              <p className="mt-2 text-ink-soft">{difference.description}</p>
            </li>
          ),
        )}
      </ul>
    </Section>
  );
}

function GuaranteeCard({ difference }: { difference: Difference }) {
  // Spans two columns so the five cards fill the grid without a gap at every breakpoint.
  return (
    <li className="flex flex-col gap-6 rounded-xl border-2 border-accent bg-navy-deep p-6 text-white shadow-sm sm:p-8 md:col-span-2 lg:flex-row lg:items-center">
      <div className="flex-1">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">
          {whatMakesUsDifferent.guaranteeEyebrow}
        </p>
        <h3 className="mt-2 text-2xl font-semibold">{difference.title}</h3>
        <p className="mt-3 text-slate-200">{difference.description}</p>
      </div>
      <div className="shrink-0">
        <ButtonLink cta={callsToAction.startYourRiskFreeAssessment} />
      </div>
    </li>
  );
}

function HowWeWorkSection() {
  return (
    <Section
      id="how-we-work"
      eyebrow={howWeWork.eyebrow}
      heading={howWeWork.heading}
      intro={<p>{howWeWork.intro}</p>}
    >
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {howWeWork.steps.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col rounded-xl border border-line bg-white p-6 shadow-sm"
          >
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-semibold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-xl font-semibold text-navy">{step.title}</h3>
            <p className="mt-2 flex-1 text-ink-soft">{step.description}</p>
            <p className="mt-5 rounded-md bg-brand-soft px-3 py-2 text-sm text-navy">
              <span className="font-semibold">{howWeWork.outcomeLabel}:</span> {step.outcome}
            </p>
          </li>
        ))}
      </ol>
      <div className="mt-12 flex flex-col gap-6 rounded-xl bg-paper p-6 ring-1 ring-line sm:p-8 lg:flex-row lg:items-center lg:justify-between">
        <p className="max-w-2xl text-lg text-ink-soft">{howWeWork.closing}</p>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <ButtonLink cta={callsToAction.scheduleDiscoveryCall} variant="secondary" />
          <ButtonLink cta={callsToAction.exploreOurSolutions} variant="outline" />
        </div>
      </div>
    </Section>
  );
}
