// Data access for the links that choose a new password, addressed by the hash of their token.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { passwordResets } from "~/db/schema";

export function insertPasswordReset(
  db: Queryable,
  reset: { tokenHash: string; userId: number; now: Date; expiresAt: Date },
) {
  db.insert(passwordResets)
    .values({
      tokenHash: reset.tokenHash,
      userId: reset.userId,
      createdAt: reset.now,
      expiresAt: reset.expiresAt,
    })
    .run();
}

export function findPasswordReset(db: Queryable, tokenHash: string) {
  return db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).get();
}

/**
 * Spends the link if it is still open at `now`, and says whether this call did: of two requests
 * with the same link, only one sees true.
 */
export function spendPasswordReset(db: Queryable, tokenHash: string, now: Date): boolean {
  const { changes } = db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .run();
  return changes === 1;
}

/** Spends every open link of an account: a newer one replaces them, a new password ends them. */
export function spendPasswordResetsOfUser(db: Queryable, userId: number, now: Date) {
  db.update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .run();
}
