// Which requests the server's page cache may answer: anonymous GET and HEAD requests for the
// public pages every visitor sees alike, and under which key. Everything else (the admin, the
// assessment and its results, a visitor with a cookie of ours, unknown query strings) is rendered
// for its request. The response decides too: only a 200 that says `public` is stored.
import { legalNavigation, primaryNavigation } from "~/content/navigation";
import { insightsHref, insightsQueryFrom } from "~/features/insights";
import { carriesSiteCookie } from "~/lib/cookie-names";

const SAME_FOR_EVERYONE = new Set([
  ...primaryNavigation.map((item) => item.to),
  ...legalNavigation.map((item) => item.to),
  "/insights/rss.xml",
  "/insights/atom.xml",
  "/insights/feed.json",
  "/sitemap.xml",
  "/robots.txt",
]);

// An article (ids are UUIDs) and the sitemap's parts.
const SAME_FOR_EVERYONE_PATTERNS = [
  /^\/insights\/[0-9a-zA-Z-]{1,64}$/,
  /^\/sitemap\/[a-z0-9-]{1,40}\.xml$/,
];

/**
 * The cache key of a request the cache may answer, or null. Pages with query strings are keyed by
 * their canonical form (`/insights?page=1` is `/insights`); any other query string is refused.
 */
export function pageCacheKey(
  method: string,
  url: URL,
  cookieHeader: string | undefined,
): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (carriesSiteCookie(cookieHeader)) return null;
  const path = url.pathname;
  if (path === "/insights") {
    const query = insightsQueryFrom(url);
    const allowed = [...url.searchParams.keys()].every((name) => name === "page" || name === "tag");
    return query && allowed ? insightsHref(query) : null;
  }
  if (url.search !== "") return null;
  if (SAME_FOR_EVERYONE.has(path)) return path;
  return SAME_FOR_EVERYONE_PATTERNS.some((pattern) => pattern.test(path)) ? path : null;
}
