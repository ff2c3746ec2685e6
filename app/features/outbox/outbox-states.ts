// Where an outbox message stands, and how a log view reads it from its address.
import { dateOrderFrom, filterFrom, oneOf, pageFrom } from "~/lib/url-filters";

export type OutboxState = "queued" | "failed" | "sent";

export const OUTBOX_STATES: { state: OutboxState; label: string }[] = [
  { state: "failed", label: "Failed" },
  { state: "queued", label: "Queued" },
  { state: "sent", label: "Sent" },
];

/** The state, page and order a log shows; failed first, as those need a person. */
export function logViewFrom(search: URLSearchParams) {
  const states = OUTBOX_STATES.map(({ state }) => state);
  const state = filterFrom(search, "state", oneOf(states)) ?? "failed";
  return { state, page: pageFrom(search), order: dateOrderFrom(search) };
}
