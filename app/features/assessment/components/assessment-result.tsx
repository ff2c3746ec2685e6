// The results page's body: a short "calculating" pause (drawn by CSS alone, so it also runs without
// JavaScript), then the score with its level and next step, or the invitation to a conversation
// when too many answers were "not certain" to give a score.
import type { AnimationEvent, CSSProperties } from "react";
import { ButtonLink } from "~/components/ui/button-link";
import { callsToAction, recommendationCallToAction } from "~/content/calls-to-action";
import { figures } from "~/content/figures";
import type { FormReply } from "~/lib/form-action.server";
import type { AssessmentResultView } from "../results";
import { efficiencyLevels, type EfficiencyLevel, type Recommendation } from "../scoring";
import { UpdatesButton } from "./updates-button";

const resultHeadingId = { score: "score-heading", consultation: "consultation-heading" } as const;

export function AssessmentResult({
  result,
  updatesReply,
}: {
  result: AssessmentResultView;
  /** The updates button's answer, when this page is it (a post without JavaScript). */
  updatesReply?: FormReply;
}) {
  // The page that answers the updates button shows the result at once: it was calculated already.
  const seconds = updatesReply ? 0 : figures.resultsCalculatingSeconds;
  const delay = { "--calculating-delay": `${seconds}s` } as CSSProperties;
  const view = result.recommendation.kind === "consultation" ? "consultation" : "score";
  // With JavaScript the focus goes to the result as it is revealed, unless the visitor has
  // already put it somewhere: after "Get My Results" it is on <body>, the button being gone.
  const focusResult = (event: AnimationEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById(resultHeadingId[view])?.focus();
  };
  return (
    <div
      className="mx-auto grid max-w-5xl grid-cols-1 px-5 py-12 sm:px-8 sm:py-16 print:px-0 print:py-0"
      style={delay}
    >
      {/* One live region for both moments: "Calculating" hides and "ready" shows in it, by CSS, so
          the result is announced as it appears, with JavaScript or without. */}
      <div role="status" className="self-start [grid-area:1/1]">
        <div className="calculating-panel flex flex-col items-center rounded-xl bg-paper px-6 py-16 text-center ring-1 ring-line">
          <span
            aria-hidden="true"
            className="calculating-spinner size-12 rounded-full border-4 border-line border-t-brand"
          />
          <p className="mt-6 font-display text-2xl font-semibold text-navy">
            Calculating Your Results...
          </p>
        </div>
        <p className="calculated-notice sr-only">
          {view === "score"
            ? `Your results are ready: an efficiency score of ${result.efficiencyScore}%, ${result.level.name}.`
            : "Your results are ready: your recommended next step follows."}
        </p>
      </div>
      <div className="calculated-panel min-w-0 [grid-area:1/1]" onAnimationStart={focusResult}>
        {result.recommendation.kind === "consultation" ? (
          <ConsultationView
            uncertainCount={result.uncertainCount}
            recommendation={result.recommendation}
          />
        ) : (
          <ResultView
            efficiencyScore={result.efficiencyScore}
            level={result.level}
            recommendation={result.recommendation}
            updatesReply={updatesReply}
          />
        )}
        <ReportDownload />
      </div>
    </div>
  );
}

/**
 * The report is found by the same cookie as this page. A plain link, so it downloads without
 * JavaScript too; the router has no page at its address to navigate to.
 */
function ReportDownload() {
  return (
    <p className="mt-8 print:hidden">
      <a
        href="/assessment-report.pdf"
        download
        className="inline-flex items-center gap-2 rounded-md border border-brand px-5 py-3 font-semibold text-brand-strong transition-colors hover:bg-brand-soft"
      >
        <span aria-hidden="true">↓</span>
        Download your report (PDF)
      </a>
    </p>
  );
}

function ResultView({
  efficiencyScore,
  level,
  recommendation,
  updatesReply,
}: {
  efficiencyScore: number;
  level: EfficiencyLevel;
  recommendation: Recommendation;
  updatesReply: FormReply | undefined;
}) {
  return (
    <div className="space-y-12">
      <section
        aria-labelledby={resultHeadingId.score}
        className="grid gap-8 rounded-xl bg-navy p-8 text-white sm:grid-cols-[auto_1fr] sm:items-center sm:p-10 print:break-inside-avoid print:bg-white print:text-black print:ring-1 print:ring-line"
      >
        <div className="text-center sm:pr-8 sm:text-left">
          <h2
            id={resultHeadingId.score}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-200 focus:outline-none print:text-ink-soft"
          >
            Your Efficiency Score
          </h2>
          <p
            className="mt-2 font-display text-6xl font-semibold text-accent print:text-navy"
            data-testid="efficiency-score"
          >
            {efficiencyScore}%
          </p>
        </div>
        <div>
          <p className="text-sm font-semibold tracking-widest text-accent uppercase print:text-brand-strong">
            Your level
          </p>
          <p className="mt-1 font-display text-2xl font-semibold" data-testid="efficiency-level">
            {level.name}
          </p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            <LevelFact term="Time waste per employee per week" value={level.timeWaste} />
            <LevelFact term="Cost impact (share of payroll)" value={level.costImpact} />
            <LevelFact term="Improvement opportunity" value={level.opportunity} />
          </dl>
        </div>
      </section>

      <section aria-labelledby="levels-heading">
        <h2 id="levels-heading" className="text-2xl font-semibold text-navy">
          Efficiency Levels
        </h2>
        {/* Focusable, so a keyboard can scroll the table where it is wider than the screen. */}
        <div
          role="region"
          aria-labelledby="levels-heading"
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-xl ring-1 ring-line focus-visible:outline-2 focus-visible:outline-brand print:overflow-visible"
        >
          <table className="w-full min-w-[40rem] text-left text-sm print:min-w-0">
            <caption className="sr-only">
              The four efficiency levels, with your level marked
            </caption>
            <thead className="bg-paper text-ink-soft">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Score
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Level
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Time waste per employee per week
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Cost impact (share of payroll)
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Opportunity
                </th>
              </tr>
            </thead>
            <tbody>
              {efficiencyLevels.map((row) => {
                const mine = row.name === level.name;
                return (
                  <tr
                    key={row.name}
                    aria-current={mine ? "true" : undefined}
                    className={`border-t border-line ${mine ? "bg-accent-soft font-semibold text-navy" : ""}`}
                  >
                    <td className="px-4 py-3">{row.rangeLabel}</td>
                    <th scope="row" className="px-4 py-3 font-[inherit]">
                      {row.name}
                      {mine ? (
                        <span className="ml-2 inline-block rounded-full bg-navy px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
                          Your result
                        </span>
                      ) : null}
                    </th>
                    <td className="px-4 py-3">{row.timeWaste}</td>
                    <td className="px-4 py-3">{row.costImpact}</td>
                    <td className="px-4 py-3">{row.opportunity}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <NextStep
        heading="Your Recommended Next Step"
        recommendation={recommendation}
        updatesReply={updatesReply}
      />
    </div>
  );
}

function LevelFact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-300 print:text-ink-soft">{term}</dt>
      <dd className="mt-1 text-xl font-semibold">{value}</dd>
    </div>
  );
}

function ConsultationView({
  uncertainCount,
  recommendation,
}: {
  uncertainCount: number;
  recommendation: Recommendation;
}) {
  return (
    <div className="space-y-8">
      <section
        aria-labelledby={resultHeadingId.consultation}
        className="rounded-xl bg-navy p-8 text-white sm:p-10 print:bg-white print:text-black print:ring-1 print:ring-line"
      >
        <h2
          id={resultHeadingId.consultation}
          tabIndex={-1}
          className="font-display text-3xl font-semibold focus:outline-none"
        >
          Let&apos;s Complete the Picture Together
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-200 print:text-ink-soft">
          You answered &ldquo;I am not certain&rdquo; to {uncertainCount} of the six efficiency
          questions. That is common: the processes that cost the most are often the least visible. A
          score built on guesses would not serve you, so instead of a number we suggest a short
          conversation.
        </p>
      </section>
      <NextStep heading="Your Recommended Next Step" recommendation={recommendation} />
    </div>
  );
}

function NextStep({
  heading,
  recommendation,
  updatesReply,
}: {
  heading: string;
  recommendation: Recommendation;
  updatesReply?: FormReply;
}) {
  return (
    <section
      aria-labelledby="next-step-heading"
      className="rounded-xl bg-paper p-8 ring-1 ring-line sm:p-10 print:break-inside-avoid"
    >
      <h2 id="next-step-heading" className="text-2xl font-semibold text-navy">
        {heading}
      </h2>
      <h3 className="mt-4 text-xl font-semibold text-ink" data-testid="recommendation">
        {recommendation.title}
      </h3>
      <p className="mt-2 max-w-3xl text-ink-soft">{recommendation.description}</p>
      <div className="mt-6">
        {recommendation.kind === "low" ? (
          <UpdatesButton action="/assessment-results" reply={updatesReply} />
        ) : (
          <ButtonLink cta={recommendationCallToAction(recommendation)} variant="secondary" />
        )}
      </div>
    </section>
  );
}

/** Without a result in this browser's session: the way to one. */
export function NoAssessmentResult() {
  return (
    <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8">
      <p className="text-lg text-ink-soft">
        Take the {figures.assessmentMinutes}-minute assessment to get your efficiency score and a
        recommended next step.
      </p>
      <div className="mt-6">
        <ButtonLink cta={callsToAction.takeTheAssessment} variant="secondary" />
      </div>
    </div>
  );
}
