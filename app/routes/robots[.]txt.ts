// /robots.txt: everything public may be crawled except the admin and the pages under /book/ (each
// open time's form and each call's own page, which change by the minute or belong to one visitor);
// the sitemap lists the rest.
import type { Route } from "./+types/robots[.]txt";
import { generatedFileResponse } from "~/lib/feed-response.server";
import { siteBuiltAt } from "~/lib/build-info";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /book/",
    "",
    `Sitemap: ${absoluteUrl(siteConfig.origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return generatedFileResponse(request, body, {
    contentType: "text/plain; charset=utf-8",
    lastModified: siteBuiltAt,
  });
}
