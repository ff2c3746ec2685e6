// One page, one address: the site's fixed pages answer at their lower-case path without a trailing
// slash, and the others React Router would also match (`/Solutions`, `/contact/`) send the visitor
// there with a 301, so search engines and caches keep one copy under one name.
import { redirect, type MiddlewareFunction } from "react-router";
import { legalNavigation, primaryNavigation } from "~/content/navigation";

const FIXED_PAGES = new Set([
  ...primaryNavigation.map((item) => item.to),
  ...legalNavigation.map((item) => item.to),
  "/efficiency-assessment",
  "/assessment-results",
  "/book",
]);

/** The canonical path of a fixed page asked for under another spelling, or null. */
export function canonicalPathOf(pathname: string): string | null {
  const canonical = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  return canonical !== pathname && FIXED_PAGES.has(canonical) ? canonical : null;
}

/** Root middleware: a GET or HEAD of a fixed page under another spelling moves (301) to its own. */
export const redirectToCanonicalAddress: MiddlewareFunction<Response> = ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    const canonical = canonicalPathOf(url.pathname);
    if (canonical !== null) throw redirect(`${canonical}${url.search}`, 301);
  }
  return next();
};
