// Delivers webhook rows: a POST of the stored payload to the endpoint's current address, signed
// in the Standard Webhooks format, through the same guarded requests as link previews.
import { Webhook } from "standardwebhooks";
import { outboundRequest, type OutboundOptions } from "~/lib/outbound-http.server";
import { DeliveryError, type Courier, type OutboxRow } from "./outbox.server";

/** A receiver that has not answered in this long is tried again later. */
const TIMEOUT_MS = 10_000;

/**
 * The three Standard Webhooks headers: the event's id (the same on every attempt), the attempt's
 * time in seconds, and `v1,` with the base64 HMAC-SHA256 of `id.timestamp.body` under the secret.
 */
function signatureHeaders(secret: string, eventId: string, payload: string, at: Date) {
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(eventId, at, payload),
  };
}

/** Where a delivery goes, as the webhooks feature holds it now: its address and signing secret. */
export type WebhookTarget = { url: string; secret: string };

/**
 * The webhook courier. `targetOf` looks an endpoint up at each attempt (the webhooks feature owns
 * the endpoints), so a changed address or a replaced secret applies to deliveries still queued.
 */
export function webhookCourier({
  targetOf,
  userAgent,
  ...options
}: OutboundOptions & {
  targetOf: (endpointId: number) => WebhookTarget | undefined;
  userAgent: string;
}): Courier {
  return {
    deliver: async (row: OutboxRow) => {
      const endpoint = row.webhookEndpointId === null ? undefined : targetOf(row.webhookEndpointId);
      if (!endpoint || row.eventId === null || row.payload === null) {
        throw new DeliveryError("The webhook endpoint or the event is missing", null);
      }
      const answer = await outboundRequest(
        endpoint.url,
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "User-Agent": userAgent,
            ...signatureHeaders(endpoint.secret, row.eventId, row.payload, new Date()),
          },
          body: row.payload,
        },
        // A redirect is an answer, not followed: the signed body goes only where staff pointed it.
        { timeoutMs: TIMEOUT_MS, maxRedirects: 0, readBody: false, ...options },
      );
      if (!answer.ok) throw new DeliveryError(answer.detail, null);
      if (answer.status < 200 || answer.status > 299) {
        throw new DeliveryError(
          `The endpoint answered with status ${answer.status}.`,
          answer.status,
        );
      }
      return { responseStatus: answer.status };
    },
  };
}
