// Cache policies shared by the routes: what a CDN may keep, and what nobody may.
import { carriesSiteCookie } from "./cookie-names";

/**
 * Public pages and feeds: browsers check back each time, a shared cache (CDN) may serve its copy
 * for 5 minutes and a stale one for a day while it refreshes in the background.
 */
export const publicCacheControl = {
  "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
};

/** Failed, missing or admin answers: never stored. */
export const noStore = { "Cache-Control": "no-store" };

/**
 * An answer made for one visitor (their results, their report), and what any page carrying a
 * cookie of ours says, whatever its route asked for: never stored, and never shared.
 */
export const privateNoStore = { "Cache-Control": "private, no-store" };

/**
 * A page whose address is its key (a link from an email): never stored, never indexed, and its
 * address never sent on to another site as a Referer. `same-origin` rather than `no-referrer`,
 * which would also make a browser post the page's own form with `Origin: null`, a post the
 * same-origin check (server/security.ts) refuses as another site's.
 */
export const secretLinkHeaders = {
  ...privateNoStore,
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
};

/**
 * The one rule for answers made for one visitor: one that sets a cookie, or answers a request that
 * carries one of the site's cookies (a signed-in admin, a notice after a form, an assessment under
 * way), is `private, no-store`, even where its route called the page public, so that no shared
 * cache keeps one visitor's page, or their cookie, for the next.
 */
export function keepPersonalAnswersPrivate(request: Request, headers: Headers) {
  if (headers.has("Set-Cookie") || carriesSiteCookie(request.headers.get("Cookie"))) {
    headers.set("Cache-Control", privateNoStore["Cache-Control"]);
  }
}

/**
 * Names what a stored copy of the page shows, so a change drops exactly the pages it affects: the
 * server's page cache reads it, and a CDN that purges by tag can use the same names.
 */
export const cacheTagHeader = (tags: readonly string[]) => ({ "Cache-Tag": tags.join(",") });
