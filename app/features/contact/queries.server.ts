// Data access for contact messages: stored before any email is tried, read back in the leads view.
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { contactMessages } from "~/db/schema";
import { emailDeliveriesAbout, type DeliveryState } from "~/features/outbox/index.server";
import type { ContactMessageInput } from "./schema";
import { inDateOrder } from "~/lib/date-order.server";
import { batchBefore } from "~/lib/export-batches.server";
import { sumOverSlices } from "~/lib/slices";
import type { DateRange, ListPage } from "~/lib/url-filters";
import type { MessageFilters } from "./message-filters";

/**
 * Stores a message under its one-time key; a key already stored means the same post came again,
 * and the message stored the first time comes back with `stored: false`.
 */
export function insertContactMessage(
  db: Queryable,
  input: ContactMessageInput,
  submissionKey: string | null,
) {
  const [row] = db
    .insert(contactMessages)
    .values({
      fullName: input.fullName,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
      submissionKey,
    })
    .onConflictDoNothing({ target: contactMessages.submissionKey })
    .returning()
    .all();
  if (row) return { message: row, stored: true };
  const earlier =
    submissionKey === null
      ? undefined
      : db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.submissionKey, submissionKey))
          .get();
  if (!earlier) throw new Error("The contact message insert returned no row");
  return { message: earlier, stored: false };
}

/** A received message and where its notification email stands. */
export type ReceivedMessage = typeof contactMessages.$inferSelect & {
  delivery: DeliveryState;
  attempts: number;
};

function withDelivery(db: Queryable, messages: (typeof contactMessages.$inferSelect)[]) {
  const deliveries = emailDeliveriesAbout(
    db,
    "contactMessage",
    messages.map((message) => message.id),
  );
  return messages.map((message): ReceivedMessage => ({
    ...message,
    ...(deliveries.get(message.id) ?? { delivery: "none", attempts: 0 }),
  }));
}

const within = ({ from, until }: DateRange) =>
  and(
    from ? gte(contactMessages.createdAt, from) : undefined,
    until ? lt(contactMessages.createdAt, until) : undefined,
  );

const matching = (filters: MessageFilters) =>
  and(
    within(filters),
    filters.handled === null
      ? undefined
      : filters.handled
        ? isNotNull(contactMessages.handledAt)
        : isNull(contactMessages.handledAt),
  );

/** How many messages of the date range are handled and not, in one pass, for the filter's links. */
export function handledCounts(db: Queryable, range: DateRange) {
  const handled = sql<number>`coalesce(sum(${contactMessages.handledAt} is not null), 0)`;
  const [counts = { all: 0, handled: 0 }] = db
    .select({ all: count(), handled })
    .from(contactMessages)
    .where(within(range))
    .all();
  return { all: counts.all, handled: counts.handled, notHandled: counts.all - counts.handled };
}

export function contactMessagesPage(
  db: Queryable,
  filters: MessageFilters,
  { page, perPage, order }: ListPage,
) {
  const messages = db
    .select()
    .from(contactMessages)
    .where(matching(filters))
    .orderBy(...inDateOrder(order, contactMessages.createdAt, contactMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  const rows = withDelivery(db, messages);
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(contactMessages)
    .where(matching(filters))
    .all();
  return { rows, total };
}

/** The next batch for an export, newest first, after the message with id `beforeId`. */
export function contactMessagesBatch(
  db: Queryable,
  filters: MessageFilters,
  beforeId: number | null,
  size: number,
): ReceivedMessage[] {
  const messages = db
    .select()
    .from(contactMessages)
    .where(batchBefore(contactMessages.id, beforeId, matching(filters)))
    .orderBy(desc(contactMessages.id))
    .limit(size)
    .all();
  return withDelivery(db, messages);
}

/**
 * Every message sent from these addresses, newest first, matched as SQLite's lower() folds case
 * (the index it reads is on lower(email)), so "Dana@Example.org" finds "dana@example.org".
 */
export function contactMessagesFrom(db: Queryable, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const addresses = sql.join(
    emails.map((email) => sql`lower(${email})`),
    sql`, `,
  );
  return db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) in (${addresses})`)
    .all()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/**
 * Marks a message handled once, and records who did in the audit log in the same transaction;
 * false when there is no such message or it already was.
 */
export function markContactMessageHandled(
  db: AppDatabase,
  by: AuditSource,
  id: number,
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      const [marked] = tx
        .update(contactMessages)
        .set({ handledAt: now })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
        .returning({ email: contactMessages.email })
        .all();
      if (!marked) return false;
      recordAudit(tx, {
        action: "message.handled",
        ...by,
        target: `message:${id}`,
        subjectEmail: marked.email,
        at: now,
      });
      return true;
    },
    { behavior: "immediate" },
  );
}

/** The messages that came before `cutoff`, which the retention sweep deletes. */
export function contactMessageIdsBefore(db: Queryable, cutoff: Date): number[] {
  return db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, cutoff))
    .all()
    .map((row) => row.id);
}

/** Deletes these messages; the caller has removed what refers to them. How many went. */
export function deleteContactMessages(db: Queryable, ids: readonly number[]): number {
  return sumOverSlices(
    ids,
    (slice) => db.delete(contactMessages).where(inArray(contactMessages.id, slice)).run().changes,
  );
}
