// What a CTA click record looks like on the wire, and how the browser reports one.
import { z } from "zod";
import { trackedCallToActionLabels } from "~/content/calls-to-action";

export const CTA_CLICKS_ENDPOINT = "/cta-clicks";

const USER_SESSION_PATTERN = /^session_\d{13}_[a-z0-9]{6,12}$/;
const PAGE_PATH_PATTERN = /^\/(?:[A-Za-z0-9\-._~]+\/?)*$/;

export const ctaClickSchema = z
  .object({
    source: z
      .string()
      .max(100)
      .refine((label) => trackedCallToActionLabels.has(label), "unknown call to action"),
    path: z.string().max(200).regex(PAGE_PATH_PATTERN, "not a page path"),
    session: z.string().regex(USER_SESSION_PATTERN, "malformed session id").optional(),
  })
  .strict();

export type CtaClickInput = z.infer<typeof ctaClickSchema>;

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
