// Every page the public may find in search: the navigation, the legal pages and the assessment.
import { legalNavigation, primaryNavigation } from "./navigation";

export const indexablePagePaths: string[] = [
  ...primaryNavigation.map((item) => item.to),
  "/efficiency-assessment",
  ...legalNavigation.map((item) => item.to),
];
