// What the outbox holds about one address, for a privacy request: the emails to it or answered to
// it, the webhook deliveries about it, and any other message that names it. Erasing deletes the
// first two kinds, sent or not, so a queued email to the person never goes out; in what is left
// (another person's email or delivery that names the address, a mailing's shared bodies) only
// the address is replaced.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { outbox, outboxMailings } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";
import type { PersonalDataHolder } from "~/lib/personal-data";
import {
  containsAddress,
  exportable,
  mentionsAddress,
  normalisedAddress,
  redactMentions,
  sameAddress,
} from "~/lib/personal-data.server";
import { withMailingBodies, type OutboxRow } from "./outbox.server";

const textColumns = {
  recipient: outbox.recipient,
  replyTo: outbox.replyTo,
  subject: outbox.subject,
  textBody: outbox.textBody,
  htmlBody: outbox.htmlBody,
  calendar: outbox.calendar,
  payload: outbox.payload,
  mergeFields: outbox.mergeFields,
  extraHeaders: outbox.extraHeaders,
  lastError: outbox.lastError,
};

const emailsOf = (email: string) =>
  and(
    eq(outbox.channel, "email"),
    or(sameAddress(outbox.recipient, email), sameAddress(outbox.replyTo, email)),
  );

/**
 * The address a lead event is about: its data's `email`, or its `contact.email` (an assessment's).
 * A payload is JSON the site wrote, so it parses.
 */
function leadAddressOf(payload: string | null) {
  const data = (JSON.parse(payload ?? "null") as { data?: Record<string, unknown> } | null)?.data;
  const contact = data?.contact as Record<string, unknown> | undefined;
  const email = data?.email ?? contact?.email;
  return typeof email === "string" ? normalisedAddress(email) : undefined;
}

/** The rows whose text names the address, checked in code after SQLite's rough match. */
function rowsMentioning(db: Queryable, email: string) {
  return db
    .select()
    .from(outbox)
    .where(containsAddress(Object.values(textColumns), email))
    .orderBy(asc(outbox.id))
    .all()
    .filter((row) =>
      Object.keys(textColumns).some((name) => {
        const value = row[name as keyof OutboxRow];
        return mentionsAddress(
          typeof value === "string" ? value : value === null ? null : JSON.stringify(value),
          email,
        );
      }),
    );
}

const states = (row: OutboxRow) => ({
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  failedAt: row.failedAt?.toISOString() ?? null,
});

export const outboxPersonalData: PersonalDataHolder = {
  tables: ["outbox", "outbox_mailings"],
  find(db, email) {
    const rows = withMailingBodies(db, rowsMentioning(db, email));
    return [
      {
        kind: "emails",
        label: "Emails in the outbox",
        records: rows
          .filter((row) => row.channel === "email")
          .map((row) =>
            exportable({
              id: row.id,
              to: row.recipient,
              replyTo: row.replyTo,
              subject: row.subject,
              text: row.textBody,
              html: row.htmlBody,
              calendar: row.calendar,
              ...states(row),
            }),
          ),
      },
      {
        kind: "webhook_deliveries",
        label: "Webhook deliveries",
        records: rows
          .filter((row) => row.channel === "webhook")
          .map((row) => ({
            id: row.id,
            endpointId: row.webhookEndpointId,
            eventType: row.eventType,
            eventId: row.eventId,
            payload: JSON.parse(row.payload ?? "null") as unknown,
            responseStatus: row.responseStatus,
            ...states(row),
          })),
      },
    ];
  },
  erase(db, email) {
    const emails = db.delete(outbox).where(emailsOf(email)).returning({ id: outbox.id }).all();
    const aboutThem = rowsMentioning(db, email)
      .filter((row) => row.channel === "webhook")
      .filter((row) => leadAddressOf(row.payload) === normalisedAddress(email))
      .map((row) => row.id);
    const deliveries =
      aboutThem.length === 0
        ? 0
        : db.delete(outbox).where(inArray(outbox.id, aboutThem)).run().changes;
    const mentioning =
      redactMentions(db, outbox, outbox.id, textColumns, email) +
      redactMentions(
        db,
        outboxMailings,
        outboxMailings.id,
        { textBody: outboxMailings.textBody, htmlBody: outboxMailings.htmlBody },
        email,
      );
    return {
      emails: emails.length,
      webhook_deliveries: deliveries,
      outbox_mentioning: mentioning,
    };
  },
};
