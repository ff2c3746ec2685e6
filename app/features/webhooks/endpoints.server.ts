// Webhook endpoints: added by staff with their own signing secret, each receiving the events it
// chose. An event is queued in the outbox, once per endpoint, in the transaction that stores the
// lead it is about, so it is never lost and never sent twice to one endpoint.
import crypto from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { webhookEndpoints } from "~/db/schema";
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import {
  announcePublicContentChange,
  PRIVACY_POLICY_CACHE_TAG,
} from "~/lib/content-changes.server";
import { checkOutboundTarget, type OutboundOptions } from "~/lib/outbound-http.server";
import {
  enqueueWebhook,
  failedWebhookDeliveries,
  type WebhookTarget,
} from "~/features/outbox/index.server";
import type { EndpointInput } from "./endpoint-form";
import { TEST_EVENT_TYPE, eventPayload, type WebhookEventType } from "./events";

type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

/** An event id in the Standard Webhooks style, the same on every attempt of every delivery. */
function newEventId(): string {
  return `msg_${crypto.randomBytes(16).toString("base64url")}`;
}

type TargetChecks = Pick<OutboundOptions, "ports" | "testHosts" | "lookup">;

export type EndpointSaved =
  { outcome: "saved"; endpoint: WebhookEndpoint } | { outcome: "refused"; reason: string };

// What the audit log keeps of an endpoint: its host and events, not the whole address, whose path
// or query may carry the receiver's own token.
const auditDetailsOf = (endpoint: WebhookEndpoint) => ({
  host: new URL(endpoint.url).hostname,
  events: endpoint.events,
});

/**
 * Adds an endpoint once its address passes the outbound checks: http(s) on an allowed port, and a
 * name that resolves to public addresses only. Deliveries check the address again when sent.
 */
export async function addEndpoint(
  db: AppDatabase,
  by: AuditSource,
  input: EndpointInput,
  options: TargetChecks = {},
): Promise<EndpointSaved> {
  const refusal = await checkOutboundTarget(input.url, options);
  if (refusal) return { outcome: "refused", reason: refusal.detail };
  const saved = db.transaction((tx): EndpointSaved => {
    const endpoint = tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description ?? "",
        events: input.events,
        secret: newSecret(),
      })
      .returning()
      .get();
    recordAudit(tx, {
      action: "webhook.created",
      ...by,
      target: `webhook:${endpoint.id}`,
      details: auditDetailsOf(endpoint),
    });
    return { outcome: "saved", endpoint };
  });
  // The privacy policy names each endpoint that receives leads.
  announcePublicContentChange([PRIVACY_POLICY_CACHE_TAG]);
  return saved;
}

/**
 * Changes an endpoint's address, description and events, once the address passes the same checks
 * as a new one; its secret and delivery log stay. Deliveries still queued go to the new address.
 * Undefined when there is no such endpoint.
 */
export async function updateEndpoint(
  db: AppDatabase,
  by: AuditSource,
  id: number,
  input: EndpointInput,
  options: TargetChecks = {},
): Promise<EndpointSaved | undefined> {
  const refusal = await checkOutboundTarget(input.url, options);
  if (refusal) return { outcome: "refused", reason: refusal.detail };
  const saved = db.transaction((tx) => {
    const endpoint = tx
      .update(webhookEndpoints)
      .set({ url: input.url, description: input.description ?? "", events: input.events })
      .where(eq(webhookEndpoints.id, id))
      .returning()
      .get();
    if (!endpoint) return undefined;
    recordAudit(tx, {
      action: "webhook.changed",
      ...by,
      target: `webhook:${id}`,
      details: auditDetailsOf(endpoint),
    });
    return { outcome: "saved" as const, endpoint };
  });
  if (saved) announcePublicContentChange([PRIVACY_POLICY_CACHE_TAG]);
  return saved;
}

/** Every endpoint, newest first, with how many of its deliveries failed (the outbox counts). */
export function listEndpoints(db: Queryable) {
  const endpoints = db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.id))
    .all();
  const failed = failedWebhookDeliveries(
    db,
    endpoints.map((endpoint) => endpoint.id),
  );
  return endpoints.map((endpoint) => ({ ...endpoint, failed: failed.get(endpoint.id) ?? 0 }));
}

export function findEndpoint(db: Queryable, id: number): WebhookEndpoint | undefined {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
}

/** Where the outbox delivers to an endpoint now: its address and its current secret. */
export function webhookTargetOf(db: Queryable, id: number): WebhookTarget | undefined {
  return db
    .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .get();
}

/**
 * Who receives leads from the site, as the privacy policy names them: each endpoint's description
 * and the host of its address, never the address itself, which may carry a token in its path or
 * query. The same name and host once.
 */
export function leadRecipients(db: Queryable) {
  const named = db
    .select({ url: webhookEndpoints.url, description: webhookEndpoints.description })
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.id)
    .all()
    .map(({ url, description }) => ({
      description: description.trim(),
      host: URL.canParse(url) ? new URL(url).hostname : "",
    }));
  const seen = new Set<string>();
  return named.filter((recipient) => {
    const key = JSON.stringify(recipient);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Removes the endpoint with its delivery log; what was still queued for it is never sent. */
export function removeEndpoint(db: AppDatabase, by: AuditSource, id: number): boolean {
  const removed = db.transaction((tx) => {
    const endpoint = tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning()
      .get();
    if (!endpoint) return false;
    recordAudit(tx, {
      action: "webhook.removed",
      ...by,
      target: `webhook:${id}`,
      details: auditDetailsOf(endpoint),
    });
    return true;
  });
  if (removed) announcePublicContentChange([PRIVACY_POLICY_CACHE_TAG]);
  return removed;
}

/** Gives the endpoint a new secret; deliveries signed from now on use it. */
export function replaceSecret(db: AppDatabase, by: AuditSource, id: number): boolean {
  return db.transaction((tx) => {
    const changed = tx
      .update(webhookEndpoints)
      .set({ secret: newSecret() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id })
      .get();
    if (!changed) return false;
    recordAudit(tx, {
      action: "webhook.changed",
      ...by,
      target: `webhook:${id}`,
      details: { secret: "replaced" },
    });
    return true;
  });
}

export type LeadEvent = {
  type: WebhookEventType;
  data: Record<string, unknown>;
  at: Date;
  contactMessageId?: number;
  assessmentSubmissionId?: number;
};

/**
 * Queues the event for every endpoint that chose its type; call it inside the transaction that
 * stores the lead. Returns how many deliveries were queued.
 */
export function queueLeadEvent(db: Queryable, event: LeadEvent): number {
  const endpoints = db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      sql`exists (select 1 from json_each(${webhookEndpoints.events}) where value = ${event.type})`,
    )
    .all();
  if (endpoints.length === 0) return 0;
  const eventId = newEventId();
  const payload = eventPayload(event.type, event.data, event.at);
  for (const endpoint of endpoints) {
    enqueueWebhook(db, {
      endpointId: endpoint.id,
      eventId,
      eventType: event.type,
      payload,
      contactMessageId: event.contactMessageId,
      assessmentSubmissionId: event.assessmentSubmissionId,
    });
  }
  return endpoints.length;
}

/** Queues a test event for this endpoint alone (one the caller found); its delivery's id. */
export function queueTestEvent(db: Queryable, endpointId: number, at = new Date()) {
  const id = enqueueWebhook(db, {
    endpointId,
    eventId: newEventId(),
    eventType: TEST_EVENT_TYPE,
    payload: eventPayload(
      TEST_EVENT_TYPE,
      { message: "A test event from the website's admin. It is about no lead." },
      at,
    ),
  });
  // A fresh event id is never queued already.
  if (id === undefined) throw new Error("The test event was not queued");
  return id;
}
