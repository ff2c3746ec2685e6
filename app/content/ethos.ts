// Copy specific to the Ethos page: why the firm exists, what sets it apart and how it works.
import { figures } from "./figures";

export const ethosHero = {
  eyebrow: "Ethos",
  title: "Our Ethos",
  intro:
    "We believe most of the money a business loses is lost in plain sight, inside routines everyone has stopped questioning. Our work is to make that waste visible, remove it with the people who live with it, and leave them fully in charge of what replaces it.",
};

export type HiddenCost = { title: string; description: string };

export const whatDrivesUs = {
  eyebrow: "Why we exist",
  heading: "What Drives Us",
  paragraphs: [
    `Broken workflows consume ${figures.budgetLostToBrokenWorkflows} of a typical operating budget. Almost none of it looks like waste. It looks like a busy week, a careful approval, a meeting everyone attends because they always have. Because it is normal, nobody owns it, and because nobody owns it, it grows.`,
    "What keeps us going is less the money than the people who pay for that waste with their time: the coordinator who stays late to re-key the same order into three systems, the manager who spends Sunday evening rebuilding a report, the specialist who cannot take a holiday because nobody else knows how the month-end close really works. They are usually the first to see the problem and the last to be asked about it.",
  ],
  hiddenCostsHeading: "Where the waste hides",
  hiddenCosts: [
    {
      title: "The approval that waits",
      description:
        "Work sits in an inbox for days for a signature that never changes the outcome, while the customer waits with it.",
    },
    {
      title: "The spreadsheet only one person understands",
      description:
        "A critical process lives in one file and one head. It works perfectly until that person is ill, on leave or gone.",
    },
    {
      title: "The meeting that should have been a decision",
      description: `One of our clients cut a weekly leadership meeting from ${figures.meetingHoursBefore} to ${figures.meetingMinutesAfter} by deciding who decides, and writing it down.`,
    },
    {
      title: "The rework nobody counts",
      description:
        "Errors caught late are fixed quietly by whoever finds them. The hours never appear on a report, so the cause is never fixed.",
    },
  ] satisfies HiddenCost[],
};

export type Difference = {
  title: string;
  description: string;
  /** The guarantee is what clients ask about first, so it gets a card of its own style. */
  isGuarantee?: boolean;
};

export const whatMakesUsDifferent = {
  eyebrow: "Our difference",
  heading: "What Makes Us Different",
  intro:
    "Plenty of firms can map a process. What matters is whether the improvement is still working a year after the consultants have left. Five commitments shape every engagement we take on.",
  differences: [
    {
      title: "Human-centric diagnostics",
      description:
        "We start with confidential conversations with the people who do the work, not with a software audit. Systems show where work slows down; only people can explain why.",
    },
    {
      title: "Root causes, not symptoms",
      description:
        "Overtime, missed deadlines and unhappy customers are where the pain shows. We trace each one back to the hand-off, rule or missing owner that causes it, and fix that.",
    },
    {
      title: "Human-proof solutions",
      description:
        "A process that depends on one heroic employee is a risk, not a strength. We design work that runs on an ordinary day, when someone is off sick and the new hire is on shift.",
    },
    {
      title: "Full ownership transfer",
      description:
        "When we leave, your team owns every process map, document, checklist and automation, and knows how to improve them without calling us back.",
    },
    {
      title: `The ${figures.valueDiscoveryDays}-Day Value Discovery Promise`,
      isGuarantee: true,
      description: `Within the first ${figures.valueDiscoveryDays} days we identify improvements worth at least ${figures.valueDiscoveryMultiple} our fee. If we cannot, you do not pay for the discovery. We make that promise because the diagnosis almost always finds more than anyone expected.`,
    },
  ] satisfies Difference[],
  guaranteeEyebrow: "Our guarantee",
};

export type WorkingStep = { title: string; description: string; outcome: string };

export const howWeWork = {
  eyebrow: "Our method",
  heading: "How We Work",
  intro: `The same four steps run through every engagement, from a ${figures.sprintDays}-day diagnostic to a full transformation. They are simple to describe and demanding to do well.`,
  steps: [
    {
      title: "Listen",
      description:
        "We interview people at every level, front line first, and watch real work happen. Interviews are confidential, so we hear about the workarounds as well as the official process.",
      outcome: "A candid picture of how work actually gets done",
    },
    {
      title: "Measure",
      description:
        "We follow real requests from start to finish and time every step, wait and rework loop, then put an annual cost in hours and dollars on each source of waste.",
      outcome: "A ranked list of problems, priced in your own numbers",
    },
    {
      title: "Design with the team",
      description:
        "The people who will run the new process help design it. They know the edge cases, and a process they shaped is a process they will defend when we are gone.",
      outcome: "A new way of working your team already believes in",
    },
    {
      title: "Transfer ownership",
      description:
        "We document everything in plain language, train every role and hand over each process to a named owner, then measure the result against the baseline.",
      outcome: "Savings you can prove and a team that can keep them",
    },
  ] satisfies WorkingStep[],
  outcomeLabel: "What you get",
  closing:
    "If that sounds like the way you would want to be treated, the next step is a conversation about the problem you already suspect is there.",
};
