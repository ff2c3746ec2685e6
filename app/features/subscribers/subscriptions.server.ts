// Subscribing to Insights with double opt-in, confirming, and unsubscribing for good. Asking
// answers the same whether or not the address is known, so the form tells no one who subscribes.
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import type { AppDatabase } from "~/lib/db-client.server";
import { logEvent } from "~/lib/log.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { siteConfig } from "~/lib/site-config.server";
import { absoluteUrl } from "~/lib/meta";
import { cancelQueuedBulkEmailTo, enqueueEmail } from "~/features/outbox/index.server";
import { queueLeadEvent } from "~/features/webhooks/index.server";
import { confirmSubscriptionEmail } from "./emails/subscriber-emails";
import {
  CONFIRMATION_LIFETIME_MS,
  confirmationPath,
  hashToken,
  newConfirmationToken,
  subscriberOfToken,
} from "./links.server";
import {
  confirmWithTokenHash,
  deleteSubscriber,
  emailKeyOf,
  findSubscriber,
  findSubscriberByTokenHash,
  linkStillValid,
  markUnsubscribed,
  upsertPendingSubscriber,
  type SubscriberSource,
} from "./queries.server";
import { liftSuppression } from "./suppressions.server";

export type SubscriptionRequest = { email: string; name: string | null; source: SubscriberSource };

/**
 * Sends the confirmation link to the address, unless it is confirmed already or has had its
 * share of links this hour (then nothing is sent, and the caller says the same as ever).
 */
export async function requestSubscription(
  db: AppDatabase,
  request: SubscriptionRequest,
  now = new Date(),
): Promise<void> {
  const decision = await rateLimiter("subscribePerEmail").hit(emailKeyOf(request.email));
  if (!decision.allowed) {
    logEvent("warn", "subscription_link_limited", {});
    return;
  }
  const token = newConfirmationToken();
  // Rendered first, as the transaction cannot wait for a promise.
  const email = await confirmSubscriptionEmail(
    absoluteUrl(siteConfig.origin, confirmationPath(token)),
    siteConfig.brand,
  );
  const subscriberId = db.transaction(
    (tx) => {
      const { subscriber, linkSet } = upsertPendingSubscriber(tx, request, hashToken(token), now);
      if (linkSet) enqueueEmail(tx, { to: subscriber.email, ...email });
      return linkSet ? subscriber.id : null;
    },
    { behavior: "immediate" },
  );
  if (subscriberId !== null) logEvent("info", "subscription_requested", { subscriberId });
}

export type ConfirmationState = "valid" | "expired" | "invalid";

/** What a confirmation link is, without spending it (the page shows a button that does). */
export function confirmationState(db: AppDatabase, token: string, now = new Date()) {
  const subscriber = findSubscriberByTokenHash(db, hashToken(token));
  if (!subscriber) return "invalid";
  return linkStillValid(subscriber, now, CONFIRMATION_LIFETIME_MS) ? "valid" : "expired";
}

/**
 * Spends the link and confirms its subscriber, telling the webhooks in the same transaction. The
 * link's state when it cannot (the page says why).
 */
export function confirmSubscription(
  db: AppDatabase,
  token: string,
  now = new Date(),
): { status: "confirmed"; email: string } | { status: Exclude<ConfirmationState, "valid"> } {
  const state = confirmationState(db, token, now);
  if (state !== "valid") return { status: state };
  const confirmed = db.transaction(
    (tx) => {
      const subscriber = confirmWithTokenHash(tx, hashToken(token), now);
      if (!subscriber) return undefined;
      liftSuppression(tx, subscriber.email);
      queueLeadEvent(tx, {
        type: "subscriber.confirmed",
        at: now,
        data: {
          id: subscriber.id,
          email: subscriber.email,
          name: subscriber.name,
          source: subscriber.source,
          confirmedAt: now.toISOString(),
        },
      });
      return subscriber;
    },
    { behavior: "immediate" },
  );
  if (!confirmed) return { status: "invalid" };
  logEvent("info", "subscription_confirmed", { subscriberId: confirmed.id });
  return { status: "confirmed", email: confirmed.email };
}

/** Whether an unsubscribe link is one this server signed, for the page that offers the button. */
export function unsubscribeLinkIsValid(token: string) {
  return subscriberOfToken(token) !== undefined;
}

/**
 * Ends the subscription of the link's subscriber for good, and the newsletters still queued for
 * them. Asking again, or for a subscriber staff removed, is as good as done.
 */
export function unsubscribe(
  db: AppDatabase,
  token: string,
  now = new Date(),
): { status: "unsubscribed" } | { status: "invalid" } {
  const id = subscriberOfToken(token);
  if (id === undefined) return { status: "invalid" };
  const ended = db.transaction(
    (tx) => {
      const subscriber = markUnsubscribed(tx, id, now) ?? findSubscriber(tx, id);
      if (subscriber) cancelQueuedBulkEmailTo(tx, subscriber.email, now);
      return subscriber;
    },
    { behavior: "immediate" },
  );
  if (ended) logEvent("info", "subscriber_unsubscribed", { subscriberId: ended.id });
  return { status: "unsubscribed" };
}

/**
 * Staff remove a subscriber: the row is deleted, with the newsletters and opt-in emails still
 * queued for the address, so a later sign-up starts over with the opt-in. The subscriber as they
 * were, or undefined when there was none.
 */
export function removeSubscriber(db: AppDatabase, by: AuditSource, id: number, now = new Date()) {
  return db.transaction(
    (tx) => {
      const removed = deleteSubscriber(tx, id);
      if (removed) {
        cancelQueuedBulkEmailTo(tx, removed.email, now);
        recordAudit(tx, {
          action: "subscriber.removed",
          ...by,
          target: `subscriber:${id}`,
          subjectEmail: removed.email,
          at: now,
        });
      }
      return removed;
    },
    { behavior: "immediate" },
  );
}
