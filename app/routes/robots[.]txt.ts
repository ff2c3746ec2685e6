// /robots.txt: everything public may be crawled except the admin; the sitemap lists it all.
import type { Route } from "./+types/robots[.]txt";
import { generatedFileResponse } from "~/lib/feed-response.server";
import { siteBuiltAt } from "~/lib/build-info";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "",
    `Sitemap: ${absoluteUrl(siteConfig.origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return generatedFileResponse(request, body, {
    contentType: "text/plain; charset=utf-8",
    lastModified: siteBuiltAt,
  });
}
