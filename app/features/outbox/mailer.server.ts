// The server's one outbox worker, its mail settings and its webhook courier, started with the server.
import path from "node:path";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { currentPrimary } from "~/lib/litefs.server";
import { siteConfig } from "~/lib/site-config.server";
import {
  calendarFileName,
  createFolderTransport,
  createSmtpTransport,
} from "./mail-transport.server";
import {
  calendarOf,
  emailCourier,
  emailHeaders,
  findMessage,
  startOutboxWorker,
  type OutboxWorker,
} from "./outbox.server";
import { webhookCourier, type WebhookTarget } from "./webhook-courier.server";

/** Where mail goes when no SMTP_URL is set: next to the database. */
const localMailFolder = path.join(path.dirname(path.resolve(env.DATABASE_PATH)), "outbox");

const mailFrom = env.MAIL_FROM ?? `"${siteConfig.brand}" <${siteConfig.email}>`;

/**
 * The mail server this machine hands its email to, by host name alone (never the user or password
 * SMTP_URL may carry), as the privacy policy names it; null when mail is written to a folder.
 */
export function mailServerHost(): string | null {
  if (!env.SMTP_URL) return null;
  // The server checks only the scheme at start; nodemailer refuses the rest when it first sends.
  return URL.canParse(env.SMTP_URL) ? new URL(env.SMTP_URL).hostname : "an SMTP server";
}

/** The firm's own inbox: contact messages and lead notifications go here. */
export const firmInbox = siteConfig.email;

/**
 * Whether this machine may deliver, or do any other work that writes on its own: only the LiteFS
 * primary, or a machine without LiteFS. Asked before each run, as the primary may move.
 */
export const mayDeliver = () => currentPrimary(env.LITEFS_DIR) === null;

const globalForWorker = globalThis as typeof globalThis & { __outboxWorker?: OutboxWorker };

/**
 * Starts the process's one outbox worker (once: Vite's dev server re-evaluates modules on change),
 * with this machine's mail settings. The app's entry starts it, handing it the webhooks feature's
 * endpoints, which the outbox does not hold.
 */
export function startOutbox({
  webhookTargetOf,
}: {
  webhookTargetOf: (endpointId: number) => WebhookTarget | undefined;
}): OutboxWorker {
  return (globalForWorker.__outboxWorker ??= startOutboxWorker({
    db,
    couriers: {
      email: emailCourier(
        env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFolderTransport(localMailFolder),
        mailFrom,
      ),
      webhook: webhookCourier({
        targetOf: webhookTargetOf,
        userAgent: `${siteConfig.brand} webhooks (+${env.SITE_URL})`,
      }),
    },
    pollIntervalMs: 5_000,
    mayDeliver,
  }));
}

/**
 * One email of the outbox as it is (or was) handed to the mail server: the headers the courier
 * writes, with this machine's sender, the stored row with both bodies, and the calendar it
 * carries with the name of its file.
 */
export function emailAsSent(id: number) {
  const row = findMessage(db, id, { channel: "email" });
  if (!row) return undefined;
  const { from, replyTo, messageId, headers } = emailHeaders(row, mailFrom);
  const lines: [name: string, value: string][] = [
    ["From", from],
    ["To", row.recipient ?? ""],
    ...(replyTo ? [["Reply-To", replyTo] as [string, string]] : []),
    ["Subject", row.subject ?? ""],
    ["Message-ID", messageId],
    ...Object.entries(headers),
  ];
  const calendar = calendarOf(row);
  return {
    row,
    headers: lines,
    calendar: calendar && { ...calendar, fileName: calendarFileName[calendar.method] },
  };
}
