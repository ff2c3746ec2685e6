// Data access for email confirmation links.
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { emailConfirmations } from "~/db/schema";

export function insertConfirmation(
  db: Queryable,
  confirmation: { tokenHash: string; userId: number; expiresAt: Date; passwordHash: string },
) {
  db.insert(emailConfirmations).values(confirmation).run();
}

export function findConfirmation(db: Queryable, tokenHash: string) {
  return db
    .select()
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, tokenHash))
    .get();
}

export function markConfirmationUsed(db: Queryable, tokenHash: string, now: Date) {
  db.update(emailConfirmations)
    .set({ usedAt: now })
    .where(eq(emailConfirmations.tokenHash, tokenHash))
    .run();
}

/** Spends every link of an account that is still open, e.g. once one of them confirmed it. */
export function markConfirmationsOfUserUsed(db: Queryable, userId: number, now: Date) {
  db.update(emailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.usedAt)))
    .run();
}
