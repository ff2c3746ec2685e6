// Where an outbox message stands, and how a log view reads it from its address.
import { dateOrderFrom, filterFrom, oneOf, pageFrom } from "~/lib/url-filters";

type OutboxState = "queued" | "failed" | "sent";

/** A log shows every message, or those in one state. */
export type OutboxView = "all" | OutboxState;

export const OUTBOX_VIEWS: { state: OutboxView; label: string }[] = [
  { state: "all", label: "All" },
  { state: "failed", label: "Failed" },
  { state: "queued", label: "Queued" },
  { state: "sent", label: "Sent" },
];

/**
 * The view, page and order a log shows: every message by default, newest first, so what was just
 * sent or queued is at the top whatever became of it.
 */
export function logViewFrom(search: URLSearchParams) {
  const views = OUTBOX_VIEWS.map(({ state }) => state);
  const state = filterFrom(search, "state", oneOf(views)) ?? "all";
  return { state, page: pageFrom(search), order: dateOrderFrom(search) };
}

/** A message's state in a word, as the log and its page show it. */
export function messageState(message: {
  failedAt: Date | null;
  sentAt: Date | null;
  heldAt: Date | null;
}): "Failed" | "Sent" | "Held" | "Queued" {
  if (message.failedAt) return "Failed";
  if (message.sentAt) return "Sent";
  return message.heldAt ? "Held" : "Queued";
}
