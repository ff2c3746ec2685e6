// Site-wide protections applied before React Router sees a request: security headers with a
// per-request CSP nonce, and a same-origin check on every request that can change something.
import crypto from "node:crypto";

/**
 * The Content-Security-Policy for a response. Scripts run only from this origin or with this
 * request's nonce (React Router's inline scripts carry it); styles may be inline (Tailwind
 * utilities and a few style attributes); link-preview images may come from any https site.
 */
export function contentSecurityPolicy(nonce, { https }) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Headers for every response; `res.locals.cspNonce` carries the nonce to the page render. */
export function securityHeaders({ https }) {
  return (request, response, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    response.locals.cspNonce = nonce;
    response.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { https }));
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    );
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("X-Frame-Options", "DENY");
    // Browsers ignore HSTS over plain http, and a local install must stay reachable over it.
    if (https)
      response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser tells us came from another site, on top of
 * SameSite cookies. Browsers send Origin (and Sec-Fetch-Site) on every cross-site POST; an older
 * one may send only Referer, whose origin then counts the same. A request with none of them comes
 * from a non-browser client, which a forged page cannot make.
 */
export function sameOriginRequests({ siteOrigin }) {
  return (request, response, next) => {
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
function originOf(referer) {
  if (referer === undefined) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : "null";
}
