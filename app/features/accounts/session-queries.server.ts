// Data access for signed-in sessions, addressed by the hash of the id the browser holds.
import { eq, isNotNull, lt, or } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { sessions } from "~/db/schema";
import type { SealedTotpSecret } from "./totp-secret-sealing.server";

export type SessionRow = typeof sessions.$inferSelect;

export function insertSession(
  db: Queryable,
  session: {
    idHash: string;
    userId: number;
    now: Date;
    expiresAt: Date;
    awaitingSecondFactor: boolean;
  },
) {
  db.insert(sessions)
    .values({
      idHash: session.idHash,
      userId: session.userId,
      createdAt: session.now,
      lastSeenAt: session.now,
      expiresAt: session.expiresAt,
      awaitingSecondFactor: session.awaitingSecondFactor,
    })
    .run();
}

export function findSession(db: Queryable, idHash: string): SessionRow | undefined {
  return db.select().from(sessions).where(eq(sessions.idHash, idHash)).get();
}

export function touchSession(db: Queryable, idHash: string, now: Date) {
  db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash)).run();
}

export function setPendingTotpSecret(
  db: Queryable,
  idHash: string,
  secret: SealedTotpSecret | null,
) {
  db.update(sessions).set({ pendingTotpSecret: secret }).where(eq(sessions.idHash, idHash)).run();
}

/** Every key still being set up, as stored. */
export function storedPendingTotpSecrets(db: Queryable) {
  return db
    .select({ idHash: sessions.idHash, stored: sessions.pendingTotpSecret })
    .from(sessions)
    .where(isNotNull(sessions.pendingTotpSecret))
    .all()
    .flatMap(({ idHash, stored }) => (stored === null ? [] : [{ idHash, stored }]));
}

/** Deletes the session; answers whose it was, or undefined when there was none. */
export function deleteSession(db: Queryable, idHash: string) {
  return db
    .delete(sessions)
    .where(eq(sessions.idHash, idHash))
    .returning({ userId: sessions.userId, awaitingSecondFactor: sessions.awaitingSecondFactor })
    .get();
}

export function deleteSessionsOfUser(db: Queryable, userId: number) {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

/** Sessions past their absolute limit, or idle since before `idleSince`. */
export function deleteStaleSessions(db: Queryable, now: Date, idleSince: Date) {
  db.delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
    .run();
}
