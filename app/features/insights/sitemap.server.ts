// The sitemap: every public page and published post, with when each last changed. While they fit
// the protocol's limit it is one file; past it, /sitemap.xml is an index of part files, the pages
// and then the posts a limit's worth at a time, each reading only its slice of one index.
import { indexablePagePaths } from "~/content/public-pages";
import { siteBuiltAt } from "~/lib/build-info";
import type { Queryable } from "~/lib/db-client.server";
import { isoDate } from "~/lib/dates";
import { escapeXml } from "~/lib/feed-response.server";
import { absoluteUrl } from "~/lib/meta";
import { countPublicPosts, publicPostDates, publicPostsChangedAt } from "./queries.server";
import { postPath } from "./urls";

/** The most URLs one sitemap file may list (sitemaps.org), and so the posts in one part. */
export const SITEMAP_URL_LIMIT = 50_000;

type SitemapFile = { body: string; lastModified: Date | null };
type Entry = { path: string; lastModified: Date };

const PAGES_PART = "pages.xml";

/** Where a part file is served (app/routes/sitemap.$part.ts). */
const sitemapPartPath = (name: string) => `/sitemap/${name}`;

/** /sitemap.xml: every URL while they fit one file, else the index of the part files. */
export function sitemap(db: Queryable, origin: string, now: Date): SitemapFile {
  const postCount = countPublicPosts(db, now);
  const parts = partNames(postCount);
  const pages = pageEntries(db, now);
  if (parts.length === 0) {
    // Newest first, as this file has always listed them.
    const posts = postEntries(db, now, {
      order: "newest",
      offset: 0,
      limit: SITEMAP_URL_LIMIT - pages.length,
    });
    const entries = [...pages, ...posts];
    return { body: urlset(origin, entries), lastModified: newestOf(entries) };
  }
  const sitemaps = parts
    .map(
      (name) =>
        `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(origin, sitemapPartPath(name)))}</loc>\n  </sitemap>`,
    )
    .join("\n");
  return {
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps}\n</sitemapindex>\n`,
    lastModified: newestOf(pages),
  };
}

/** One part file the index names (`pages.xml`, `posts-1.xml`, ...), or null for any other name. */
export function sitemapPart(
  db: Queryable,
  origin: string,
  now: Date,
  name: string,
): SitemapFile | null {
  const index = partNames(countPublicPosts(db, now)).indexOf(name);
  if (index < 0) return null;
  // Oldest first, so a new post changes only the last part and the others keep their ETags.
  const entries =
    name === PAGES_PART
      ? pageEntries(db, now)
      : postEntries(db, now, {
          order: "oldest",
          offset: (index - 1) * SITEMAP_URL_LIMIT,
          limit: SITEMAP_URL_LIMIT,
        });
  return { body: urlset(origin, entries), lastModified: newestOf(entries) };
}

/** The part files, in the index's order; none while every URL fits one file. */
function partNames(postCount: number): string[] {
  if (indexablePagePaths.length + postCount <= SITEMAP_URL_LIMIT) return [];
  const postParts = Math.ceil(postCount / SITEMAP_URL_LIMIT);
  return [PAGES_PART, ...Array.from({ length: postParts }, (_, index) => `posts-${index + 1}.xml`)];
}

function pageEntries(db: Queryable, now: Date): Entry[] {
  const blogChanged = publicPostsChangedAt(db, now);
  return indexablePagePaths.map((path) => ({
    path,
    // The list changes with its posts; the other pages change when the site is rebuilt.
    lastModified: path === "/insights" && blogChanged ? blogChanged : siteBuiltAt,
  }));
}

function postEntries(db: Queryable, now: Date, slice: Parameters<typeof publicPostDates>[2]) {
  return publicPostDates(db, now, slice).map((post): Entry => ({
    path: postPath(post),
    lastModified: post.updatedAt,
  }));
}

function urlset(origin: string, entries: Entry[]) {
  const urls = entries
    .map(
      ({ path, lastModified }) =>
        `  <url>\n    <loc>${escapeXml(absoluteUrl(origin, path))}</loc>\n    <lastmod>${isoDate(lastModified)}</lastmod>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function newestOf(entries: Entry[]): Date | null {
  return entries.reduce<Date | null>(
    (newest, entry) => (newest && newest >= entry.lastModified ? newest : entry.lastModified),
    null,
  );
}
