// Signing up for the admin: a new account gets a single-use confirmation link (valid 24 hours);
// an address that already has an account gets a note instead. The visitor sees the same answer.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { users } from "~/db/schema";
import {
  findConfirmation,
  insertConfirmation,
  markConfirmationUsed,
} from "~/models/email-confirmation.server";
import { findUserByEmail, insertUser } from "~/models/user.server";
import { siteConfig } from "~/utils/site-config.server";
import type { Credentials } from "./credentials";
import { confirmationEmail, existingAccountEmail } from "./emails/account-emails";
import { outboxWorker } from "./mailer.server";
import { enqueueEmail } from "./outbox.server";
import { hashPassword } from "./passwords.server";

export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

export const confirmationUrl = (token: string) =>
  new URL(`/admin/confirm?token=${encodeURIComponent(token)}`, siteConfig.origin).href;

export async function signUp({ email, password }: Credentials, now = new Date()) {
  // Hashed whether or not the account exists, so the answer takes the same time either way.
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    const existing = findUserByEmail(tx, email);
    if (existing?.confirmedAt) {
      enqueueEmail(tx, {
        to: existing.email,
        ...existingAccountEmail(new URL("/admin/auth", siteConfig.origin).href, siteConfig.brand),
      });
      return;
    }
    // Not yet confirmed: a fresh link for the password chosen first. A later sign-up never
    // changes it, or anyone could set the password the owner then confirms by mistake.
    const user = existing ?? insertUser(tx, { email, passwordHash });
    const token = crypto.randomBytes(32).toString("base64url");
    insertConfirmation(tx, {
      tokenHash: hashOf(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS),
    });
    enqueueEmail(tx, {
      to: user.email,
      ...confirmationEmail(confirmationUrl(token), siteConfig.brand),
    });
  });
  outboxWorker.wake();
}

export type ConfirmationOutcome = "confirmed" | "invalid";

/** Uses a confirmation token: confirms its account once, within its lifetime. */
export function confirmEmail(token: string, now = new Date()): ConfirmationOutcome {
  return db.transaction((tx) => {
    const confirmation = findConfirmation(tx, hashOf(token));
    if (!confirmation || confirmation.usedAt || confirmation.expiresAt <= now) return "invalid";
    markConfirmationUsed(tx, confirmation.tokenHash, now);
    tx.update(users).set({ confirmedAt: now }).where(eq(users.id, confirmation.userId)).run();
    return "confirmed";
  });
}
