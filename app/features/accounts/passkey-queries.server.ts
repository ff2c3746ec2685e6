// Data access for passkeys and the WebAuthn challenges that add them and sign in with them.
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { passkeys, webauthnChallenges } from "~/db/schema";

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)["purpose"];

/** Stores a challenge handed out; the expired ones go at the same time, so the table stays small. */
export function insertChallenge(
  db: Queryable,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: number | null },
  now: Date,
  expiresAt: Date,
) {
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)).run();
  db.insert(webauthnChallenges)
    .values({ ...challenge, expiresAt })
    .run();
}

/**
 * Deletes the challenge if it is live and was handed out for `purpose`, and answers whose it was
 * (`{ userId: null }` for a sign-in); undefined when there is no such live challenge. Whoever
 * deletes it is the only one to use it.
 */
export function spendChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  now: Date,
): { userId: number | null } | undefined {
  return db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: webauthnChallenges.userId })
    .get();
}

export function insertPasskey(
  db: Queryable,
  passkey: {
    userId: number;
    credentialId: string;
    publicKey: Buffer;
    counter: number;
    transports: string[];
    name: string;
    createdAt: Date;
  },
): number {
  return db.insert(passkeys).values(passkey).returning({ id: passkeys.id }).get().id;
}

export function passkeysOfUser(db: Queryable, userId: number): PasskeyRow[] {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .all();
}

export function findPasskeyByCredentialId(
  db: Queryable,
  credentialId: string,
): PasskeyRow | undefined {
  return db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
}

/** Records a sign-in: the authenticator's new signature count and when. */
export function recordPasskeyUse(db: Queryable, id: number, counter: number, now: Date) {
  db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id)).run();
}

/** Deletes the passkey only if it is the account's; true when one was deleted. */
export function deletePasskeyOfUser(db: Queryable, userId: number, id: number): boolean {
  return (
    db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .run().changes > 0
  );
}
