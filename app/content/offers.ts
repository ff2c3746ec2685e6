// The firm's offerings: the three engagement models, the custom option and the AI-ready assessment.
import { figures } from "./figures";

export type EngagementModel = {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  highlight: string;
};

export type Offering = EngagementModel & {
  includes: string[];
  bestFor: string;
  ctaLabel: string;
};

export const sprint: Offering = {
  id: "sprint",
  title: "Sprint",
  subtitle: `${figures.sprintDays}-day operational assessment`,
  description: `A focused ${figures.sprintDays}-day diagnostic of how work actually moves through your business. We interview the people doing the work, trace your critical processes end to end and put a number on what the waste costs you.`,
  highlight: `Top ${figures.sprintWasteAreas} waste areas, ${figures.sprintImmediateImprovements} immediate improvements and a roadmap`,
  includes: [
    "Stakeholder interviews across every team that touches the process",
    `The top ${figures.sprintWasteAreas} waste areas, each with its annual cost`,
    `${figures.sprintImmediateImprovements} improvements you can put in place immediately`,
    "A prioritised roadmap for everything else",
  ],
  bestFor: "Leaders who know something is costing them money but not yet where or how much.",
  ctaLabel: "Start a Sprint",
};

export const transform: Offering = {
  id: "transform",
  title: "Transform",
  subtitle: `Complete process reengineering in ${figures.transformationDays} days`,
  description:
    "We redesign the processes the Sprint exposed, document them so they survive staff changes, and train your team until the new way of working is simply how work gets done.",
  highlight: `Redesign, documentation and team training in ${figures.transformationDays} days`,
  includes: [
    "Future-state process design with the people who run it",
    "Plain-language documentation and checklists for every role",
    "Hands-on team training and adoption support",
    "Before-and-after measurement of time and cost",
  ],
  bestFor: "Businesses ready to fix the root causes rather than patch the symptoms again.",
  ctaLabel: "Plan a Transformation",
};

export const optimize: Offering = {
  id: "optimize",
  title: "Optimize",
  subtitle: "Ongoing strategic enablement",
  description:
    "Operations drift as a business grows. We stay alongside your leadership team with quarterly strategic reviews and monthly check-ins, catching new inefficiencies before they become expensive.",
  highlight: "Quarterly strategic reviews with monthly check-ins",
  includes: [
    "Quarterly strategic reviews of your operating metrics",
    "Monthly check-ins with process owners",
    "Early warning on new bottlenecks as you scale",
    "Priority access to our team between reviews",
  ],
  bestFor: "Growing companies that want to keep the gains of a transformation.",
  ctaLabel: "Discuss Ongoing Support",
};

export const custom: Offering = {
  id: "custom",
  title: "Custom",
  subtitle: "Tailored solutions",
  description:
    "Some problems do not fit a package: a merger, a system migration, a department that has outgrown its processes. We shape an engagement around the outcome you need.",
  highlight: "Scoped around your outcome, timeline and budget",
  includes: [
    "A scoping session to define the outcome and how we measure it",
    "A team and timeline matched to the problem",
    "Fixed-fee proposals wherever the scope allows",
  ],
  bestFor: "Mergers, migrations, new sites and other one-off operational challenges.",
  ctaLabel: "Design a Custom Engagement",
};

export const aiReadyAssessment: Offering = {
  id: "ai-ready-operations-assessment",
  title: "AI-Ready Operations Assessment",
  subtitle: "Find out where AI will pay off, and where it will not",
  description:
    "AI amplifies whatever process it is given, good or broken. We assess which of your workflows are stable, documented and data-rich enough to automate with AI, fix the ones that are not, and give you a sequenced plan with expected returns.",
  highlight: "A clear, costed view of where AI belongs in your operations",
  includes: [
    "An inventory of repetitive, rules-based and knowledge work",
    "A readiness score for each workflow: process, data and people",
    "Quick-win automations and the guardrails they need",
    "A sequenced adoption plan with expected returns",
  ],
  bestFor: "Leaders under pressure to 'do something with AI' who want it to pay for itself.",
  ctaLabel: "Book an AI-Ready Assessment",
};

/** The three engagement models, in the order a client usually moves through them. */
export const engagementModels: EngagementModel[] = [sprint, transform, optimize];

export const offerings: Offering[] = [sprint, transform, optimize, custom];
