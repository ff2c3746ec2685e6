// The only script public pages load. They are HTML from the server and work without any script
// (decision 017); this adds what a browser running JavaScript does better.
import { enhanceAssessmentStep } from "./assessment-step";
import { enhanceContactForm } from "./contact-form";
import { reportCtaClicksWithBeacons } from "./cta-beacons";
import { showLoadingOnNavigation } from "./page-loading";

reportCtaClicksWithBeacons(document);
showLoadingOnNavigation(document);
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-contact-form]")) {
  enhanceContactForm(form);
}
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-assessment-step]")) {
  enhanceAssessmentStep(form);
}
