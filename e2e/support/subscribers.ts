// A subscriber's links for browser tests: the confirmation link read from the email the server
// sent, and the unsubscribe link signed as the newsletter signs it, with the server's secret and
// the subscriber's id from its database (the emails that carry it are sent to confirmed
// subscribers only when a post is published).
import { expect } from "@playwright/test";
import type { SmtpSink } from "../../tests/support/smtp-sink";
import { signedUnsubscribeToken } from "../../app/features/subscribers/unsubscribe-signatures.server";
import type { RunningServer } from "./server";

/**
 * The path of the newest confirmation link emailed to `email`, once the mailbox has `count` of
 * them; a post another spec publishes may reach the same address once it is confirmed.
 */
export async function confirmationPathFor(mailbox: SmtpSink, email: string, count = 1) {
  const CONFIRMATION_LINK = /https?:\/\/\S+?(\/insights\/subscribe\/confirm\/[\w-]{43})/;
  const links = () =>
    mailbox.messages
      .filter((mail) => mail.to.includes(email))
      .flatMap((mail) => CONFIRMATION_LINK.exec(mail.text)?.[1] ?? []);
  await expect.poll(() => links().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return links().at(-1) ?? "";
}

/** The subscriber's row as the server's database has it. */
export function subscriberRow(app: RunningServer, email: string) {
  const db = app.openDatabase();
  try {
    return db
      .prepare("select id, status, source, name from subscribers where email_key = ?")
      .get(email.toLowerCase()) as
      { id: number; status: string; source: string; name: string | null } | undefined;
  } finally {
    db.close();
  }
}

export function unsubscribePathFor(app: RunningServer, email: string) {
  const row = subscriberRow(app, email);
  expect(row, `a subscriber ${email}`).toBeDefined();
  return `/insights/unsubscribe/${signedUnsubscribeToken(row?.id ?? 0, app.sessionSecret)}`;
}
