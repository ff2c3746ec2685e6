// Solutions: the four stages of the method, drawn as a loop where they sit in one row.
import { StrokeIcon } from "~/components/ui/stroke-icon";
import { Section } from "~/components/ui/section";
import { method } from "~/content/solutions";

export function MethodSection() {
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
    <StrokeIcon className="absolute top-full left-1/2 mt-3 h-6 w-6 -translate-x-1/2 rotate-90 text-brand lg:top-1/2 lg:left-full lg:mt-0 lg:ml-2 lg:translate-x-0 lg:-translate-y-1/2 lg:rotate-0">
      <path d="M4 12h15M13 6l6 6-6 6" />
    </StrokeIcon>
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
    <StrokeIcon strokeWidth={2} className="mt-0.5 h-5 w-5 shrink-0 text-brand">
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
      <path d="M4 3v5h5" />
      <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
      <path d="M20 21v-5h-5" />
    </StrokeIcon>
  );
}
