// Every cookie the site sets. A request carrying one of them may get a page made for that visitor
// (a signed-in admin, a notice after a form, the assessment in progress), so the page cache
// leaves it alone.
export const SITE_COOKIE_NAMES = ["admin_session", "toast", "assessment"] as const;

export type SiteCookieName = (typeof SITE_COOKIE_NAMES)[number];
