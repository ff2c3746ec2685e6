// The outbox: queue an email or a webhook delivery with the record that caused it; deliver due
// rows with retries, each channel through its courier.
import { and, count, eq, gt, inArray, isNotNull, isNull, max, sql, type SQL } from "drizzle-orm";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { inDateOrder } from "~/lib/date-order.server";
import type { ListPage } from "~/lib/url-filters";
import { outbox, outboxMailings } from "~/db/schema";
import { logEvent } from "~/lib/log.server";
import type { OutboxView } from "./outbox-states";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * An iCalendar object an email carries (an invitation, a cancellation), with its METHOD (RFC 5546),
 * which the part's content type repeats so mail programs offer to accept or remove the event.
 */
export type EmailCalendar = {
  method: NonNullable<OutboxRow["calendarMethod"]>;
  content: string;
};

export type OutgoingEmail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  calendar?: EmailCalendar;
  contactMessageId?: number;
  assessmentSubmissionId?: number;
  /** Sent after every due email that is not bulk, as a newsletter is: see `enqueueMailing`. */
  bulk?: boolean;
};
type Channel = OutboxRow["channel"];

/** Hands one row to where it goes, or throws; a DeliveryError carries the receiver's answer. */
export type Courier = {
  deliver: (row: OutboxRow) => Promise<{ responseStatus?: number } | void>;
  /** Ends open connections, if the courier keeps any. */
  close?: () => void;
};

/**
 * A delivery the receiver refused: its HTTP status is kept with the row. A permanent refusal (an
 * SMTP 5yz reply, RFC 5321 4.2.1) fails the row at once: asking again gets the same answer.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null,
    readonly permanent = false,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}

/** What a transport must do: hand one message to a mail server, or throw. */
export type MailTransport = {
  send: (message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
    calendar?: EmailCalendar;
    messageId: string;
    headers: Record<string, string>;
  }) => Promise<void>;
  /** Ends open connections, if the transport keeps any. */
  close?: () => void;
};

export type DeliveryPolicy = {
  /** Delay after the first failure; doubled after each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts the row is marked failed and left for a person to retry. */
  maxAttempts: number;
  /** How long a claim lasts: a worker that dies mid-send releases its rows after this. */
  leaseMs: number;
  batchSize: number;
};

export const defaultDeliveryPolicy: DeliveryPolicy = {
  baseDelayMs: 15_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  leaseMs: 2 * 60_000,
  batchSize: 10,
};

/** Queues an email; call it inside the transaction that writes the record the email is about. */
export function enqueueEmail(db: Queryable, email: OutgoingEmail): number {
  const [row] = db
    .insert(outbox)
    .values({
      recipient: email.to,
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      calendar: email.calendar?.content ?? null,
      calendarMethod: email.calendar?.method ?? null,
      contactMessageId: email.contactMessageId ?? null,
      assessmentSubmissionId: email.assessmentSubmissionId ?? null,
      bulk: email.bulk ?? false,
    })
    .returning({ id: outbox.id })
    .all();
  if (!row) throw new Error("The outbox insert returned no row");
  wakeWorkersAfterCommit();
  return row.id;
}

/** The bodies of a mailing, whose `{{name}}` placeholders each recipient's merge fields fill. */
export type Mailing = { subject: string; text: string; html: string };

export type MailingRecipient = {
  to: string;
  mergeFields: Record<string, string>;
  /** Headers for this recipient alone, such as its List-Unsubscribe address. */
  headers?: Record<string, string>;
};

/**
 * Queues one mailing to many recipients as bulk email, which waits behind every other due row:
 * its bodies stored once, each recipient's row holding only its own values. Call it inside the
 * transaction that records what the mailing is; the mailing's id, which `mailingProgress` reads.
 */
export function enqueueMailing(
  db: Queryable,
  mailing: Mailing,
  recipients: readonly MailingRecipient[],
): number {
  const [stored] = db
    .insert(outboxMailings)
    .values({ textBody: mailing.text, htmlBody: mailing.html })
    .returning({ id: outboxMailings.id })
    .all();
  if (!stored) throw new Error("The mailing insert returned no row");
  // Inserted in slices: one statement per row would take seconds for ten thousand recipients,
  // and one statement for all would pass SQLite's limit on bound values.
  const SLICE = 500;
  for (let start = 0; start < recipients.length; start += SLICE) {
    db.insert(outbox)
      .values(
        recipients.slice(start, start + SLICE).map((recipient) => ({
          recipient: recipient.to,
          subject: mailing.subject,
          bulk: true,
          mailingId: stored.id,
          mergeFields: recipient.mergeFields,
          extraHeaders: recipient.headers ?? null,
        })),
      )
      .run();
  }
  if (recipients.length > 0) wakeWorkersAfterCommit();
  return stored.id;
}

const PLACEHOLDER = /\{\{([a-z_]+)\}\}/g;
const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A mailing's body with the recipient's values in place; a placeholder without one stays empty. */
export function fillPlaceholders(
  body: string,
  fields: Record<string, string>,
  format: "text" | "html",
): string {
  return body.replace(PLACEHOLDER, (_, name: string) => {
    const value = fields[name] ?? "";
    return format === "html" ? escapeHtml(value) : value;
  });
}

/** The rows with the bodies of their mailings filled in for their recipients, as they are sent. */
export function withMailingBodies(db: Queryable, rows: OutboxRow[]): OutboxRow[] {
  const mailingIds = [
    ...new Set(rows.flatMap((row) => (row.mailingId === null ? [] : [row.mailingId]))),
  ];
  if (mailingIds.length === 0) return rows;
  const mailings = new Map(
    db
      .select()
      .from(outboxMailings)
      .where(inArray(outboxMailings.id, mailingIds))
      .all()
      .map((mailing) => [mailing.id, mailing]),
  );
  return rows.map((row) => {
    const mailing = row.mailingId === null ? undefined : mailings.get(row.mailingId);
    if (!mailing) return row;
    const fields = row.mergeFields ?? {};
    return {
      ...row,
      textBody: fillPlaceholders(mailing.textBody, fields, "text"),
      htmlBody: fillPlaceholders(mailing.htmlBody, fields, "html"),
    };
  });
}

export type MailingProgress = { queued: number; sent: number; failed: number };

/** How many emails of each mailing are still queued, sent and failed, by the mailings' ids. */
export function mailingProgress(db: Queryable, mailingIds: number[]) {
  const progress = new Map<number, MailingProgress>(
    mailingIds.map((id) => [id, { queued: 0, sent: 0, failed: 0 }]),
  );
  if (mailingIds.length === 0) return progress;
  const rows = db
    .select({
      mailingId: outbox.mailingId,
      sent: sql<number>`sum(${outbox.sentAt} is not null)`,
      failed: sql<number>`sum(${outbox.failedAt} is not null)`,
      total: count(),
    })
    .from(outbox)
    .where(inArray(outbox.mailingId, mailingIds))
    .groupBy(outbox.mailingId)
    .all();
  for (const row of rows) {
    if (row.mailingId === null) continue;
    const sent = Number(row.sent);
    const failed = Number(row.failed);
    progress.set(row.mailingId, { queued: row.total - sent - failed, sent, failed });
  }
  return progress;
}

/**
 * Ends the bulk emails still queued for this address unsent, for someone who has just
 * unsubscribed: no newsletter reaches them after they asked for none. How many it ended.
 */
export function cancelQueuedBulkEmailTo(db: Queryable, recipient: string, now = new Date()) {
  return db
    .update(outbox)
    .set({ failedAt: now, claimedUntil: null, lastError: "Unsubscribed before it was sent" })
    .where(
      and(
        eq(outbox.bulk, true),
        eq(sql`lower(${outbox.recipient})`, recipient.toLowerCase()),
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
      ),
    )
    .returning({ id: outbox.id })
    .all().length;
}

export type OutgoingWebhook = {
  endpointId: number;
  eventId: string;
  eventType: string;
  payload: string;
  contactMessageId?: number;
  assessmentSubmissionId?: number;
};

/**
 * Queues a webhook delivery; call it inside the transaction that writes the record it is about.
 * An event is queued once per endpoint: queueing it again changes nothing. The new row's id, or
 * undefined when the event was queued already.
 */
export function enqueueWebhook(db: Queryable, delivery: OutgoingWebhook): number | undefined {
  const [row] = db
    .insert(outbox)
    .values({
      channel: "webhook",
      webhookEndpointId: delivery.endpointId,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      payload: delivery.payload,
      contactMessageId: delivery.contactMessageId ?? null,
      assessmentSubmissionId: delivery.assessmentSubmissionId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id })
    .all();
  wakeWorkersAfterCommit();
  return row?.id;
}

/** The email courier: each row handed to a mail transport, from the site's address. */
export function emailCourier(transport: MailTransport, from: string): Courier {
  return {
    deliver: async (row) => {
      if (row.recipient === null || row.subject === null) {
        throw new Error("An email row without its recipient or subject");
      }
      await transport.send({
        ...emailHeaders(row, from),
        to: row.recipient,
        subject: row.subject,
        text: row.textBody ?? "",
        html: row.htmlBody ?? "",
        calendar: calendarOf(row),
      });
    },
    close: transport.close,
  };
}

/** The calendar an email row carries, if any. */
export function calendarOf(row: OutboxRow): EmailCalendar | undefined {
  return row.calendar !== null && row.calendarMethod !== null
    ? { method: row.calendarMethod, content: row.calendar }
    : undefined;
}

/** The headers the courier gives an email row, which the outbox also shows staff. */
export function emailHeaders(row: OutboxRow, from: string) {
  return {
    from,
    replyTo: row.replyTo ?? undefined,
    messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domainOf(from)}>`,
    // Every email the site sends is written by the site, none by a person (RFC 3834), so
    // autoresponders and out-of-office replies leave it unanswered.
    headers: { "Auto-Submitted": "auto-generated", ...row.extraHeaders },
  };
}

/** The wait before the next attempt, given how many attempts have failed so far (1 or more). */
export function retryDelayMs(failedAttempts: number, policy: DeliveryPolicy): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
}

/**
 * Takes a lease on up to `batchSize` due rows of the given channels in one UPDATE statement.
 * SQLite runs it under its write lock, so two workers, even in two processes, never claim the
 * same row.
 */
function claimDueRows(
  db: AppDatabase,
  channels: Channel[],
  now: Date,
  policy: DeliveryPolicy,
): OutboxRow[] {
  const nowMs = now.getTime();
  const claimed = db.all<Record<string, unknown>>(sql`
    update outbox set claimed_until = ${nowMs + policy.leaseMs}
    where id in (
      select id from outbox
      where sent_at is null and failed_at is null and held_at is null
        and next_attempt_at <= ${nowMs}
        and (claimed_until is null or claimed_until <= ${nowMs})
        and channel in (${sql.join(channels, sql`, `)})
      order by bulk, next_attempt_at, id
      limit ${policy.batchSize}
    )
    returning id`);
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => Number(row.id));
  const rows = db
    .select()
    .from(outbox)
    .where(sql`${outbox.id} in (${sql.join(ids, sql`, `)})`)
    .orderBy(outbox.id)
    .all();
  return withMailingBodies(db, rows);
}

export type DeliveryResult = { sent: number; failed: number };

export type Couriers = Partial<Record<Channel, Courier>>;

/**
 * Claims and delivers every due row of the channels given a courier, once; a row is marked sent
 * only after its receiver took it.
 */
export async function deliverDueMessages(
  db: AppDatabase,
  couriers: Couriers,
  options: { now?: () => Date; policy?: DeliveryPolicy } = {},
): Promise<DeliveryResult> {
  const now = options.now ?? (() => new Date());
  const policy = options.policy ?? defaultDeliveryPolicy;
  const result: DeliveryResult = { sent: 0, failed: 0 };
  // The batch goes out in parallel (a pooled transport spreads it over its connections); each row
  // is marked on its own answer, so one slow or refused message holds up none of the others.
  const deliver = async (row: OutboxRow) => {
    try {
      const courier = couriers[row.channel];
      if (!courier) throw new Error(`No courier for ${row.channel}`);
      const answer = await courier.deliver(row);
      db.update(outbox)
        .set({
          sentAt: now(),
          attempts: row.attempts + 1,
          claimedUntil: null,
          lastError: null,
          responseStatus: answer?.responseStatus ?? null,
        })
        .where(eq(outbox.id, row.id))
        .run();
      result.sent += 1;
      logEvent("info", "outbox_sent", {
        outboxId: row.id,
        channel: row.channel,
        attempts: row.attempts + 1,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const refusedForGood = error instanceof DeliveryError && error.permanent;
      const gaveUp = refusedForGood || attempts >= policy.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      db.update(outbox)
        .set({
          attempts,
          lastError: message.slice(0, 1000),
          claimedUntil: null,
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts, policy)),
          failedAt: gaveUp ? now() : null,
          responseStatus: error instanceof DeliveryError ? error.responseStatus : null,
        })
        .where(eq(outbox.id, row.id))
        .run();
      result.failed += 1;
      logEvent(gaveUp ? "error" : "warn", gaveUp ? "outbox_failed" : "outbox_retry", {
        outboxId: row.id,
        channel: row.channel,
        attempts,
        permanent: refusedForGood,
        error: message.slice(0, 300),
      });
    }
  };
  const channels = (Object.keys(couriers) as Channel[]).filter((channel) => couriers[channel]);
  await Promise.all(claimDueRows(db, channels, now(), policy).map(deliver));
  return result;
}

function domainOf(address: string) {
  return /@([^>\s]+)/.exec(address)?.[1] ?? "localhost";
}

export type OutboxWorker = {
  /** Delivers now instead of at the next poll, e.g. right after a request queued a message. */
  wake: () => void;
  stop: () => Promise<void>;
};

// This process's running workers, woken when a message becomes due rather than at their next poll.
const runningWorkers = new Set<() => void>();
let wakeScheduled = false;

/**
 * Wakes this process's workers once the caller's transaction has ended. better-sqlite3 runs a
 * transaction synchronously, so what setImmediate queues runs after its commit: the worker never
 * looks before the row is there. After a rollback it finds nothing due, and goes back to sleep.
 * Every queueing and release calls this, so no caller has to remember to.
 */
function wakeWorkersAfterCommit() {
  if (wakeScheduled || runningWorkers.size === 0) return;
  wakeScheduled = true;
  setImmediate(() => {
    wakeScheduled = false;
    for (const wake of runningWorkers) wake();
  });
}

/** Polls the outbox in this process until stopped; overlapping runs are never started. */
export function startOutboxWorker(options: {
  db: AppDatabase;
  couriers: Couriers;
  pollIntervalMs: number;
  policy?: DeliveryPolicy;
  /** Checked before each run: on a LiteFS replica the worker waits, as only the primary writes. */
  mayDeliver?: () => boolean;
}): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = () => {
    if (stopped || (options.mayDeliver && !options.mayDeliver())) return;
    if (running) {
      again = true;
      return;
    }
    const batchSize = (options.policy ?? defaultDeliveryPolicy).batchSize;
    running = (async () => {
      let fullBatch = false;
      do {
        again = false;
        try {
          const { sent, failed } = await deliverDueMessages(options.db, options.couriers, options);
          // A full batch means more may be due: go on now rather than at the next poll.
          fullBatch = sent + failed === batchSize;
        } catch (error) {
          fullBatch = false;
          logEvent("error", "outbox_worker_error", { message: String(error) });
        }
      } while ((again || fullBatch) && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(run, options.pollIntervalMs);
  timer.unref();
  runningWorkers.add(run);
  run();

  return {
    wake: run,
    stop: async () => {
      stopped = true;
      runningWorkers.delete(run);
      clearInterval(timer);
      await running;
      for (const courier of Object.values(options.couriers)) courier.close?.();
    },
  };
}

const stateCondition = {
  all: undefined,
  queued: sql`${outbox.sentAt} is null and ${outbox.failedAt} is null`,
  failed: sql`${outbox.failedAt} is not null`,
  sent: sql`${outbox.sentAt} is not null`,
} satisfies Record<OutboxView, SQL | undefined>;

export type OutboxScope = { channel: Channel; endpointId?: number };

/**
 * One channel's messages (the admin's email outbox, one webhook endpoint's delivery log): all or
 * one state at a time, newest first, without the bodies, and how many there are in each view.
 */
export function outboxPage(
  db: Queryable,
  state: OutboxView,
  { page, perPage, order }: ListPage,
  scope: OutboxScope,
) {
  const rows = db
    .select({
      id: outbox.id,
      recipient: outbox.recipient,
      subject: outbox.subject,
      eventType: outbox.eventType,
      eventId: outbox.eventId,
      responseStatus: outbox.responseStatus,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
      heldAt: outbox.heldAt,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(scoped(state, scope))
    .orderBy(...inDateOrder(order, outbox.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  const totals = Object.fromEntries(
    (Object.keys(stateCondition) as OutboxView[]).map((key) => {
      const [{ total } = { total: 0 }] = db
        .select({ total: count() })
        .from(outbox)
        .where(scoped(key, scope))
        .all();
      return [key, total];
    }),
  ) as Record<OutboxView, number>;
  return { rows, totals };
}

/** One message of the scope with everything stored about it, its bodies included. */
export function findMessage(db: Queryable, id: number, scope: OutboxScope): OutboxRow | undefined {
  const row = db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), scoped("all", scope)))
    .get();
  return row && withMailingBodies(db, [row])[0];
}

function scoped(state: OutboxView, { channel, endpointId }: OutboxScope) {
  return and(
    stateCondition[state],
    eq(outbox.channel, channel),
    endpointId === undefined ? undefined : eq(outbox.webhookEndpointId, endpointId),
  );
}

/**
 * Puts a failed message of the scope back in the queue with a fresh count of attempts, for a
 * person who has fixed whatever made it fail. False when the row is not (or no longer) failed, or
 * not in the scope.
 */
export function retryFailedMessage(
  db: Queryable,
  id: number,
  scope: OutboxScope,
  now = new Date(),
) {
  const retried =
    db
      .update(outbox)
      .set({ failedAt: null, attempts: 0, nextAttemptAt: now, claimedUntil: null })
      .where(and(eq(outbox.id, id), scoped("failed", scope)))
      .returning({ id: outbox.id })
      .all().length === 1;
  if (retried) wakeWorkersAfterCommit();
  return retried;
}

/**
 * Makes queued messages of the scope due now (`id`: one of them; otherwise every one that is not
 * held), releasing a held one, for staff who know the receiver is back. How many it changed.
 */
export function sendQueuedNow(db: Queryable, scope: OutboxScope, id?: number, now = new Date()) {
  const released = db
    .update(outbox)
    .set({ nextAttemptAt: now, heldAt: null })
    .where(
      and(scoped("queued", scope), id === undefined ? isNull(outbox.heldAt) : eq(outbox.id, id)),
    )
    .returning({ id: outbox.id })
    .all().length;
  if (released > 0) wakeWorkersAfterCommit();
  return released;
}

/**
 * Ends a held message unsent, for staff who find it went out before the backup was restored.
 * It stays in the log as failed, so a Retry can still send it. False when it is not held.
 */
export function discardHeldMessage(
  db: Queryable,
  id: number,
  scope: OutboxScope,
  now = new Date(),
) {
  return (
    db
      .update(outbox)
      .set({ heldAt: null, failedAt: now, lastError: "Discarded by staff after a restore" })
      .where(and(eq(outbox.id, id), isNotNull(outbox.heldAt), scoped("queued", scope)))
      .returning({ id: outbox.id })
      .all().length === 1
  );
}

/** What an outbox row is about: the record, of another feature, that queued it. */
export type OutboxSubject = "contactMessage" | "assessmentSubmission";

export const subjectColumn = {
  contactMessage: outbox.contactMessageId,
  assessmentSubmission: outbox.assessmentSubmissionId,
} satisfies Record<OutboxSubject, unknown>;

/** How many emails about records of this kind were queued for this address since `since`. */
export function emailsQueuedTo(
  db: Queryable,
  { recipient, about, since }: { recipient: string; about: OutboxSubject; since: Date },
): number {
  const [row] = db
    .select({ total: count() })
    .from(outbox)
    .where(
      and(
        // Addresses differ in case from one form to the next; the inbox is the same.
        eq(sql`lower(${outbox.recipient})`, recipient.toLowerCase()),
        isNotNull(subjectColumn[about]),
        gt(outbox.createdAt, since),
      ),
    )
    .all();
  return row?.total ?? 0;
}

export type DeliveryState = "sent" | "failed" | "queued" | "none";

/**
 * Where the email about each of these records stands, by the caller's own ids: its newest email
 * row (a retry never adds rows, so that is its email), or "none" for a record without one.
 */
export function emailDeliveriesAbout(db: Queryable, about: OutboxSubject, ids: number[]) {
  const deliveries = new Map<number, { delivery: DeliveryState; attempts: number }>();
  for (const id of ids) deliveries.set(id, { delivery: "none", attempts: 0 });
  if (ids.length === 0) return deliveries;
  const column = subjectColumn[about];
  const latest = db
    .select({ id: max(outbox.id) })
    .from(outbox)
    // Webhook deliveries name the record too; they are not its email.
    .where(and(eq(outbox.channel, "email"), inArray(column, ids)))
    .groupBy(column);
  const rows = db
    .select({
      subjectId: column,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
      attempts: outbox.attempts,
    })
    .from(outbox)
    .where(inArray(outbox.id, latest))
    .all();
  for (const row of rows) {
    if (row.subjectId === null) continue;
    const delivery = row.sentAt ? "sent" : row.failedAt ? "failed" : "queued";
    deliveries.set(row.subjectId, { delivery, attempts: row.attempts });
  }
  return deliveries;
}

/** How many deliveries to each of these webhook endpoints failed, by the endpoints' ids. */
export function failedWebhookDeliveries(db: Queryable, endpointIds: number[]) {
  const failed = new Map<number, number>(endpointIds.map((id) => [id, 0]));
  if (endpointIds.length === 0) return failed;
  const rows = db
    .select({ endpointId: outbox.webhookEndpointId, total: count() })
    .from(outbox)
    .where(and(inArray(outbox.webhookEndpointId, endpointIds), isNotNull(outbox.failedAt)))
    .groupBy(outbox.webhookEndpointId)
    .all();
  for (const row of rows) if (row.endpointId !== null) failed.set(row.endpointId, row.total);
  return failed;
}
