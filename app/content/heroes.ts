// The kicker and headline at the top of each public page. The page draws them and its share card
// repeats them (app/features/share-cards), so they are written once, here (the Ethos and Solutions
// heroes sit with the rest of their pages' copy).

export const homeHero = {
  eyebrow: "Operations consulting",
  title: "We Turn Hidden Process Inefficiencies Into Million-Dollar Savings",
};

export const caseStudiesHero = {
  eyebrow: "Case studies",
  title: "Real Problems. Real Solutions. Real Results.",
};

export const teamHero = { eyebrow: "Our team", title: "The Team Behind the Results" };

export const bookHero = { eyebrow: "Discovery call", title: "Book a Discovery Call" };

export const contactHero = { eyebrow: "Contact", title: "Let's Talk About Your Operations" };

export const assessmentHero = {
  eyebrow: "Operational Efficiency Assessment",
  title: "How Efficient Are Your Operations?",
};

/** The results page: its name (its title), and its heading without and with a result. */
export const assessmentResultsHero = {
  eyebrow: assessmentHero.eyebrow,
  name: "Assessment Results",
  title: "No assessment data found",
  resultTitle: "Your Assessment Results",
};

export const insightsHero = {
  eyebrow: "Insights",
  title: "Insights",
  /** What the articles are about: the introduction's subject, and the title of the list's card. */
  subject: "where time and money quietly leak, and the practical fixes that stop it",
};

export const legalHero = {
  eyebrow: "Legal",
  privacyPolicyTitle: "Privacy Policy",
  termsTitle: "Terms & Conditions",
};
