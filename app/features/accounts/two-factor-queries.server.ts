// Data access for two-factor sign-in: the account's authenticator key, the last time step it
// accepted, and its recovery codes.
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { recoveryCodes, users } from "~/db/schema";
import type { SealedTotpSecret } from "./totp-secret-sealing.server";

/** Turns two-factor sign-in on with a confirmed key (and the step of its first code), or off. */
export function setTotp(
  db: Queryable,
  userId: number,
  totp: { secret: SealedTotpSecret; lastTimeStep: number } | null,
) {
  db.update(users)
    .set({ totpSecret: totp?.secret ?? null, totpLastTimeStep: totp?.lastTimeStep ?? null })
    .where(eq(users.id, userId))
    .run();
}

/** Every account's stored key, as stored: sealed, or plain from before sealing existed. */
export function storedTotpSecrets(db: Queryable) {
  return db
    .select({ userId: users.id, stored: users.totpSecret })
    .from(users)
    .where(isNotNull(users.totpSecret))
    .all()
    .flatMap(({ userId, stored }) => (stored === null ? [] : [{ userId, stored }]));
}

/** The same key, sealed anew; the last time step accepted stays. */
export function replaceStoredTotpSecret(db: Queryable, userId: number, secret: SealedTotpSecret) {
  db.update(users).set({ totpSecret: secret }).where(eq(users.id, userId)).run();
}

/**
 * Records `timeStep` as the last accepted one, only when it is later than the one recorded: two
 * requests with the same code cannot both succeed. True when this call recorded it.
 */
export function advanceTotpTimeStep(db: Queryable, userId: number, timeStep: number): boolean {
  const { changes } = db
    .update(users)
    .set({ totpLastTimeStep: timeStep })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep)),
      ),
    )
    .run();
  return changes === 1;
}

export function replaceRecoveryCodes(db: Queryable, userId: number, codeHashes: string[]) {
  deleteRecoveryCodes(db, userId);
  db.insert(recoveryCodes)
    .values(codeHashes.map((codeHash) => ({ codeHash, userId })))
    .run();
}

export function deleteRecoveryCodes(db: Queryable, userId: number) {
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
}

/** Spends an unused code of the account; true when this call spent it. */
export function spendRecoveryCode(
  db: Queryable,
  userId: number,
  codeHash: string,
  now: Date,
): boolean {
  const { changes } = db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.codeHash, codeHash),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run();
  return changes === 1;
}

export function countUnusedRecoveryCodes(db: Queryable, userId: number): number {
  const row = db
    .select({ unused: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.unused ?? 0;
}
