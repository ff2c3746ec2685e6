// /.well-known/security.txt (RFC 9116): where to report a vulnerability, from the site's
// configuration. The file must say when it goes stale; computed at each request, it never does.
import type { Route } from "./+types/[.]well-known.security[.]txt";
import { publicCacheControl } from "~/lib/headers";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";

/** The RFC advises less than a year; a quarter leaves any stored copy well inside it. */
const VALID_FOR_DAYS = 90;

export function loader(_: Route.LoaderArgs) {
  const expires = new Date(Date.now() + VALID_FOR_DAYS * 24 * 60 * 60 * 1000);
  const body = [
    `Contact: mailto:${siteConfig.email}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `Canonical: ${absoluteUrl(siteConfig.origin, "/.well-known/security.txt")}`,
    "Preferred-Languages: en",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", ...publicCacheControl },
  });
}
