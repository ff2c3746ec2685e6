// The subscribe form's fields, limits and messages: what the pages need to draw it, free of the
// validation library (schema.ts builds the server's schema from these).
import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/toast";

export const SUBSCRIBE_PATH = "/insights/subscribe";

export const subscribeLimits = { email: 254, name: 120 } as const;

export const missingEmailMessage = "Please enter your email address.";

/** Where a visitor subscribed from: the list of articles (or the form's own page), or an article. */
export const formSources = ["insights", "article"] as const;
export type FormSource = (typeof formSources)[number];

/** What the subscribe action answers: the address it may have sent a link to, or why not. */
export type SubscribeReply =
  { sentTo: string } | { result: SubmissionResult<string[]> | null; notice: Toast | null };
