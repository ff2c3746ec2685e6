// Every page the public may find in search: the navigation, the legal pages, the assessment and the
// open call times (each time's own page and a call's page are kept out).
import { legalNavigation, primaryNavigation } from "./navigation";

export const indexablePagePaths: string[] = [
  ...primaryNavigation.map((item) => item.to),
  "/efficiency-assessment",
  "/book",
  ...legalNavigation.map((item) => item.to),
];
