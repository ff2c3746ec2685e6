// What the server accepts as a CTA click record: a known button label, a page path, and the
// spec's session id.
import { z } from "zod";
import {
  callsToAction,
  offeringCallToAction,
  recommendationCallToAction,
} from "~/content/calls-to-action";
import { aiReadyAssessment, offerings } from "~/content/offers";
import { recommendations } from "~/features/assessment";

/** The labels the click-tracking endpoint accepts: anything else is refused. */
const trackedCallToActionLabels: ReadonlySet<string> = new Set([
  ...Object.values(callsToAction).map((cta) => cta.label),
  ...[...offerings, aiReadyAssessment].map((offering) => offeringCallToAction(offering).label),
  ...Object.values(recommendations).map((item) => recommendationCallToAction(item).label),
]);

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
