// The subscribers table: the only module that reads or writes it.
import { and, eq, ne, sql } from "drizzle-orm";
import { subscribers } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";

export type Subscriber = typeof subscribers.$inferSelect;
export type SubscriberSource = Subscriber["source"];

/** The key two ways of typing one address share: mailbox names differ in case only in theory. */
export const emailKeyOf = (email: string) => email.trim().toLowerCase();

export function findSubscriberByEmail(db: Queryable, email: string) {
  return db
    .select()
    .from(subscribers)
    .where(eq(subscribers.emailKey, emailKeyOf(email)))
    .get();
}

export function findSubscriber(db: Queryable, id: number) {
  return db.select().from(subscribers).where(eq(subscribers.id, id)).get();
}

export function findSubscriberByTokenHash(db: Queryable, tokenHash: string) {
  return db
    .select()
    .from(subscribers)
    .where(eq(subscribers.confirmationTokenHash, tokenHash))
    .get();
}

/**
 * Stores a new waiting subscriber, or gives the one who has the address a new confirmation link
 * (a confirmed one stays as they are, and gets none). The row as it now is, and whether a link
 * was set, which the caller then sends.
 */
export function upsertPendingSubscriber(
  db: Queryable,
  input: { email: string; name: string | null; source: SubscriberSource },
  tokenHash: string,
  now: Date,
): { subscriber: Subscriber; linkSet: boolean } {
  const existing = findSubscriberByEmail(db, input.email);
  if (existing?.status === "confirmed") return { subscriber: existing, linkSet: false };
  if (existing) {
    const [updated] = db
      .update(subscribers)
      .set({
        confirmationTokenHash: tokenHash,
        confirmationSentAt: now,
        name: input.name ?? existing.name,
      })
      .where(and(eq(subscribers.id, existing.id), ne(subscribers.status, "confirmed")))
      .returning()
      .all();
    return updated
      ? { subscriber: updated, linkSet: true }
      : { subscriber: existing, linkSet: false };
  }
  const [created] = db
    .insert(subscribers)
    .values({
      email: input.email.trim(),
      emailKey: emailKeyOf(input.email),
      name: input.name,
      status: "pending",
      source: input.source,
      confirmationTokenHash: tokenHash,
      confirmationSentAt: now,
      createdAt: now,
    })
    .returning()
    .all();
  if (!created) throw new Error("The subscriber insert returned no row");
  return { subscriber: created, linkSet: true };
}

/** Spends the link and confirms its subscriber; the subscriber, or undefined when already spent. */
export function confirmWithTokenHash(db: Queryable, tokenHash: string, now: Date) {
  return db
    .update(subscribers)
    .set({
      status: "confirmed",
      confirmationTokenHash: null,
      confirmedAt: now,
      unsubscribedAt: null,
    })
    .where(eq(subscribers.confirmationTokenHash, tokenHash))
    .returning()
    .get();
}

/** Ends the subscription for good; the subscriber when this changed it, else undefined. */
export function markUnsubscribed(db: Queryable, id: number, now: Date) {
  return db
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now, confirmationTokenHash: null })
    .where(and(eq(subscribers.id, id), ne(subscribers.status, "unsubscribed")))
    .returning()
    .get();
}

/** Everyone a new post goes to: the confirmed subscribers, in the order they came. */
export function confirmedSubscribers(db: Queryable) {
  return db
    .select({ id: subscribers.id, email: subscribers.email, name: subscribers.name })
    .from(subscribers)
    .where(eq(subscribers.status, "confirmed"))
    .orderBy(subscribers.id)
    .all();
}

/** How many subscribers there are in each state. */
export function subscriberCounts(db: Queryable) {
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  const rows = db
    .select({ status: subscribers.status, total: sql<number>`count(*)` })
    .from(subscribers)
    .groupBy(subscribers.status)
    .all();
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/** Whether a confirmation link may still be used: sent within its lifetime and not spent. */
export function linkStillValid(subscriber: Subscriber, now: Date, lifetimeMs: number) {
  return (
    subscriber.confirmationSentAt !== null &&
    now.getTime() - subscriber.confirmationSentAt.getTime() <= lifetimeMs
  );
}
