// /sitemap/pages.xml, /sitemap/posts-1.xml, ...: the parts a sitemap index names once the site
// has more URLs than one sitemap file may list. Any other name, or any part while the sitemap is
// still one file, is not found.
import type { Route } from "./+types/sitemap.$part";
import { ALL_POSTS_CACHE_TAG } from "~/features/insights";
import { sitemapPart } from "~/features/insights/index.server";
import { generatedFileResponse } from "~/lib/feed-response.server";
import { noStore } from "~/lib/headers";
import { siteConfig } from "~/lib/site-config.server";

export function loader({ request, params }: Route.LoaderArgs) {
  const part = sitemapPart(siteConfig.origin, new Date(), params.part);
  if (!part) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...noStore },
    });
  }
  return generatedFileResponse(request, part.body, {
    contentType: "application/xml; charset=utf-8",
    lastModified: part.lastModified,
    cacheTags: [ALL_POSTS_CACHE_TAG],
  });
}
