// Data access for contact messages: stored before any email is tried, read back in the leads view.
import { and, count, desc, eq, gte, isNull, lt, max, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { contactMessages, outbox } from "~/db/schema";
import type { ContactMessageInput } from "~/services/contact-message";
import type { DateRange } from "~/services/lead-filters";

type Queryable = Pick<AppDatabase, "insert" | "select" | "update">;

export function insertContactMessage(db: Queryable, input: ContactMessageInput) {
  const [row] = db
    .insert(contactMessages)
    .values({
      fullName: input.fullName,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
    })
    .returning()
    .all();
  if (!row) throw new Error("The contact message insert returned no row");
  return row;
}

export type DeliveryState = "sent" | "failed" | "queued" | "none";

/** A received message and where its notification email stands. */
export type ReceivedMessage = typeof contactMessages.$inferSelect & {
  delivery: DeliveryState;
  attempts: number;
};

/** The newest outbox row of each message (a retry never adds rows, so this is its email). */
const latestEmail = sql<
  number | null
>`(select ${max(outbox.id)} from ${outbox} where ${outbox.contactMessageId} = ${contactMessages.id})`;

function withDelivery(db: Queryable) {
  return db
    .select({
      message: contactMessages,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
      attempts: outbox.attempts,
      outboxId: outbox.id,
    })
    .from(contactMessages)
    .leftJoin(outbox, eq(outbox.id, latestEmail));
}

function toReceived(row: ReturnType<ReturnType<typeof withDelivery>["all"]>[number]) {
  const delivery: DeliveryState =
    row.outboxId === null ? "none" : row.sentAt ? "sent" : row.failedAt ? "failed" : "queued";
  return { ...row.message, delivery, attempts: row.attempts ?? 0 };
}

const within = ({ from, until }: DateRange) =>
  and(
    from ? gte(contactMessages.createdAt, from) : undefined,
    until ? lt(contactMessages.createdAt, until) : undefined,
  );

export function contactMessagesPage(
  db: Queryable,
  filters: DateRange,
  { page, perPage }: { page: number; perPage: number },
) {
  const rows: ReceivedMessage[] = withDelivery(db)
    .where(within(filters))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all()
    .map(toReceived);
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(contactMessages)
    .where(within(filters))
    .all();
  return { rows, total };
}

/** The next batch for an export, newest first, after the message with id `beforeId`. */
export function contactMessagesBatch(
  db: Queryable,
  filters: DateRange,
  beforeId: number | null,
  size: number,
): ReceivedMessage[] {
  return withDelivery(db)
    .where(and(within(filters), beforeId === null ? undefined : lt(contactMessages.id, beforeId)))
    .orderBy(desc(contactMessages.id))
    .limit(size)
    .all()
    .map(toReceived);
}

/** Marks a message handled once; false when there is no such message or it already was. */
export function markContactMessageHandled(db: Queryable, id: number, now = new Date()) {
  return (
    db
      .update(contactMessages)
      .set({ handledAt: now })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
      .returning({ id: contactMessages.id })
      .all().length === 1
  );
}
