// Password hashing: argon2id with the parameters of password-hashing.server.ts.
import argon2 from "argon2";
import { HASH_OPTIONS } from "./password-hashing.server.ts";

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** True when the password matches; false for a wrong password or an unreadable hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with weaker parameters than today's, so it should be redone. */
export function hashIsOutdated(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return true;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for sign-ins to accounts that do not exist,
 * so the answer's timing does not tell which emails are registered.
 */
export async function checkDecoyPassword(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy password that no account uses");
  await verifyPassword(await decoyHash, password);
  return false;
}
