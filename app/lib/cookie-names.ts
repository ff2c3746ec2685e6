// Every cookie the site sets. A request carrying one of them may get a page made for that visitor
// (a signed-in admin, a notice after a form, the assessment in progress), so the page cache
// leaves it alone.
const SITE_COOKIE_NAMES = ["admin_session", "toast", "assessment", "confirmation_offer"] as const;

export type SiteCookieName = (typeof SITE_COOKIE_NAMES)[number];

const SITE_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SITE_COOKIE_NAMES.join("|")})=`);

/** True when a Cookie header carries one of the site's own cookies. */
export function carriesSiteCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && SITE_COOKIE.test(cookieHeader));
}
