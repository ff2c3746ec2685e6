// Solutions: the core stack most clients build, layer by layer, with its add-ons.
import { StrokeIcon } from "~/components/ui/stroke-icon";
import { ButtonLink } from "~/components/ui/button-link";
import { Section } from "~/components/ui/section";
import { callsToAction } from "~/content/calls-to-action";
import { buildYourStack, type StackLayer } from "~/content/solutions";

export function BuildYourStackSection() {
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
    <StrokeIcon className="mx-auto mt-3 h-5 w-5 text-accent">
      <path d="M12 4v15M6 13l6 6 6-6" />
    </StrokeIcon>
  );
}
