// Signing up for the admin: each sign-up gets its own single-use confirmation link (valid 24
// hours) that remembers the password chosen with it; an address that already has a confirmed
// account gets a note instead. The visitor sees the same answer either way. A password that new
// passwords may not be is refused first, with nothing stored or sent. An account confirmed
// without admin rights waits for approval, and the owners are told by email.
import { db } from "~/lib/db.server";
import {
  findConfirmation,
  insertConfirmation,
  markConfirmationsOfUserUsed,
  markConfirmationUsed,
} from "./confirmation-queries.server";
import {
  confirmUser,
  findUserByEmail,
  findUserById,
  insertUser,
  type User,
} from "./user-queries.server";
import { approversIn } from "./accounts.server";
import { hasAdminRights } from "./admin-session.server";
import { RATE_LIMITS, rateLimiter } from "~/lib/rate-limit.server";
import { siteConfig } from "~/lib/site-config.server";
import type { Credentials } from "./credentials";
import {
  approvalRequestEmail,
  confirmationEmail,
  existingAccountEmail,
} from "./emails/account-emails";
import { enqueueEmail } from "~/features/outbox/index.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { newPasswordProblem } from "./password-strength.server";
import { newSecretToken, secretTokenHash as hashOf } from "./secret-tokens.server";

export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Wrong passwords a link takes before it is spent: its token is secret, its password may not be. */
export const WRONG_PASSWORDS_PER_LINK = RATE_LIMITS.wrongConfirmationPassword.limit + 1;

const confirmationUrl = (token: string) =>
  new URL(`/admin/confirm?token=${encodeURIComponent(token)}`, siteConfig.origin).href;

export type SignUpOutcome = { outcome: "requested" } | { outcome: "refused"; problem: string };

export async function signUp(
  { email, password }: Credentials,
  now = new Date(),
): Promise<SignUpOutcome> {
  const problem = await newPasswordProblem(password, { email, brand: siteConfig.brand });
  if (problem) return { outcome: "refused", problem };
  // Hashed whether or not the account exists, so the answer takes the same time either way.
  const passwordHash = await hashPassword(password);
  const token = newSecretToken();
  // Both emails are rendered before the transaction, which cannot wait for a promise, and only
  // then does it tell which one to queue; rendering both also keeps the time the same either way.
  const [confirmation, existingAccount] = await Promise.all([
    confirmationEmail(confirmationUrl(token), siteConfig.brand),
    existingAccountEmail(new URL("/admin/auth", siteConfig.origin).href, siteConfig.brand),
  ]);
  db.transaction((tx) => {
    const existing = findUserByEmail(tx, email);
    if (existing?.confirmedAt) {
      enqueueEmail(tx, { to: existing.email, ...existingAccount });
      return;
    }
    // The password travels with this sign-up's own link and becomes the account's only when that
    // link confirms it with the same password: anyone may sign up with any address, but only the
    // one who both reads the mailbox and chose the password can finish (decision 018).
    const user = existing ?? insertUser(tx, { email, passwordHash });
    insertConfirmation(tx, {
      tokenHash: hashOf(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS),
      passwordHash,
    });
    enqueueEmail(tx, { to: user.email, ...confirmation });
  });
  return { outcome: "requested" };
}

/**
 * A new link for an unconfirmed account whose password was just typed right at sign-in: it
 * remembers that password, as the sign-up's own link did, and comes in the same email.
 */
export async function sendConfirmationAgain(user: User, now = new Date()) {
  const token = newSecretToken();
  const confirmation = await confirmationEmail(confirmationUrl(token), siteConfig.brand);
  db.transaction((tx) => {
    insertConfirmation(tx, {
      tokenHash: hashOf(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS),
      passwordHash: user.passwordHash,
    });
    enqueueEmail(tx, { to: user.email, ...confirmation });
  });
}

/** An open link: unused, within its lifetime, and made with a password (older links were not). */
function openConfirmation(token: string, now: Date) {
  const confirmation = findConfirmation(db, hashOf(token));
  if (!confirmation || confirmation.usedAt || confirmation.expiresAt <= now) return null;
  if (!confirmation.passwordHash) return null;
  return { ...confirmation, passwordHash: confirmation.passwordHash };
}

/** Whether a link can still confirm its account; opening it changes nothing. */
export function isConfirmationOpen(token: string, now = new Date()): boolean {
  return openConfirmation(token, now) !== null;
}

const wrongPasswords = rateLimiter("wrongConfirmationPassword");

export type ConfirmationOutcome = "confirmed" | "wrong-password" | "invalid";

/**
 * Confirms a link's account with the password chosen for that link, once, within its lifetime.
 * The account then has that password, and every other link it had is spent. If it now waits for
 * approval, every owner gets an email with the link to approve it.
 */
export async function confirmEmail(
  token: string,
  password: string,
  now = new Date(),
): Promise<ConfirmationOutcome> {
  const confirmation = openConfirmation(token, now);
  if (!confirmation) return "invalid";
  if (!(await verifyPassword(confirmation.passwordHash, password))) {
    if (!(await wrongPasswords.hit(confirmation.tokenHash)).allowed) {
      markConfirmationUsed(db, confirmation.tokenHash, now);
      return "invalid";
    }
    return "wrong-password";
  }
  const account = findUserById(db, confirmation.userId);
  if (!account) return "invalid";
  // Rendered before the transaction, which cannot wait for a promise; queued only if it waits.
  const approvalRequest = await approvalRequestEmail(
    account.email,
    new URL("/admin/users", siteConfig.origin).href,
    siteConfig.brand,
  );
  return db.transaction((tx) => {
    // Checked again inside the write: two tabs may confirm at once, and only one may win.
    const current = findConfirmation(tx, confirmation.tokenHash);
    if (!current || current.usedAt) return "invalid";
    confirmUser(tx, confirmation.userId, confirmation.passwordHash, now);
    markConfirmationsOfUserUsed(tx, confirmation.userId, now);
    const confirmed = findUserById(tx, confirmation.userId);
    if (confirmed && !hasAdminRights(confirmed)) {
      for (const approver of approversIn(tx)) {
        enqueueEmail(tx, { to: approver.email, ...approvalRequest });
      }
    }
    return "confirmed";
  });
}
