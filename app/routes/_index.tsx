// Home: the pitch, the proof, the approach, the promise, the team, the offer and a closing call.
import type { Route } from "./+types/_index";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button-link";
import { Section } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { caseResults, diagnosticsApproach, principles } from "~/content/home";
import { engagementModels } from "~/content/offers";
import { team } from "~/content/team";
import { pageShareImage } from "~/features/share-cards";
import { logoJsonLd, pageMeta, siteOf } from "~/lib/meta";
import type { SiteConfig } from "~/lib/site-config";
import { ClosingCall } from "~/components/closing-call";
import { HomeHero } from "~/components/home/home-hero";
import { WholeFigure } from "~/components/ui/whole-figure";
import { callsToAction } from "~/content/calls-to-action";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Process diagnostics that find million-dollar savings",
    description: `Broken workflows quietly consume ${figures.budgetLostToBrokenWorkflows} of operating budgets. We find the hidden inefficiencies in your processes and remove them, with results within ${figures.resultsWithinDays} days.`,
    jsonLd: firmJsonLd(siteOf(args.matches)),
    image: pageShareImage(args.matches, "home"),
  });

function firmJsonLd(site: SiteConfig | undefined) {
  if (!site) return undefined;
  // The firm and its website. No SearchAction: the site has no public search.
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: site.brand,
      url: site.origin,
      logo: logoJsonLd(site.origin),
      email: site.email,
      telephone: site.phone,
      address: site.address,
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: site.brand,
      url: `${site.origin}/`,
    },
  ];
}

export default function Home() {
  return (
    <>
      <HomeHero />
      <Section
        id="expensive-problems"
        eyebrow="The hidden cost"
        heading="Your Most Expensive Problems Don't Look Like Problems"
        intro={
          <p>
            They look like normal: the weekly status meeting, the spreadsheet only one person
            understands, the approval that waits three days for a signature. Across a business these
            habits consume <WholeFigure>{figures.budgetLostToBrokenWorkflows}</WholeFigure> of the
            operating budget. We work by four principles to get that money back.
          </p>
        }
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {principles.map((principle, index) => (
            <li
              key={principle.title}
              className="rounded-xl border border-line bg-white p-6 shadow-sm"
            >
              <span className="font-display text-3xl font-semibold text-brand" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-xl font-semibold text-navy">{principle.title}</h3>
              <p className="mt-2 text-ink-soft">{principle.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="results"
        tone="muted"
        eyebrow="Proof"
        heading="Measurable Operational Improvements"
        intro={<p>Three recent engagements, three very different businesses, one approach.</p>}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {caseResults.map((result) => (
            <li
              key={result.title}
              className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
            >
              <h3 className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
                {result.title}
              </h3>
              <p className="mt-3 font-display text-3xl font-semibold text-brand-strong">
                {result.result}
              </p>
              <p className="mt-3 text-ink-soft">{result.impact}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link
            to="/case-studies"
            className="font-semibold text-brand-strong underline underline-offset-4"
          >
            Read the full case studies
          </Link>
        </p>
      </Section>

      <Section
        id="approach"
        eyebrow="How we diagnose"
        heading="Our Human-Centric Diagnostics Approach"
        intro={
          <p>
            Software can show you where work slows down. Only people can tell you why. Every
            engagement starts with the people who do the work.
          </p>
        }
      >
        <ol className="grid gap-6 md:grid-cols-2">
          {diagnosticsApproach.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-xl font-semibold text-navy">{step.title}</h3>
                <p className="mt-1 text-ink-soft">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="promise"
        tone="dark"
        eyebrow="Our guarantee"
        heading={`${figures.valueDiscoveryDays}-Day Value Discovery Promise`}
      >
        <div className="grid items-center gap-8 md:grid-cols-[2fr_1fr]">
          <p className="text-lg text-slate-200">
            Within the first {figures.valueDiscoveryDays} days we will identify improvements worth
            at least {figures.valueDiscoveryMultiple} our fee. If we cannot, you do not pay for the
            discovery. Your only risk is finding out how much your current processes cost.
          </p>
          <div>
            <ButtonLink cta={callsToAction.startYourRiskFreeAssessment} />
          </div>
        </div>
      </Section>

      <Section
        id="team"
        eyebrow="The people"
        heading="Senior operators, not junior analysts"
        intro={<p>Every engagement is led by the three people who founded the practice.</p>}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {team.map((member) => (
            <li key={member.id} className="rounded-xl border border-line p-6">
              <img
                src={member.image}
                alt={`Portrait of ${member.name}`}
                width={96}
                height={96}
                loading="lazy"
                className="h-24 w-24 rounded-full bg-paper"
              />
              <h3 className="mt-4 text-xl font-semibold text-navy">{member.name}</h3>
              <p className="text-sm font-medium text-brand-strong">{member.title}</p>
              <p className="mt-3 text-ink-soft">{member.summary}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ButtonLink cta={callsToAction.meetTheFullTeam} variant="secondary" />
        </p>
      </Section>

      <Section
        id="engagement-models"
        tone="muted"
        eyebrow="How we work with you"
        heading="Three ways to engage"
        intro={<p>Start with a diagnosis, fix what it finds, then keep it fixed.</p>}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {engagementModels.map((model) => (
            <li
              key={model.id}
              className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
            >
              <h3 className="text-2xl font-semibold text-navy">{model.title}</h3>
              <p className="mt-1 font-medium text-brand-strong">{model.subtitle}</p>
              <p className="mt-3 flex-1 text-ink-soft">{model.description}</p>
              <p className="mt-4 rounded-md bg-accent-soft px-3 py-2 text-sm font-medium text-navy">
                {model.highlight}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ButtonLink cta={callsToAction.exploreAllSolutions} variant="secondary" />
        </p>
      </Section>

      <ClosingCall
        heading="Stop Accepting Expensive Normal"
        primary={callsToAction.getYourOperationalScore}
        secondary={callsToAction.startYourProjectNow}
      >
        Find out in {figures.assessmentMinutes} minutes how much your current processes cost, or
        talk to us about the problem you already know is there.
      </ClosingCall>
    </>
  );
}
