// How the browser reports a CTA click. Every page loads this: it stays free of the validation
// library, which only the server needs (the cta-clicks feature).

const CTA_CLICKS_ENDPOINT = "/cta-clicks";

/** The spec's pseudo-random id, created fresh for every click: session_{timestamp}_{random}. */
export function newUserSession(now = Date.now(), random = Math.random) {
  return `session_${now}_${random().toString(36).slice(2, 11).padEnd(6, "0")}`;
}

/** The URL that records a click on `label` made on page `path`. */
export function ctaClickUrl(label: string, path: string, session?: string) {
  const query = new URLSearchParams({ source: label, path });
  if (session) query.set("session", session);
  return `${CTA_CLICKS_ENDPOINT}?${query}`;
}
