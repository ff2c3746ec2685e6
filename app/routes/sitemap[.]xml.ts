// /sitemap.xml: every public page and published post with when each last changed, or, past the
// protocol's 50,000 URLs, the index of the part files served by sitemap.$part.ts.
import type { Route } from "./+types/sitemap[.]xml";
import { ALL_POSTS_CACHE_TAG } from "~/features/insights";
import { sitemap } from "~/features/insights/index.server";
import { generatedFileResponse } from "~/lib/feed-response.server";
import { siteConfig } from "~/lib/site-config.server";

export function loader({ request }: Route.LoaderArgs) {
  const { body, lastModified } = sitemap(siteConfig.origin, new Date());
  return generatedFileResponse(request, body, {
    contentType: "application/xml; charset=utf-8",
    lastModified,
    cacheTags: [ALL_POSTS_CACHE_TAG],
  });
}
