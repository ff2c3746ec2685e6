// What the server accepts as a CTA click record: a known button label, a page path, and the
// spec's session id.
import { z } from "zod";
import { trackedCallToActionLabels } from "~/content/calls-to-action";

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
