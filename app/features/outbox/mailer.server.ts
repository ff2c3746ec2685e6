// The server's one outbox worker and mail settings, started with the server.
import path from "node:path";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { siteConfig } from "~/lib/site-config.server";
import { currentPrimary } from "../../../server/litefs.ts";
import { createFolderTransport, createSmtpTransport } from "./mail-transport.server";
import { startOutboxWorker, type OutboxWorker } from "./outbox.server";

/** Where mail goes when no SMTP_URL is set: next to the database. */
const localMailFolder = path.join(path.dirname(path.resolve(env.DATABASE_PATH)), "outbox");

const mailFrom = env.MAIL_FROM ?? `"${siteConfig.brand}" <${siteConfig.email}>`;

/** The firm's own inbox: contact messages and lead notifications go here. */
export const firmInbox = siteConfig.email;

const globalForWorker = globalThis as typeof globalThis & { __outboxWorker?: OutboxWorker };

export const outboxWorker: OutboxWorker = (globalForWorker.__outboxWorker ??= startOutboxWorker({
  db,
  transport: env.SMTP_URL
    ? createSmtpTransport(env.SMTP_URL)
    : createFolderTransport(localMailFolder),
  from: mailFrom,
  pollIntervalMs: 5_000,
  mayDeliver: () => currentPrimary(env.LITEFS_DIR) === null,
}));
