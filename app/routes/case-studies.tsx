// Case Studies: three engagements in detail, the patterns they share and the challenges we solve.
import type { Route } from "./+types/case-studies";
import { PageHero, Section } from "~/components/ui/section";
import {
  caseStudies,
  commonChallenges,
  consistentPatterns,
  type CaseStudy,
} from "~/content/case-studies";
import { figures } from "~/content/figures";
import { caseStudiesHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";
import { ClosingCall } from "~/components/closing-call";
import { callsToAction } from "~/content/calls-to-action";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Case Studies: Real Problems, Real Solutions, Real Results",
    description: `How a technology company saved ${figures.headlineClientSavings} a year, a service organisation saved ${figures.secondClientSavings} a year and an operations-intensive business prevented downtime losses. Results in ${figures.transformationDays} days, with an ROI of ${figures.roiRange}.`,
    image: pageShareImage(args.matches, "case-studies"),
  });

export default function CaseStudies() {
  return (
    <>
      <PageHero eyebrow={caseStudiesHero.eyebrow} title={caseStudiesHero.title}>
        <p>
          Three recent engagements, described with our clients&apos; permission and without their
          names. The businesses could hardly be more different, yet the pattern holds: find the root
          cause, fix the process, hand it over. Our clients see results in{" "}
          {figures.transformationDays} days and an ROI of {figures.roiRange}.
        </p>
      </PageHero>

      <CaseStudyIndex />

      {caseStudies.map((caseStudy, index) => (
        <CaseStudyArticle
          key={caseStudy.id}
          caseStudy={caseStudy}
          number={index + 1}
          muted={index % 2 === 1}
        />
      ))}

      <Section
        id="consistent-patterns"
        tone="dark"
        eyebrow="What every engagement shares"
        heading="Consistent Patterns"
        intro={
          <p>
            Different industries, different problems, and the same four outcomes. They are not luck:
            they are how we design every engagement from the first interview.
          </p>
        }
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {consistentPatterns.map((pattern) => (
            <li key={pattern.label} className="rounded-xl bg-white/5 p-6 ring-1 ring-white/15">
              <p className="text-sm font-semibold tracking-wider text-accent uppercase">
                {pattern.label}
              </p>
              <h3 className="mt-3 text-xl font-semibold text-white">{pattern.title}</h3>
              <p className="mt-3 text-slate-200">{pattern.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="common-challenges"
        eyebrow="Sound familiar?"
        heading="Common Challenges We Solve"
        intro={
          <p>
            The names change from client to client; the problems rarely do. If one of these
            describes your week, it is costing more than it appears to.
          </p>
        }
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {commonChallenges.map((challenge, index) => (
            <li key={challenge.title} className="rounded-xl border border-line bg-white p-6">
              <span className="font-display text-3xl font-semibold text-brand" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-xl font-semibold text-navy">{challenge.title}</h3>
              <p className="mt-2 text-ink-soft">{challenge.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <ClosingCall
        heading="Your Business Could Be the Next Case Study"
        primary={callsToAction.getYourOperationalScore}
        secondary={callsToAction.scheduleDiscoveryCall}
      >
        Our {figures.assessmentSteps}-step assessment takes about {figures.assessmentMinutes}{" "}
        minutes and shows where your operations are losing money. Or book a discovery call and tell
        us about the problem you already know is there.
      </ClosingCall>
    </>
  );
}

/** Lets a reader jump to the story closest to their own business. */
function CaseStudyIndex() {
  return (
    <nav aria-label="Case studies on this page" className="border-b border-line bg-paper">
      <ul className="mx-auto grid max-w-6xl gap-4 px-5 py-8 sm:px-8 md:grid-cols-3">
        {caseStudies.map((caseStudy) => (
          <li key={caseStudy.id}>
            <a
              href={`#${caseStudy.id}`}
              className="group flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-line transition-shadow hover:shadow-md"
            >
              <span className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
                {caseStudy.sector}
              </span>{" "}
              <span className="mt-2 font-display text-2xl font-semibold text-brand-strong">
                {caseStudy.headline}
              </span>{" "}
              <span className="mt-auto pt-3 text-sm font-semibold text-navy underline-offset-4 group-hover:underline">
                Read the case study <span aria-hidden="true">&darr;</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CaseStudyArticle({
  caseStudy,
  number,
  muted,
}: {
  caseStudy: CaseStudy;
  number: number;
  muted: boolean;
}) {
  const titleId = `${caseStudy.id}-title`;
  return (
    <article
      id={caseStudy.id}
      aria-labelledby={titleId}
      className={muted ? "bg-paper" : "bg-white"}
    >
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
        <p className="mb-3 text-sm font-semibold tracking-widest text-brand-strong uppercase">
          Case study {number} &middot; {caseStudy.sector}
        </p>
        <h2 id={titleId} className="max-w-4xl text-3xl font-semibold text-navy sm:text-4xl">
          {caseStudy.title}
        </h2>
        <p className="mt-5 inline-flex rounded-full bg-brand-soft px-4 py-1.5 text-sm font-semibold text-brand-strong">
          {caseStudy.headline}
        </p>

        <div className="mt-10 grid gap-10 lg:grid-cols-2 lg:gap-14">
          <div className="space-y-8">
            <div>
              <h3 className="text-xl font-semibold text-navy">The Challenge</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{caseStudy.challenge}</p>
            </div>
            <div>
              <h3 className="text-xl font-semibold text-navy">The Problem</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{caseStudy.problem}</p>
            </div>
          </div>
          <div>
            <h3 className="text-xl font-semibold text-navy">Our Solution</h3>
            <ul className="mt-4 space-y-3">
              {caseStudy.solutions.map((solution) => (
                <li key={solution} className="flex gap-3 text-ink-soft">
                  <StepIcon className="mt-1 h-5 w-5 shrink-0 text-brand" />
                  <span>{solution}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="mt-12 grid gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="rounded-xl bg-navy p-6 text-white sm:p-8">
            <h3 className="text-xl font-semibold text-white">The Results</h3>
            <ul className="mt-4 space-y-3">
              {caseStudy.results.map((result) => (
                <li key={result} className="flex gap-3 text-slate-200">
                  <CheckIcon className="mt-1 h-5 w-5 shrink-0 text-accent" />
                  <span>{result}</span>
                </li>
              ))}
            </ul>
          </div>
          <figure className="flex flex-col justify-center rounded-xl border-l-4 border-accent bg-white p-6 shadow-sm ring-1 ring-line sm:p-8">
            <blockquote className="font-display text-xl leading-snug text-navy">
              <p>&ldquo;{caseStudy.clientQuote.text}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-4 text-sm font-medium text-ink-soft">
              &mdash; {caseStudy.clientQuote.attribution}
            </figcaption>
          </figure>
        </div>
      </div>
    </article>
  );
}

function StepIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="M3 10a.75.75 0 0 1 .75-.75h10.64l-3.92-3.72a.75.75 0 1 1 1.04-1.08l5.25 5a.75.75 0 0 1 0 1.08l-5.25 5a.75.75 0 1 1-1.04-1.08l3.92-3.72H3.75A.75.75 0 0 1 3 10Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function CheckIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
