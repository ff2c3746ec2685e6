// Solutions: the four offerings as cards, and the AI-Ready Operations Assessment in its own dark
// panel; both list what they include, whom they suit and their button the same way.
import { StrokeIcon } from "~/components/ui/stroke-icon";
import { ButtonLink } from "~/components/ui/button-link";
import { Section } from "~/components/ui/section";
import { offeringCallToAction } from "~/content/calls-to-action";
import { aiReadyAssessment, offerings, type Offering } from "~/content/offers";
import { aiReadySection, offeringsSection } from "~/content/solutions";

export function OfferingsSection() {
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
    // Named by its heading, so the four articles are told apart in a list of landmarks.
    <article
      aria-labelledby={`offering-${offering.id}-heading`}
      className="flex h-full flex-col rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h3 id={`offering-${offering.id}-heading`} className="text-2xl font-semibold text-navy">
        {offering.title}
      </h3>
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

export function AiReadySection() {
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

function CheckIcon({ className = "text-brand" }: { className?: string }) {
  return (
    <StrokeIcon viewBox="0 0 20 20" className={`mt-0.5 h-5 w-5 shrink-0 ${className}`}>
      <path d="M4 10.5l4 4 8-9" />
    </StrokeIcon>
  );
}
