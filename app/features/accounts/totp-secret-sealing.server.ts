// Two-factor secrets at rest: AES-256-GCM under a key of their own (TWO_FACTOR_KEY, or one derived
// from SESSION_SECRET), so a copy of the database alone cannot make an admin's codes. The stored
// form names its version, so the format can change; secrets stored before sealing existed (base32
// as the app shows them) are still read, and sealed at the next start. See docs/decisions/072.
import crypto from "node:crypto";
import { env, type Env } from "~/lib/env.server";

const VERSION_PREFIX = "v1:";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Names what the key derived from SESSION_SECRET is for, so it is not the key of anything else.
const DERIVED_KEY_PURPOSE = "keelstone two-factor secrets at rest v1";
// A key from otplib, or typed before sealing existed: RFC 4648 base32, upper case.
const BASE32 = /^[A-Z2-7]+=*$/;

/** The key secrets are sealed with, and the older ones a stored secret may still be under. */
export type TotpKeys = { current: Buffer; previous: Buffer[] };

/** A secret as stored: only this module makes one, so nothing stores a secret unsealed. */
export type SealedTotpSecret = string & { readonly sealedTotpSecret: unique symbol };

type KeySource = Pick<Env, "SESSION_SECRET" | "TWO_FACTOR_KEY" | "TWO_FACTOR_KEY_PREVIOUS">;

/**
 * TWO_FACTOR_KEY, or else the key derived from SESSION_SECRET; TWO_FACTOR_KEY_PREVIOUS and the
 * derived key are read as well, so moving to a key of its own needs nothing more than setting it.
 */
export function totpKeysOf(source: KeySource): TotpKeys {
  const derived = Buffer.from(
    crypto.hkdfSync("sha256", source.SESSION_SECRET, Buffer.alloc(0), DERIVED_KEY_PURPOSE, 32),
  );
  const current: Buffer = source.TWO_FACTOR_KEY ?? derived;
  const previous: Buffer[] = [];
  for (const key of [source.TWO_FACTOR_KEY_PREVIOUS, derived]) {
    if (key && ![current, ...previous].some((known) => known.equals(key))) previous.push(key);
  }
  return { current, previous };
}

const processKeys = totpKeysOf(env);

export function sealTotpSecret(secret: string, keys = processKeys): SealedTotpSecret {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv(ALGORITHM, keys.current, iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}` as SealedTotpSecret;
}

function openWith(key: Buffer, packed: Buffer): string | null {
  if (packed.length <= IV_BYTES + TAG_BYTES) return null;
  const decipher = crypto.createDecipheriv(ALGORITHM, key, packed.subarray(0, IV_BYTES));
  decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    // The tag does not match: another key sealed it, or the stored value was changed.
    return null;
  }
}

/** What a stored secret holds and how it is stored: under the current key or not. */
export type OpenedTotpSecret = { secret: string; sealedWithCurrentKey: boolean };

/** The secret a stored value holds, or null when no key opens it (it is never guessed at). */
export function readStoredTotpSecret(stored: string, keys = processKeys): OpenedTotpSecret | null {
  if (!stored.startsWith(VERSION_PREFIX)) {
    return BASE32.test(stored) ? { secret: stored, sealedWithCurrentKey: false } : null;
  }
  const packed = Buffer.from(stored.slice(VERSION_PREFIX.length), "base64url");
  const current = openWith(keys.current, packed);
  if (current !== null) return { secret: current, sealedWithCurrentKey: true };
  for (const key of keys.previous) {
    const secret = openWith(key, packed);
    if (secret !== null) return { secret, sealedWithCurrentKey: false };
  }
  return null;
}

/** The secret a stored value holds, or null when no key this server has opens it. */
export const openTotpSecret = (stored: string, keys = processKeys) =>
  readStoredTotpSecret(stored, keys)?.secret ?? null;
