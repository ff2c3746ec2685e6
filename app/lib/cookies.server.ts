// The options every cookie of the site shares: signed, httpOnly, SameSite=Lax, Secure over https.
import type { SiteCookieName } from "./cookie-names";
import { env } from "./env.server";

export function signedCookieOptions(name: SiteCookieName) {
  return {
    name,
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.SITE_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
  };
}
