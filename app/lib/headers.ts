// Cache policies shared by the routes: what a CDN may keep, and what nobody may.

/**
 * Public pages and feeds: browsers check back each time, a shared cache (CDN) may serve its copy
 * for 5 minutes and a stale one for a day while it refreshes in the background.
 */
export const publicCacheControl = {
  "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
};

/** Personal, failed or missing pages: never stored. */
export const noStore = { "Cache-Control": "no-store" };

/**
 * Names what a stored copy of the page shows, so a change drops exactly the pages it affects: the
 * server's page cache reads it, and a CDN that purges by tag can use the same names.
 */
export const cacheTagHeader = (tags: readonly string[]) => ({ "Cache-Tag": tags.join(",") });
