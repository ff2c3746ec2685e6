// What the retention sweep removes of the outbox: the rows about leads it deletes, the bodies of
// emails delivered long enough ago (the row stays, saying to whom, what and when), and the log of
// webhook deliveries that ended long enough ago, with the copy of the lead each carried.
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { sumOverSlices } from "~/lib/slices";
import { outbox, outboxMailings } from "~/db/schema";
import { subjectColumn, type OutboxSubject } from "./outbox.server";

/**
 * Deletes every row (an email or a webhook delivery) about these records of another feature,
 * which are about to be deleted themselves: the emails hold what the lead wrote, the deliveries a
 * copy of it. How many went.
 */
export function deleteMessagesAbout(db: Queryable, about: OutboxSubject, ids: readonly number[]) {
  return sumOverSlices(
    ids,
    (slice) => db.delete(outbox).where(inArray(subjectColumn[about], slice)).run().changes,
  );
}

// Every note starts so; a body that does has been cleared already, whatever the period was then.
const NOTE_START = "(Deleted after ";

/** What a cleared body says in place of what was sent. */
const clearedBodyNote = (days: number) => `${NOTE_START}${days} days, as the privacy policy says.)`;

const notCleared = (column: typeof outbox.textBody | typeof outboxMailings.textBody) =>
  sql`${column} not like ${`${NOTE_START}%`}`;

/**
 * Replaces the bodies (and calendar) of the emails sent before `cutoff` with a note; a mailing's
 * shared bodies, and its recipients' merge fields, once every one of its emails was sent before
 * it. A failed email keeps its body, as staff may still send it again. How many of each changed.
 */
export function clearDeliveredEmailBodies(db: Queryable, cutoff: Date, days: number) {
  const note = clearedBodyNote(days);
  const html = `<p>${note}</p>`;
  const emails = db
    .update(outbox)
    .set({ textBody: note, htmlBody: html, calendar: null, calendarMethod: null })
    .where(
      and(
        eq(outbox.channel, "email"),
        isNull(outbox.mailingId),
        lt(outbox.sentAt, cutoff),
        notCleared(outbox.textBody),
      ),
    )
    .run().changes;
  const doneMailings = db
    .select({ id: outboxMailings.id })
    .from(outboxMailings)
    .where(
      and(
        lt(outboxMailings.createdAt, cutoff),
        notCleared(outboxMailings.textBody),
        notExists(
          db
            .select({ id: outbox.id })
            .from(outbox)
            .where(
              and(
                eq(outbox.mailingId, outboxMailings.id),
                or(isNull(outbox.sentAt), sql`${outbox.sentAt} >= ${cutoff.getTime()}`),
              ),
            ),
        ),
      ),
    )
    .all()
    .map((row) => row.id);
  const mailings = sumOverSlices(doneMailings, (slice) => {
    db.update(outbox)
      .set({ mergeFields: null })
      .where(and(inArray(outbox.mailingId, slice), isNotNull(outbox.mergeFields)))
      .run();
    return db
      .update(outboxMailings)
      .set({ textBody: note, htmlBody: html })
      .where(inArray(outboxMailings.id, slice))
      .run().changes;
  });
  return { emails, mailings };
}

/** Deletes the webhook deliveries that were delivered or given up before `cutoff`. */
export function deleteWebhookDeliveriesBefore(db: Queryable, cutoff: Date): number {
  return db
    .delete(outbox)
    .where(
      and(
        eq(outbox.channel, "webhook"),
        lt(sql`coalesce(${outbox.sentAt}, ${outbox.failedAt})`, cutoff.getTime()),
      ),
    )
    .run().changes;
}
