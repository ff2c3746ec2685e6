// Choosing a new password through a link sent by email (decision 038). The link works once, for
// an hour, and only for a confirmed account; the page that asks for it answers the same for every
// address. Setting the password ends every session of the account and signs nobody in, so the
// next sign-in asks for the password and then, where it is on, the two-factor code.
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { enqueueEmail } from "~/features/outbox/index.server";
import { passwordChangedEmail, passwordResetEmail } from "./emails/account-emails";
import {
  findPasswordReset,
  insertPasswordReset,
  spendPasswordReset,
  spendPasswordResetsOfUser,
} from "./password-reset-queries.server";
import { hashPassword } from "./passwords.server";
import { newPasswordProblem } from "./password-strength.server";
import { newSecretToken, secretTokenHash } from "./secret-tokens.server";
import { deleteSessionsOfUser } from "./session-queries.server";
import { findUserByEmail, findUserById, updatePasswordHash } from "./user-queries.server";

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

const resetUrl = (token: string) =>
  new URL(`/admin/reset-password?token=${encodeURIComponent(token)}`, siteConfig.origin).href;

const forgotPasswordUrl = () => new URL("/admin/forgot-password", siteConfig.origin).href;

/**
 * Sends a link to choose a new password to the confirmed account with this email, if there is
 * one, and spends the links it had before. Nothing tells the caller whether there was.
 */
export async function requestPasswordReset(email: string, now = new Date()) {
  const token = newSecretToken();
  // Rendered whatever the address, before the transaction (which cannot wait for a promise): the
  // work that takes time is the same either way, and the mail itself leaves later, from the outbox.
  const message = await passwordResetEmail(resetUrl(token), siteConfig.brand);
  db.transaction((tx) => {
    const user = findUserByEmail(tx, email);
    if (!user?.confirmedAt) return;
    spendPasswordResetsOfUser(tx, user.id, now);
    insertPasswordReset(tx, {
      tokenHash: secretTokenHash(token),
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS),
    });
    enqueueEmail(tx, { to: user.email, ...message });
  });
}

/** What a link is: open, spent (used, replaced or past its hour), or unknown. */
export type PasswordResetState = "open" | "spent" | "unknown";

function resetOf(token: string, now: Date) {
  const reset = token === "" ? undefined : findPasswordReset(db, secretTokenHash(token));
  if (!reset) return { state: "unknown" as const };
  if (reset.usedAt || reset.expiresAt <= now) return { state: "spent" as const };
  return { state: "open" as const, reset };
}

/** Whether a link can still set a password; opening it changes nothing. */
export function passwordResetState(token: string, now = new Date()): PasswordResetState {
  return resetOf(token, now).state;
}

export type PasswordResetOutcome =
  | { outcome: "changed"; userId: number }
  | { outcome: "refused"; problem: string }
  | { outcome: Exclude<PasswordResetState, "open"> };

/**
 * Sets the account's new password through an open link, once: the link and every other link of
 * the account are spent, every session of the account ends, and the account gets a note. A
 * password that new passwords may not be is refused with its problem, and nothing changes.
 */
export async function resetPassword(
  token: string,
  password: string,
  now = new Date(),
): Promise<PasswordResetOutcome> {
  const found = resetOf(token, now);
  if (found.state !== "open") return { outcome: found.state };
  const user = findUserById(db, found.reset.userId);
  if (!user) return { outcome: "unknown" };
  const problem = await newPasswordProblem(password, {
    email: user.email,
    brand: siteConfig.brand,
  });
  if (problem) return { outcome: "refused", problem };
  const [passwordHash, notice] = await Promise.all([
    hashPassword(password),
    passwordChangedEmail(forgotPasswordUrl(), siteConfig.brand),
  ]);
  const changed = db.transaction((tx) => {
    // Spent only if still open inside the write: of two posts with the link, one wins.
    if (!spendPasswordReset(tx, found.reset.tokenHash, now)) return false;
    updatePasswordHash(tx, user.id, passwordHash);
    spendPasswordResetsOfUser(tx, user.id, now);
    deleteSessionsOfUser(tx, user.id);
    enqueueEmail(tx, { to: user.email, ...notice });
    return true;
  });
  if (!changed) return { outcome: "spent" };
  return { outcome: "changed", userId: user.id };
}
