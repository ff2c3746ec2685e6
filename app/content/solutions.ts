// Copy specific to the Solutions page: the diagnostics case, the four-stage method and the stack.
import { figures } from "./figures";
import { aiReadyAssessment, custom, optimize, sprint, transform } from "./offers";

export const solutionsHero = {
  eyebrow: "Solutions",
  title: "Solutions that remove the waste you can't see",
  intro: `Broken workflows quietly consume ${figures.budgetLostToBrokenWorkflows} of a typical operating budget, yet none of it shows up as a line item. Our engagements find that waste, put a price on it and remove it for good, with results within ${figures.resultsWithinDays} days.`,
};

export type DiagnosticReason = { title: string; description: string };

export const diagnostics = {
  eyebrow: "Process diagnostics",
  heading: "We diagnose before we prescribe",
  paragraphs: [
    "A process diagnostic is a structured look at how work really moves through your business, as opposed to how the org chart or the procedures manual say it moves. We sit with the people who do the work, follow real requests from the moment they arrive to the moment they are finished, and time every step, wait, hand-off and rework loop along the way.",
    "The result is a fact base rather than a feeling: which processes leak the most time and money, why they leak, and what each leak costs you a year. Only then do we recommend a change, because a fix aimed at the wrong problem is the most expensive fix of all.",
  ],
  reasonsHeading: "Why the diagnosis always comes first",
  reasons: [
    {
      title: "Symptoms mislead",
      description:
        "Overtime, missed deadlines and customer complaints are where the pain shows, rarely where it starts. Tracing them back reveals the hand-off or approval that actually causes them.",
    },
    {
      title: "Numbers settle debates",
      description:
        "When every inefficiency carries an annual cost in hours and dollars, priorities stop being a matter of opinion and the first fixes choose themselves.",
    },
    {
      title: "Software cannot see workarounds",
      description:
        "System logs show where work slows down. Only the people doing it can tell you about the spreadsheet, the side channel and the favour that keep it moving.",
    },
    {
      title: "It protects your budget",
      description: `A ${figures.sprintDays}-day diagnostic costs a fraction of a failed reorganisation or a software rollout that automates the wrong process.`,
    },
  ] satisfies DiagnosticReason[],
};

export type MethodStep = {
  name: string;
  /** Which engagement carries out this stage, and over what period. */
  engagement: string;
  description: string;
};

export const method = {
  eyebrow: "How it works",
  heading: "Four stages from hidden waste to lasting savings",
  intro:
    "Every engagement follows the same path. You can stop after any stage with something useful in hand, and most clients move straight on to the next.",
  steps: [
    {
      name: "Diagnose",
      engagement: `${sprint.title} · ${figures.sprintDays} days`,
      description: `We interview your people, trace your critical processes end to end and rank the top ${figures.sprintWasteAreas} waste areas by what they cost you each year.`,
    },
    {
      name: "Redesign",
      engagement: `${transform.title} · ${figures.transformationDays} days`,
      description:
        "Together with the people who run the work, we design the future-state process: fewer hand-offs, clear owners and decisions made once.",
    },
    {
      name: "Implement",
      engagement: `${transform.title} · ${figures.transformationDays} days`,
      description:
        "We document the new way of working in plain language, train every role and measure time and cost before and after, so the savings are proven.",
    },
    {
      name: "Sustain",
      engagement: `${optimize.title} · ongoing`,
      description:
        "Quarterly strategic reviews with monthly check-ins keep the gains in place and catch new bottlenecks as your business grows.",
    },
  ] satisfies MethodStep[],
  loopNote:
    "Each quarterly review works as a small diagnosis of its own, so the cycle starts again before new waste has time to become normal.",
};

export const offeringsSection = {
  eyebrow: "Offerings",
  heading: "Four ways to work with us",
  intro:
    "Start with a fixed-length diagnosis, go on to fix what it finds, then keep it fixed. If your challenge does not fit a package, we build one around it.",
  includesLabel: "What's included",
  bestForLabel: "Best for",
};

export const aiReadySection = {
  badge: "New",
  eyebrow: "Our newest offering",
  whyNow: [
    "Automating a broken process only produces broken results faster. Before you invest in AI tools, it pays to know which workflows are ready for them and which need fixing first.",
    `The assessment applies the same human-centric diagnostics as a ${sprint.title}, with a sharper question: where will AI return its cost, and what has to be true before it can?`,
  ],
};

export type StackLayer = { title: string; role: string };

export const buildYourStack = {
  eyebrow: "Combine what you need",
  heading: "Build Your Stack",
  paragraphs: [
    `Our offerings are designed to stack. Most clients begin with a ${figures.sprintDays}-day ${sprint.title} to find and price the waste, move into a ${transform.title} to re-engineer the processes that matter most within ${figures.transformationDays} days, and keep the results in place with ${optimize.title}: quarterly strategic reviews with monthly check-ins.`,
    `You can join at any layer. Add a ${custom.title} engagement for a merger, migration or new site, or an ${aiReadyAssessment.title} when automation is on the agenda. Every engagement is backed by our ${figures.valueDiscoveryDays}-Day Value Discovery Promise: improvements worth at least ${figures.valueDiscoveryMultiple} our fee, or you do not pay for the discovery.`,
  ],
  coreLayers: [
    { title: sprint.title, role: "Find and price the waste" },
    { title: transform.title, role: "Re-engineer the processes" },
    { title: optimize.title, role: "Keep the gains" },
  ] satisfies StackLayer[],
  addOnsLabel: "Add when you need them",
  addOns: [
    { title: custom.title, role: "Shaped around a one-off challenge" },
    { title: aiReadyAssessment.title, role: "Find where AI will pay off" },
  ] satisfies StackLayer[],
};
