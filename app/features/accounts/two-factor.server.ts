// Two-factor sign-in: setting up an authenticator app, checking its codes and the recovery codes
// (each accepted once, wrong ones rate limited per account and per address), turning it off, and
// the owner's requirement that every admin use it (docs/decisions/035), and an owner's reset of
// another account's two-factor sign-in (072).
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { logEvent } from "~/lib/log.server";
import { RATE_LIMITS, rateLimiter, type RateLimitDecision } from "~/lib/rate-limit.server";
import { saveSetting } from "~/lib/settings.server";
import { siteConfig } from "~/lib/site-config.server";
import { enqueueEmail } from "~/features/outbox/index.server";
import { isOwner } from "./accounts.server";
import { currentSession } from "./admin-session.server";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.server";
import { twoFactorResetEmail } from "./emails/account-emails";
import { deleteSessionsOfUser, setPendingTotpSecret } from "./session-queries.server";
import { acceptedTimeStep, newTotpSecret, totpUri } from "./totp.server";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-sealing.server";
import {
  advanceTotpTimeStep,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  setTotp,
  spendRecoveryCode,
} from "./two-factor-queries.server";
import { TWO_FACTOR_REQUIRED_KEY, twoFactorRequired } from "./two-factor-requirement.server";
import { findUserById, type User } from "./user-queries.server";

export const WRONG_CODES_PER_ACCOUNT = RATE_LIMITS.twoFactorFailurePerAccount.limit;

const perAccount = rateLimiter("twoFactorFailurePerAccount");
const perAddress = rateLimiter("twoFactorFailurePerAddress");

export type CodeCheck<Value> =
  | { outcome: "accepted"; value: Value }
  | { outcome: "wrong" }
  | { outcome: "too-many"; retryAfterSeconds: number };

const isRefusal = (
  decision: RateLimitDecision,
): decision is Extract<RateLimitDecision, { allowed: false }> => !decision.allowed;

/**
 * Runs `check` (null means the code was wrong) unless this account or this address has given
 * too many wrong codes lately. A right code forgets the account's wrong ones.
 */
async function limitedCheck<Value>(
  userId: number,
  clientIp: string,
  check: () => Promise<Value | null>,
): Promise<CodeCheck<Value>> {
  const account = String(userId);
  const decisions = await Promise.all([perAccount.check(account), perAddress.check(clientIp)]);
  const refused = decisions.find(isRefusal);
  if (refused) return { outcome: "too-many", retryAfterSeconds: refused.retryAfterSeconds };
  const value = await check();
  if (value !== null) {
    await perAccount.reset(account);
    return { outcome: "accepted", value };
  }
  await Promise.all([perAccount.hit(account), perAddress.hit(clientIp)]);
  return { outcome: "wrong" };
}

/** Six digits, however they were spaced; anything else is taken for a recovery code. */
function appCodeOf(code: string): string | null {
  const digits = code.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** Spends a code of the account: its app's current code (once per time step) or a recovery code. */
async function spendCode(user: User, code: string, now: Date) {
  const appCode = appCodeOf(code);
  if (appCode === null) {
    return spendRecoveryCode(db, user.id, recoveryCodeHash(code), now) ? "recovery-code" : null;
  }
  if (user.totpSecret === null) return null;
  const secret = openTotpSecret(user.totpSecret);
  if (secret === null) {
    // Fails closed: the account keeps its second factor, and no code from the app is accepted.
    logEvent("error", "two_factor_secret_unreadable", { userId: user.id });
    return null;
  }
  const timeStep = await acceptedTimeStep(secret, appCode, user.totpLastTimeStep, now);
  return timeStep !== null && advanceTotpTimeStep(db, user.id, timeStep) ? "app" : null;
}

/** Checks and spends a code from the account's app or one of its recovery codes. */
export function checkSecondFactor(user: User, code: string, clientIp: string, now = new Date()) {
  return limitedCheck(user.id, clientIp, () => spendCode(user, code, now));
}

type TwoFactorStatus = { on: boolean; recoveryCodesLeft: number; required: boolean };

export function twoFactorStatus(user: User): TwoFactorStatus {
  return {
    on: user.totpSecret !== null,
    recoveryCodesLeft: countUnusedRecoveryCodes(db, user.id),
    required: twoFactorRequired(),
  };
}

type TotpSetup = { key: string; qrCodeSvg: string };

/**
 * The key being set up in this session (made the first time it is asked for, then kept until it
 * is confirmed or the session ends), and the QR code that hands it to an authenticator app.
 */
export async function totpSetup(
  request: Request,
  user: User,
  now = new Date(),
): Promise<TotpSetup> {
  const session = await currentSession(request, now);
  if (!session) throw new Error("Setting up two-factor sign-in needs a signed-in session");
  // A key no longer readable (sealed with a key since lost) is only being set up: a new one replaces it.
  let key = session.pendingTotpSecret === null ? null : openTotpSecret(session.pendingTotpSecret);
  if (!key) {
    key = newTotpSecret();
    setPendingTotpSecret(db, session.idHash, sealTotpSecret(key));
  }
  const uri = totpUri(key, { issuer: siteConfig.brand, account: user.email });
  // Loaded when an admin turns two-factor on, the one page that shows a QR code.
  const { default: QRCode } = await import("qrcode");
  return { key, qrCodeSvg: await QRCode.toString(uri, { type: "svg", margin: 2 }) };
}

/**
 * Turns two-factor sign-in on with the key being set up, once a code from the app shows it was
 * added there. Answers the ten new recovery codes, which are never shown again.
 */
export async function confirmTotp(
  request: Request,
  user: User,
  code: string,
  clientIp: string,
  now = new Date(),
): Promise<CodeCheck<string[]>> {
  const session = await currentSession(request, now);
  const stored = session?.pendingTotpSecret;
  const key = stored ? openTotpSecret(stored) : null;
  return limitedCheck(user.id, clientIp, async () => {
    const appCode = appCodeOf(code);
    if (!session || !key || appCode === null) return null;
    const timeStep = await acceptedTimeStep(key, appCode, null, now);
    if (timeStep === null) return null;
    const recoveryCodes = newRecoveryCodes();
    db.transaction((tx) => {
      setTotp(tx, user.id, { secret: sealTotpSecret(key), lastTimeStep: timeStep });
      replaceRecoveryCodes(tx, user.id, recoveryCodes.map(recoveryCodeHash));
      setPendingTotpSecret(tx, session.idHash, null);
      recordAudit(tx, {
        action: "two_factor.enabled",
        actor: user,
        target: `user:${user.id}`,
        ipAddress: clientIp,
        at: now,
      });
    });
    return recoveryCodes;
  });
}

/** Turns two-factor sign-in off, with a current code; the recovery codes go with it. */
export async function turnOffTotp(user: User, code: string, clientIp: string, now = new Date()) {
  const checked = await checkSecondFactor(user, code, clientIp, now);
  if (checked.outcome === "accepted") {
    db.transaction((tx) => {
      setTotp(tx, user.id, null);
      deleteRecoveryCodes(tx, user.id);
      recordAudit(tx, {
        action: "two_factor.disabled",
        actor: user,
        target: `user:${user.id}`,
        ipAddress: clientIp,
        at: now,
      });
    });
  }
  return checked;
}

/** Ten new recovery codes in place of the old ones, with a current code. */
export async function regenerateRecoveryCodes(
  user: User,
  code: string,
  clientIp: string,
  now = new Date(),
): Promise<CodeCheck<string[]>> {
  const checked = await checkSecondFactor(user, code, clientIp, now);
  if (checked.outcome !== "accepted") return checked;
  const recoveryCodes = newRecoveryCodes();
  db.transaction((tx) => {
    replaceRecoveryCodes(tx, user.id, recoveryCodes.map(recoveryCodeHash));
    recordAudit(tx, {
      action: "two_factor.recovery_codes_replaced",
      actor: user,
      target: `user:${user.id}`,
      ipAddress: clientIp,
      at: now,
    });
  });
  return { outcome: "accepted", value: recoveryCodes };
}

/** Only an owner requires two-factor sign-in of every admin, or stops requiring it. */
export function setTwoFactorRequired(
  actingAdmin: User,
  required: boolean,
  clientIp: string,
): "saved" | "not-owner" {
  return db.transaction((tx) => {
    // Read again inside the write: the acting admin may have lost the role a moment ago.
    const actor = findUserById(tx, actingAdmin.id);
    if (!actor || !isOwner(actor)) return "not-owner";
    saveSetting(tx, TWO_FACTOR_REQUIRED_KEY, String(required));
    recordAudit(tx, {
      action: "two_factor.requirement_changed",
      actor,
      target: "settings:two-factor",
      ipAddress: clientIp,
      details: { required },
    });
    return "saved";
  });
}

export type TwoFactorReset = "reset" | "not-owner" | "not-found" | "own-account" | "not-on";

/**
 * An owner clears another account's authenticator key and recovery codes, and ends its sessions
 * (with any key being set up in them): it signs in with its password alone and sets two-factor up
 * again. Its passkeys stay. Audited, and the account is told by email, in the same write.
 */
export async function resetTwoFactor(
  actingAdmin: User,
  userId: number,
  clientIp: string,
  now = new Date(),
): Promise<{ outcome: TwoFactorReset; email: string | null; required: boolean }> {
  const required = twoFactorRequired();
  // Rendered before the transaction, which cannot wait for a promise; queued only if it applies.
  const notice = await twoFactorResetEmail(
    new URL("/admin/auth", siteConfig.origin).href,
    siteConfig.brand,
    { resetBy: actingAdmin.email, required },
  );
  return db.transaction((tx) => {
    // Read again inside the write: the acting admin may have lost the role a moment ago.
    const actor = findUserById(tx, actingAdmin.id);
    const user = findUserById(tx, userId);
    const result = (outcome: TwoFactorReset) => ({ outcome, email: user?.email ?? null, required });
    if (!actor || !isOwner(actor)) return result("not-owner");
    if (!user) return result("not-found");
    // An owner's own second factor is changed at Security, with a current code.
    if (user.id === actor.id) return result("own-account");
    if (user.totpSecret === null) return result("not-on");
    setTotp(tx, user.id, null);
    deleteRecoveryCodes(tx, user.id);
    deleteSessionsOfUser(tx, user.id);
    recordAudit(tx, {
      action: "two_factor.reset",
      actor: { id: actor.id, email: actor.email },
      target: `user:${user.id}`,
      ipAddress: clientIp,
      at: now,
    });
    enqueueEmail(tx, { to: user.email, ...notice });
    return result("reset");
  });
}
