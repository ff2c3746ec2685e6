// Copy specific to the Home page: principles, example results, and the diagnostics approach.
import { figures } from "./figures";

export type Principle = { title: string; description: string };

export const principles: Principle[] = [
  {
    title: "Root causes, not symptoms",
    description:
      "Missed deadlines and overtime are symptoms. We trace them back to the hand-offs, approvals and unwritten rules that cause them, and fix those.",
  },
  {
    title: "Human-proof solutions",
    description:
      "A process that depends on one heroic employee is a risk. We design systems that work on an ordinary Tuesday, when someone is on holiday.",
  },
  {
    title: `${figures.transformationDays} day results`,
    description: `No eighteen-month programmes. Our engagements deliver measurable savings within ${figures.transformationDays} days, and results within ${figures.resultsWithinDays} days.`,
  },
  {
    title: "Full ownership transfer",
    description:
      "When we leave, your team owns every process, document and automation, and knows how to improve them without us.",
  },
];

export type CaseResult = { title: string; result: string; impact: string };

export const caseResults: CaseResult[] = [
  {
    title: "Technology company",
    result: `${figures.headlineClientSavings} saved a year`,
    impact: `Weekly leadership meetings cut from ${figures.meetingHoursBefore} to ${figures.meetingMinutesAfter}, with decisions made faster and in writing.`,
  },
  {
    title: "Service organisation",
    result: `${figures.secondClientSavings} saved a year`,
    impact:
      "Duplicate data entry and manual reconciliation removed between sales, delivery and billing.",
  },
  {
    title: "Operations-intensive business",
    result: "Downtime losses prevented",
    impact:
      "Critical maintenance knowledge documented and shared, so a single absence no longer stops the line.",
  },
];

export type ApproachStep = { title: string; description: string };

export const diagnosticsApproach: ApproachStep[] = [
  {
    title: "Listen to the people doing the work",
    description:
      "Confidential interviews with front-line staff, managers and leaders reveal the workarounds that never reach a report.",
  },
  {
    title: "Trace every hand-off",
    description:
      "We follow real pieces of work from request to result and time each step, wait and rework loop.",
  },
  {
    title: "Put a price on the waste",
    description:
      "Every inefficiency gets an annual cost in hours and dollars, so you can decide what to fix first on facts.",
  },
  {
    title: "Design with your team",
    description:
      "Improvements are shaped with the people who will run them, which is why they are still running a year later.",
  },
];
