// Passkeys (WebAuthn, through @simplewebauthn/server): a signed-in admin adds one, and signs in
// with it instead of the password and the code. Every challenge is stored, works once and for
// five minutes; every refusal is a message and a 4xx, never an exception. See docs/decisions/037.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { formatLongDate } from "~/lib/dates";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import { siteConfig } from "~/lib/site-config.server";
import { hasAdminRights } from "./admin-session.server";
import { type ListedPasskey, PASSKEY_NAME_MAX_LENGTH } from "./passkey-fields";
import {
  type ChallengePurpose,
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  type PasskeyRow,
  passkeysOfUser,
  recordPasskeyUse,
  spendChallenge,
} from "./passkey-queries.server";
import { recordFailedSignIn } from "./sign-in.server";
import { signInFailed, signInRefusal, signInSucceeded } from "./sign-in-throttle.server";
import { findUserById, type User } from "./user-queries.server";

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export const PASSKEY_CHALLENGE_SPENT =
  "This passkey request has expired or was already used. Please try again.";
export const PASSKEY_UNKNOWN =
  "This passkey is not registered here: it may have been removed. Please sign in with your password.";
export const PASSKEY_NOT_VERIFIED = "This passkey could not be verified for this site.";
export const PASSKEY_NO_ADMIN_RIGHTS =
  "This account cannot open the admin: it is not confirmed or not approved.";
export const PASSKEY_ALREADY_ADDED = "This passkey is already added to an account.";

// The relying party is the site itself: its host name is the id passkeys are bound to, and
// answers are accepted only from its origin.
const site = new URL(env.SITE_URL);
const relyingParty = { id: site.hostname, origin: site.origin };

// The keys authenticators make. Left to itself the library also offers ML-DSA-44 where Node's Web
// Crypto has it, an experimental API that prints a warning on every server start that checks.
// (COSE's numbers for EdDSA, ES256 and RS256, as the library's COSEALG names them.)
const SUPPORTED_ALGORITHMS = [-8, -7, -257];

// The library and its certificate parsers load on the first passkey asked for, not at start:
// only staff who use passkeys ever need them.
const webauthn = () => import("@simplewebauthn/server");
const webauthnHelpers = () => import("@simplewebauthn/server/helpers");

// What a browser's startRegistration and startAuthentication answer; simplewebauthn checks the
// rest (and every byte) itself.
const credentialShape = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};
const registrationSchema = z.object({
  ...credentialShape,
  response: z.looseObject({
    clientDataJSON: z.string(),
    attestationObject: z.string(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
const authenticationSchema = z.object({
  ...credentialShape,
  response: z.looseObject({
    clientDataJSON: z.string(),
    authenticatorData: z.string(),
    signature: z.string(),
    userHandle: z.string().optional(),
  }),
});

/** The browser's answer as JSON text, or null when it is not one. */
function parseCredential<Schema extends z.ZodType>(schema: Schema, text: string) {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as z.infer<Schema>) : null;
  } catch {
    return null;
  }
}

/** The challenge the browser says it answered; null when its client data cannot be read. */
async function challengeOf(credential: {
  response: { clientDataJSON: string };
}): Promise<string | null> {
  const { decodeClientDataJSON } = await webauthnHelpers();
  try {
    return decodeClientDataJSON(credential.response.clientDataJSON).challenge;
  } catch {
    return null;
  }
}

/** The user handle a passkey holds for its account: the account's id, which names nobody. */
const userHandleOf = (userId: number) => Buffer.from(String(userId)).toString("base64url");

function storeChallenge(
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
) {
  insertChallenge(
    db,
    { challenge, purpose, userId },
    now,
    new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  );
}

export function passkeysOf(user: User): ListedPasskey[] {
  return passkeysOfUser(db, user.id).map(({ id, name, createdAt, lastUsedAt }) => ({
    id,
    name,
    createdAt,
    lastUsedAt,
  }));
}

/**
 * What the browser needs to make a passkey for the account: a discoverable credential with user
 * verification, so that it alone signs in without an email. Its passkeys are excluded, so an
 * authenticator is not added twice.
 */
export async function passkeyRegistrationOptions(
  user: User,
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: siteConfig.brand,
    rpID: relyingParty.id,
    userName: user.email,
    userID: new Uint8Array(Buffer.from(String(user.id))),
    attestationType: "none",
    excludeCredentials: passkeysOfUser(db, user.id).map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    timeout: CHALLENGE_LIFETIME_MS,
  });
  storeChallenge(options.challenge, "register", user.id, now);
  return options;
}

type Refused = { outcome: "refused"; status: 400 | 401 | 403 | 409; message: string };
const refused = (status: Refused["status"], message: string): Refused => ({
  outcome: "refused",
  status,
  message,
});

/**
 * Checks the browser's answer to a registration challenge of this account and keeps the new
 * passkey under `name` (or "Passkey added <date>"), recorded in the audit log as the account's,
 * from `clientIp`.
 */
export async function addPasskey(
  user: User,
  responseText: string,
  name: string,
  clientIp: string,
  now = new Date(),
): Promise<{ outcome: "added"; name: string } | Refused> {
  const credential: RegistrationResponseJSON | null = parseCredential(
    registrationSchema,
    responseText,
  );
  const challenge = credential ? await challengeOf(credential) : null;
  if (!credential || !challenge) return refused(400, PASSKEY_NOT_VERIFIED);
  // Spent first: a challenge is answered once, rightly or not.
  const spent = spendChallenge(db, challenge, "register", now);
  if (!spent || spent.userId !== user.id) return refused(400, PASSKEY_CHALLENGE_SPENT);
  let verification;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch (error) {
    logEvent("warn", "passkey_registration_refused", { userId: user.id, reason: String(error) });
    return refused(400, PASSKEY_NOT_VERIFIED);
  }
  if (!verification.verified) return refused(400, PASSKEY_NOT_VERIFIED);
  const { credential: created } = verification.registrationInfo;
  const passkeyName =
    name.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) ||
    `Passkey added ${formatLongDate(now, siteConfig.timeZone)}`;
  return db.transaction((tx) => {
    if (findPasskeyByCredentialId(tx, created.id)) return refused(409, PASSKEY_ALREADY_ADDED);
    const passkeyId = insertPasskey(tx, {
      userId: user.id,
      credentialId: created.id,
      publicKey: Buffer.from(created.publicKey),
      counter: created.counter,
      transports: created.transports ?? [],
      name: passkeyName,
      createdAt: now,
    });
    recordAudit(tx, {
      action: "passkey.added",
      actor: user,
      target: `passkey:${passkeyId}`,
      ipAddress: clientIp,
      details: { name: passkeyName },
      at: now,
    });
    return { outcome: "added" as const, name: passkeyName };
  });
}

/** Removes one of the account's passkeys, recorded from `clientIp`; false when it has none by that id. */
export function removePasskey(user: User, passkeyId: number, clientIp: string): boolean {
  return db.transaction((tx) => {
    if (!deletePasskeyOfUser(tx, user.id, passkeyId)) return false;
    recordAudit(tx, {
      action: "passkey.removed",
      actor: user,
      target: `passkey:${passkeyId}`,
      ipAddress: clientIp,
    });
    return true;
  });
}

/**
 * What the browser needs to sign in with any passkey of this site: no list of credentials, so
 * the authenticator offers the ones it holds and no email is asked first.
 */
export async function passkeySignInOptions(
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    userVerification: "required",
    timeout: CHALLENGE_LIFETIME_MS,
  });
  storeChallenge(options.challenge, "sign-in", null, now);
  return options;
}

type PasskeySignIn =
  | { outcome: "signed-in"; user: User }
  | Refused
  | { outcome: "too-many"; retryAfterSeconds: number };

/** Why the answer signs nobody in, or the account it signs in (its passkey's use recorded). */
async function checkAssertion(
  credential: AuthenticationResponseJSON | null,
  passkey: PasskeyRow | undefined,
  user: User | undefined,
  now: Date,
): Promise<{ problem: string } | { problem: null; user: User }> {
  const challenge = credential ? await challengeOf(credential) : null;
  if (!credential || !challenge) return { problem: PASSKEY_NOT_VERIFIED };
  // Spent first: a challenge is answered once, rightly or not.
  if (!spendChallenge(db, challenge, "sign-in", now)) return { problem: PASSKEY_CHALLENGE_SPENT };
  if (!passkey || !user) return { problem: PASSKEY_UNKNOWN };
  const { userHandle } = credential.response;
  if (userHandle !== undefined && userHandle !== userHandleOf(user.id)) {
    return { problem: PASSKEY_NOT_VERIFIED };
  }
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verified) return { problem: PASSKEY_NOT_VERIFIED };
    recordPasskeyUse(db, passkey.id, authenticationInfo.newCounter, now);
    return { problem: null, user };
  } catch (error) {
    logEvent("warn", "passkey_sign_in_refused", { passkeyId: passkey.id, reason: String(error) });
    return { problem: PASSKEY_NOT_VERIFIED };
  }
}

/**
 * Signs in with the browser's answer to a sign-in challenge. Failures count against the sign-in
 * throttle as wrong passwords do (per address, and per account when the passkey is someone's);
 * the account must have admin rights, as for the password.
 */
export async function signInWithPasskey(
  responseText: string,
  clientIp: string,
  now = new Date(),
): Promise<PasskeySignIn> {
  const credential = parseCredential(authenticationSchema, responseText);
  const passkey = credential ? findPasskeyByCredentialId(db, credential.id) : undefined;
  const owner = passkey ? findUserById(db, passkey.userId) : undefined;
  const account = owner?.email ?? null;
  const refusal = await signInRefusal(account, clientIp);
  if (!refusal.allowed)
    return { outcome: "too-many", retryAfterSeconds: refusal.retryAfterSeconds };

  const checked = await checkAssertion(credential, passkey, owner, now);
  if (checked.problem !== null) {
    await signInFailed(account, clientIp);
    recordFailedSignIn({ method: "passkey", clientIp, account: owner });
    return refused(401, checked.problem);
  }
  if (!hasAdminRights(checked.user)) {
    recordFailedSignIn({ method: "passkey", clientIp, account: checked.user });
    return refused(403, PASSKEY_NO_ADMIN_RIGHTS);
  }
  await signInSucceeded(checked.user.email, clientIp);
  return { outcome: "signed-in", user: checked.user };
}
