// Every call-to-action button on the site: its label (what the firm's click statistics show) and target.
// Every page loads this module (the header and footer use it), so it imports nothing from the
// offers or the assessment rules: the set of labels the server accepts is built in the cta-clicks
// feature, which can afford to load them.
import { figures } from "./figures";

export type CallToAction = { label: string; to: string };

export const callsToAction = {
  getYourOperationalScore: { label: "Get Your Operational Score", to: "/efficiency-assessment" },
  scheduleDiscoveryCall: { label: "Schedule Discovery Call", to: "/book" },
  assessYourOperationalEfficiency: {
    label: "Assess Your Operational Efficiency",
    to: "/efficiency-assessment",
  },
  seeTheCaseStudy: {
    label: `See our ${figures.headlineClientSavings} Case Study`,
    to: "/case-studies#technology-company-1-3m",
  },
  startYourRiskFreeAssessment: {
    label: "Start Your Risk-Free Assessment",
    to: "/efficiency-assessment",
  },
  meetTheFullTeam: { label: "Meet the Full Team", to: "/team" },
  exploreAllSolutions: { label: "Explore All Solutions", to: "/solutions" },
  exploreOurSolutions: { label: "Explore Our Solutions", to: "/solutions" },
  startYourProjectNow: { label: "Start Your Project Now", to: "/contact" },
  scheduleMyConsultation: { label: "Schedule My Consultation", to: "/book" },
  talkToTheTeam: { label: "Talk to the Team", to: "/contact" },
  takeTheAssessment: {
    label: `Take the ${figures.assessmentMinutes}-Minute Assessment`,
    to: "/efficiency-assessment",
  },
  returnToHome: { label: "Return to Home", to: "/" },
} as const satisfies Record<string, CallToAction>;

/** Each offering's button, which always leads to the contact form. */
export function offeringCallToAction(offering: { ctaLabel: string }): CallToAction {
  return { label: offering.ctaLabel, to: "/contact" };
}

/**
 * The results page's button for each recommended next step: a call ("Schedule a Discovery Call",
 * "Schedule Strategic Consultation") is booked at /book, the rest is asked for at /contact. The
 * efficiency updates need no form there: their button subscribes the respondent (decision 068).
 */
export function recommendationCallToAction(recommendation: {
  kind: string;
  title: string;
}): CallToAction {
  const booksACall = recommendation.kind === "consultation" || recommendation.kind === "high";
  return { label: recommendation.title, to: booksACall ? "/book" : "/contact" };
}
