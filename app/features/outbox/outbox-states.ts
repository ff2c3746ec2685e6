// Where an outbox message stands, and how a log view reads it from its address.
import { dateOrderFrom, pageFrom } from "~/lib/url-filters";

export type OutboxState = "queued" | "failed" | "sent";

export const OUTBOX_STATES: { state: OutboxState; label: string }[] = [
  { state: "failed", label: "Failed" },
  { state: "queued", label: "Queued" },
  { state: "sent", label: "Sent" },
];

/** The state, page and order a log shows; failed first, as those need a person. */
export function logViewFrom(search: URLSearchParams) {
  const requested = search.get("state");
  const state: OutboxState = requested === "queued" || requested === "sent" ? requested : "failed";
  return { state, page: pageFrom(search), order: dateOrderFrom(search) };
}
