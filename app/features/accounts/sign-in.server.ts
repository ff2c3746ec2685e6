// Signing in with an email and password: the throttle of decision 019, then remix-auth's form
// strategy, then a session. Every failure looks the same from outside: no answer tells which
// emails have accounts. Only the right password learns more: that the email is not confirmed yet
// (decision 053), which whoever chose that password at sign-up already knows.
import { setTimeout as sleep } from "node:timers/promises";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { claimOwnershipIfNone } from "./accounts.server";
import { startSession, type SignInMethod } from "./admin-session.server";
import {
  signInDelayMs,
  signInFailed,
  signInRefusal,
  signInSucceeded,
} from "./sign-in-throttle.server";
import { checkSecondFactor } from "./two-factor.server";
import { findUserByEmail, updatePasswordHash, type User } from "./user-queries.server";
import { credentialsSchema } from "./credentials";
import {
  checkDecoyPassword,
  hashIsOutdated,
  hashPassword,
  verifyPassword,
} from "./passwords.server";

export const INVALID_CREDENTIALS = "Invalid email or password.";

class InvalidCredentialsError extends Error {
  constructor() {
    super(INVALID_CREDENTIALS);
  }
}

/** The right password for an account whose email is not confirmed yet. */
class UnconfirmedEmailError extends Error {
  readonly user: User;
  constructor(user: User) {
    super("The email of this account is not confirmed yet.");
    this.user = user;
  }
}

const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = credentialsSchema.safeParse({
      email: form.get("email"),
      password: form.get("password"),
    });
    if (!parsed.success) throw new InvalidCredentialsError();
    const { email, password } = parsed.data;
    const user = findUserByEmail(db, email);
    if (!user) {
      await checkDecoyPassword(password);
      throw new InvalidCredentialsError();
    }
    // A wrong password fails the same way, confirmed account or not: one verification, as for an
    // unknown email, so neither the answer nor its time tells a stranger the email is registered.
    if (!(await verifyPassword(user.passwordHash, password))) throw new InvalidCredentialsError();
    if (!user.confirmedAt) throw new UnconfirmedEmailError(user);
    if (hashIsOutdated(user.passwordHash)) {
      updatePasswordHash(db, user.id, await hashPassword(password));
    }
    return user;
  }),
  "password",
);

/**
 * Opens the full session of a staff member who has just proved who they are, the sign-in recorded
 * with it (the install's first admin in becomes its owner). Answers the Set-Cookie header.
 */
export function openSignedInSession(
  request: Request,
  user: User,
  method: SignInMethod,
  clientIp: string,
) {
  claimOwnershipIfNone(user.id);
  const by = { actor: { id: user.id, email: user.email }, ipAddress: clientIp };
  return startSession(request, user.id, new Date(), { signedIn: { by, method } });
}

/**
 * Records a refused sign-in. An address typed for a staff account is named by the account; any
 * other address (a stranger's guess, a typo) only by its keyed hash, so the log holds no address
 * from outside the firm. The password is never part of it.
 */
export function recordFailedSignIn(
  attempt: { method: SignInMethod; clientIp: string } & (
    { account: User | undefined } | { typedEmail: string }
  ),
) {
  const account =
    "account" in attempt
      ? attempt.account
      : attempt.typedEmail
        ? findUserByEmail(db, attempt.typedEmail)
        : undefined;
  const typed = "typedEmail" in attempt && !account ? attempt.typedEmail.trim() : "";
  recordAudit(db, {
    action: "session.sign_in_failed",
    target: account ? `user:${account.id}` : undefined,
    subjectEmail: typed ? typed : undefined,
    ipAddress: attempt.clientIp,
    details: account
      ? { method: attempt.method, email: account.email }
      : { method: attempt.method },
  });
}

type PasswordSignIn =
  | { outcome: "too-many"; retryAfterSeconds: number }
  | { outcome: "invalid" }
  | { outcome: "unconfirmed"; user: User }
  | { outcome: "needs-second-factor"; user: User; cookie: string }
  | { outcome: "signed-in"; user: User; cookie: string };

/**
 * Signs in with the email and password that `request` posts: `email` is the one its form names,
 * read by the caller from a copy of the request, since the strategy reads the request itself. An
 * account with an authenticator app gets a session that waits for its code; the others a full
 * session (the install's first admin in becomes its owner). The Set-Cookie header comes back.
 * A wrong password is recorded in the audit log; a throttled attempt only in the server's log,
 * so a flood of them cannot fill the table.
 * The right password of an unconfirmed account opens nothing, and is no failure to count either.
 */
export async function signInWithPassword(
  request: Request,
  email: string,
  clientIp: string,
): Promise<PasswordSignIn> {
  const account = email.toLowerCase();
  const refusal = await signInRefusal(account, clientIp);
  if (!refusal.allowed) {
    return { outcome: "too-many", retryAfterSeconds: refusal.retryAfterSeconds };
  }
  const delayMs = await signInDelayMs(account);
  if (delayMs > 0) await sleep(delayMs);
  let user: User;
  try {
    user = await authenticator.authenticate("password", request);
  } catch (error) {
    if (error instanceof UnconfirmedEmailError) {
      await signInSucceeded(account, clientIp);
      return { outcome: "unconfirmed", user: error.user };
    }
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await signInFailed(account, clientIp);
    recordFailedSignIn({ method: "password", clientIp, typedEmail: account });
    return { outcome: "invalid" };
  }
  await signInSucceeded(account, clientIp);
  if (user.totpSecret !== null) {
    // The password was right; nothing opens until the code from the app is too.
    const cookie = await startSession(request, user.id, new Date(), {
      awaitingSecondFactor: true,
    });
    return { outcome: "needs-second-factor", user, cookie };
  }
  return {
    outcome: "signed-in",
    user,
    cookie: await openSignedInSession(request, user, "password", clientIp),
  };
}

/**
 * The second step of signing in: the code from the account's app, or a recovery code. A right
 * one opens the full session; a wrong one is a failed sign-in of the account.
 */
export async function signInWithSecondFactor(
  request: Request,
  user: User,
  code: string,
  clientIp: string,
) {
  const checked = await checkSecondFactor(user, code, clientIp);
  if (checked.outcome === "wrong") {
    recordFailedSignIn({ method: "two-factor", clientIp, account: user });
  }
  if (checked.outcome !== "accepted") return checked;
  const cookie = await openSignedInSession(request, user, "two-factor", clientIp);
  return { ...checked, cookie };
}
