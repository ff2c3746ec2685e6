// Home: the opening pitch over its drawn backdrop, with the three ways in.
import { ButtonLink } from "~/components/ui/button-link";
import { WholeFigure } from "~/components/ui/whole-figure";
import { callsToAction } from "~/content/calls-to-action";
import { figures } from "~/content/figures";
import { homeHero } from "~/content/heroes";

export function HomeHero() {
  return (
    <div className="relative overflow-hidden bg-navy-deep text-white">
      <HeroBackdrop />
      <div className="relative mx-auto max-w-6xl px-5 pt-32 pb-20 sm:px-8 sm:pt-40 sm:pb-28">
        <p className="mb-4 text-sm font-semibold tracking-widest text-accent uppercase">
          {homeHero.eyebrow}
        </p>
        <h1 className="max-w-4xl text-4xl leading-tight font-semibold sm:text-6xl">
          {homeHero.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">
          Broken workflows quietly consume{" "}
          <WholeFigure>{figures.budgetLostToBrokenWorkflows}</WholeFigure> of your operating budget.
          We find where the money goes and fix the processes behind it, with results within{" "}
          {figures.resultsWithinDays} days.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ButtonLink cta={callsToAction.scheduleDiscoveryCall} />
          <ButtonLink cta={callsToAction.assessYourOperationalEfficiency} variant="secondary" />
          <ButtonLink cta={callsToAction.seeTheCaseStudy} variant="outline" />
        </div>
      </div>
    </div>
  );
}

function HeroBackdrop() {
  return (
    <svg
      aria-hidden="true"
      className="absolute inset-0 h-full w-full opacity-25"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1200 600"
    >
      <defs>
        <linearGradient id="hero-line" x1="0" x2="1">
          <stop offset="0" stopColor="#0f766e" stopOpacity="0" />
          <stop offset="1" stopColor="#14b8a6" />
        </linearGradient>
      </defs>
      {[80, 160, 240, 320, 400, 480].map((y, index) => (
        <path
          key={y}
          d={`M0 ${y + 60} C 300 ${y - 40}, 600 ${y + 120}, 1200 ${y - index * 20}`}
          fill="none"
          stroke="url(#hero-line)"
          strokeWidth="2"
        />
      ))}
    </svg>
  );
}
