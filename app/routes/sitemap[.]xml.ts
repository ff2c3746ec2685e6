// /sitemap.xml: every public page and every published post, with when each last changed.
import type { Route } from "./+types/sitemap[.]xml";
import { indexablePagePaths } from "~/content/public-pages";
import { db } from "~/lib/db.server";
import { ALL_POSTS_CACHE_TAG } from "~/features/insights";
import { publicPostDates, publicPostsChangedAt } from "~/features/insights/index.server";
import { siteBuiltAt } from "~/lib/build-info";
import { escapeXml, generatedFileResponse, unavailableResponse } from "~/lib/feed-response.server";
import { isoDate } from "~/lib/dates";
import { logEvent } from "~/lib/log.server";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";

export function loader({ request }: Route.LoaderArgs) {
  const now = new Date();
  try {
    const posts = publicPostDates(db, now);
    const blogChanged = publicPostsChangedAt(db, now);
    const entries = [
      ...indexablePagePaths.map((path) => ({
        path,
        // The list changes with its posts; the other pages change when the site is rebuilt.
        lastModified: path === "/insights" && blogChanged ? blogChanged : siteBuiltAt,
      })),
      ...posts.map((post) => ({ path: `/insights/${post.id}`, lastModified: post.updatedAt })),
    ];
    const urls = entries
      .map(
        ({ path, lastModified }) =>
          `  <url>\n    <loc>${escapeXml(absoluteUrl(siteConfig.origin, path))}</loc>\n    <lastmod>${isoDate(lastModified)}</lastmod>\n  </url>`,
      )
      .join("\n");
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    const newest = entries.reduce(
      (latest, entry) => (entry.lastModified > latest ? entry.lastModified : latest),
      siteBuiltAt,
    );
    return generatedFileResponse(request, body, {
      contentType: "application/xml; charset=utf-8",
      lastModified: newest,
      cacheTags: [ALL_POSTS_CACHE_TAG],
    });
  } catch (error) {
    logEvent("error", "sitemap_unavailable", { message: String(error) });
    return unavailableResponse();
  }
}
