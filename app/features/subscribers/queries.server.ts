// The subscribers table: the only module that reads or writes it.
import { and, asc, desc, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { subscribers } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";
import type { ListPage } from "~/lib/url-filters";
import type { SubscriberFilters } from "./list-filters";

export type Subscriber = typeof subscribers.$inferSelect;
export type SubscriberSource = Subscriber["source"];

/** The key two ways of typing one address share: mailbox names differ in case only in theory. */
export const emailKeyOf = (email: string) => email.trim().toLowerCase();

function findSubscriberByEmail(db: Queryable, email: string) {
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

export function hasConfirmedSubscribers(db: Queryable) {
  return (
    db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.status, "confirmed"))
      .limit(1)
      .get() !== undefined
  );
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

/** An address or name containing the text, case aside for ASCII letters; % and _ as typed. */
function matching(text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  return or(
    sql`${subscribers.email} like ${pattern} escape '\\'`,
    sql`${subscribers.name} like ${pattern} escape '\\'`,
  );
}

function filtersWhere({ search, status }: SubscriberFilters) {
  return and(
    search ? matching(search) : undefined,
    status ? eq(subscribers.status, status) : undefined,
  );
}

/**
 * The staff's list, a page at a time, newest first unless asked otherwise: by id, the order
 * they came in, which the status index (status, id) serves when a status is chosen.
 */
export function subscribersPage(
  db: Queryable,
  filters: SubscriberFilters,
  { page, perPage, order = "newest" }: ListPage,
) {
  const where = filtersWhere(filters);
  const rows = db
    .select()
    .from(subscribers)
    .where(where)
    .orderBy(order === "oldest" ? asc(subscribers.id) : desc(subscribers.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  const total =
    db
      .select({ total: sql<number>`count(*)` })
      .from(subscribers)
      .where(where)
      .get()?.total ?? 0;
  return { rows, total };
}

/** The export's batch after `beforeId`: every subscriber, newest first by id. */
export function subscribersBatch(db: Queryable, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(subscribers)
    .where(beforeId === null ? undefined : lt(subscribers.id, beforeId))
    .orderBy(desc(subscribers.id))
    .limit(limit)
    .all();
}

/** Deletes the subscriber; the row as it was, or undefined when there was none. */
export function deleteSubscriber(db: Queryable, id: number) {
  return db.delete(subscribers).where(eq(subscribers.id, id)).returning().get();
}

// Keys are looked up and rows written a slice at a time: one statement a row would be slow for
// thousands, and one for all would pass SQLite's limit on bound values.
const SLICE = 500;

/** The subscribers who have these addresses (as `emailKeyOf` makes them), by key. */
export function subscribersByEmailKey(db: Queryable, keys: readonly string[]) {
  const found = new Map<string, Subscriber>();
  for (let start = 0; start < keys.length; start += SLICE) {
    const slice = keys.slice(start, start + SLICE);
    for (const row of db
      .select()
      .from(subscribers)
      .where(inArray(subscribers.emailKey, slice))
      .all()) {
      found.set(row.emailKey, row);
    }
  }
  return found;
}

export type ImportedAddress = { email: string; name: string | null; tokenHash: string };

/**
 * Stores new waiting subscribers from a staff import, each with its confirmation link's hash.
 * Call it inside the import's transaction, with addresses no subscriber has.
 */
export function insertImportedSubscribers(
  db: Queryable,
  addresses: readonly ImportedAddress[],
  now: Date,
) {
  for (let start = 0; start < addresses.length; start += SLICE) {
    db.insert(subscribers)
      .values(
        addresses.slice(start, start + SLICE).map((address) => ({
          email: address.email,
          emailKey: emailKeyOf(address.email),
          name: address.name,
          status: "pending" as const,
          source: "import" as const,
          confirmationTokenHash: address.tokenHash,
          confirmationSentAt: now,
          createdAt: now,
        })),
      )
      .run();
  }
}

/** Gives a waiting subscriber a new confirmation link (and the name, when the import has one). */
export function renewPendingLink(
  db: Queryable,
  id: number,
  name: string | null,
  tokenHash: string,
  now: Date,
) {
  db.update(subscribers)
    .set({
      confirmationTokenHash: tokenHash,
      confirmationSentAt: now,
      ...(name === null ? {} : { name }),
    })
    .where(and(eq(subscribers.id, id), eq(subscribers.status, "pending")))
    .run();
}
