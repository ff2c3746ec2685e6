// Site-wide protections applied before React Router sees a request: security headers with a
// per-request CSP nonce, and a same-origin check on every request that can change something.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/**
 * The Content-Security-Policy's directives. Scripts run only from this origin or with the
 * request's nonce (React Router's inline scripts carry it); styles may be inline (Tailwind
 * utilities and a few style attributes); link-preview images may come from any https site, and
 * blob: images are the cover a staff member just chose, shown before it is uploaded (a blob: address
 * is made only by this page's own scripts).
 */
function policyDirectives({ https }: { https: boolean }) {
  return {
    defaultSrc: ["'self'"],
    // helmet hands back the response Express gave it, which carries the nonce.
    scriptSrc: [
      "'self'",
      (_request: IncomingMessage, response: ServerResponse) =>
        `'nonce-${(response as Response).locals.cspNonce}'`,
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "https:", "data:", "blob:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/**
 * Headers for every response, set by helmet; `res.locals.cspNonce` carries the request's nonce to
 * the page render. helmet has no Permissions-Policy, so that one is set here.
 */
export function securityHeaders({ https }: { https: boolean }) {
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: policyDirectives({ https }) },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Browsers ignore HSTS over plain http, and a local install must stay reachable over it.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  return (request: Request, response: Response, next: NextFunction) => {
    response.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    response.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetHeaders(request, response, next);
  };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const SOURCE_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
// JSON-LD and other data blocks are <script> elements too, but the browser runs none of them.
const SCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** The CSP sources ('sha256-…') of the inline scripts a page runs, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (SOURCE_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (type && !SCRIPT_TYPES.has((type[1] ?? type[2] ?? type[3] ?? "").trim().toLowerCase())) {
      continue;
    }
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy of a stored page: its inline scripts allowed by their hashes in place of the nonce
 * of the request it was rendered for, since every later answer reuses the same bytes.
 */
export function withScriptHashes(policy: string, nonce: string, hashes: readonly string[]) {
  return policy.replace(`'nonce-${nonce}'`, hashes.join(" ")).replace(/ +;/g, ";");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser tells us came from another site, on top of
 * SameSite cookies. Browsers send Origin (and Sec-Fetch-Site) on every cross-site POST; an older
 * one may send only Referer, whose origin then counts the same. A request with none of them comes
 * from a non-browser client, which a forged page cannot make.
 */
export function sameOriginRequests({ siteOrigin }: { siteOrigin: string | undefined }) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method)) return next();
    const fetchSite = request.get("Sec-Fetch-Site");
    const claimedOrigin = request.get("Origin") ?? originOf(request.get("Referer"));
    const ownOrigin = `${request.protocol}://${request.get("Host")}`;
    const allowed = new Set([siteOrigin, ownOrigin]);
    const crossSite =
      fetchSite === "cross-site" || (claimedOrigin !== undefined && !allowed.has(claimedOrigin));
    if (!crossSite) return next();
    response
      .status(403)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send("This form can only be sent from our own pages.");
  };
}

/** The origin of a Referer; one that is not a URL names no origin of ours ("null"). */
function originOf(referer: string | undefined) {
  if (referer === undefined) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : "null";
}
