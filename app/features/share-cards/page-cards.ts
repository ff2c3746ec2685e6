// What the share card of each public page says: the page's own hero, so a shared link looks like
// the page it opens. Read on the server only: the browser gets the cards' addresses from loader
// data, not this copy.
import { ethosHero } from "~/content/ethos";
import {
  assessmentHero,
  caseStudiesHero,
  contactHero,
  homeHero,
  insightsHero,
  legalHero,
  teamHero,
} from "~/content/heroes";
import { solutionsHero } from "~/content/solutions";

/** The words on a card: a short kicker above, the headline below. */
export type ShareCardText = { eyebrow: string; title: string };

const cardOf = (hero: ShareCardText): ShareCardText => ({
  eyebrow: hero.eyebrow,
  title: hero.title,
});

export const pageShareCards = {
  home: cardOf(homeHero),
  solutions: cardOf(solutionsHero),
  "case-studies": cardOf(caseStudiesHero),
  ethos: cardOf(ethosHero),
  team: cardOf(teamHero),
  contact: cardOf(contactHero),
  "efficiency-assessment": cardOf(assessmentHero),
  // The list's hero title is only "Insights"; its introduction says what the articles are about.
  insights: {
    eyebrow: insightsHero.eyebrow,
    title: insightsHero.subject.charAt(0).toUpperCase() + insightsHero.subject.slice(1),
  },
  "privacy-policy": { eyebrow: legalHero.eyebrow, title: legalHero.privacyPolicyTitle },
  "terms-conditions": { eyebrow: legalHero.eyebrow, title: legalHero.termsTitle },
} as const satisfies Record<string, ShareCardText>;

export type SharePageName = keyof typeof pageShareCards;

export function isSharePageName(name: string): name is SharePageName {
  return Object.hasOwn(pageShareCards, name);
}

/** An article's card: its title under the blog's name. */
export function postShareCard(post: { title: string }): ShareCardText {
  return { eyebrow: insightsHero.eyebrow, title: post.title };
}
