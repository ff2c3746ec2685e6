// What the share card of each public page says: the page's own hero, so a shared link looks like
// the page it opens.
import { ethosHero } from "~/content/ethos";
import { solutionsHero } from "~/content/solutions";

/** The words on a card: a short kicker above, the headline below. */
export type ShareCardText = { eyebrow: string; title: string };

export const pageShareCards = {
  home: {
    eyebrow: "Operations consulting",
    title: "We Turn Hidden Process Inefficiencies Into Million-Dollar Savings",
  },
  solutions: { eyebrow: solutionsHero.eyebrow, title: solutionsHero.title },
  "case-studies": {
    eyebrow: "Case studies",
    title: "Real Problems. Real Solutions. Real Results.",
  },
  ethos: { eyebrow: ethosHero.eyebrow, title: ethosHero.title },
  team: { eyebrow: "Our team", title: "The Team Behind the Results" },
  contact: { eyebrow: "Contact", title: "Let's Talk About Your Operations" },
  "efficiency-assessment": {
    eyebrow: "Operational Efficiency Assessment",
    title: "How Efficient Are Your Operations?",
  },
  // The list's hero title is only "Insights"; its introduction says what the articles are about.
  insights: {
    eyebrow: "Insights",
    title: "Where time and money quietly leak, and the practical fixes that stop it",
  },
  "privacy-policy": { eyebrow: "Legal", title: "Privacy Policy" },
  "terms-conditions": { eyebrow: "Legal", title: "Terms & Conditions" },
  // Indexable without a result in the session, which is what a crawler sees of a shared link.
  "assessment-results": {
    eyebrow: "Operational Efficiency Assessment",
    title: "Assessment Results",
  },
} as const satisfies Record<string, ShareCardText>;

export type SharePageName = keyof typeof pageShareCards;

export function isSharePageName(name: string): name is SharePageName {
  return Object.hasOwn(pageShareCards, name);
}

/** An article's card: its title under the blog's name. */
export function postShareCard(post: { title: string }): ShareCardText {
  return { eyebrow: "Insights", title: post.title };
}
