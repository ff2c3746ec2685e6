// The addresses no one may mail again after their subscriber was erased (decision 069), held as
// keyed hashes: a staff import skips them; the person's own opt-in, once confirmed, lifts it.
import { eq, inArray } from "drizzle-orm";
import { subscriberSuppressions } from "~/db/schema";
import { addressKey } from "~/lib/address-keys.server";
import type { Queryable } from "~/lib/db-client.server";

export function suppressAddress(db: Queryable, email: string, now: Date) {
  db.insert(subscriberSuppressions)
    .values({ addressKey: addressKey(email), createdAt: now })
    .onConflictDoNothing()
    .run();
}

export function findSuppression(db: Queryable, email: string) {
  return db
    .select()
    .from(subscriberSuppressions)
    .where(eq(subscriberSuppressions.addressKey, addressKey(email)))
    .get();
}

/** Lifts the address's suppression: its owner has just confirmed a subscription themselves. */
export function liftSuppression(db: Queryable, email: string) {
  db.delete(subscriberSuppressions)
    .where(eq(subscriberSuppressions.addressKey, addressKey(email)))
    .run();
}

// Looked up a slice at a time, within SQLite's limit on bound values.
const SLICE = 500;

/** Which of these addresses are suppressed, as the addresses given. */
export function suppressedAmong(db: Queryable, emails: readonly string[]) {
  const byKey = new Map(emails.map((email) => [addressKey(email), email]));
  const keys = [...byKey.keys()];
  const suppressed = new Set<string>();
  for (let start = 0; start < keys.length; start += SLICE) {
    for (const row of db
      .select({ addressKey: subscriberSuppressions.addressKey })
      .from(subscriberSuppressions)
      .where(inArray(subscriberSuppressions.addressKey, keys.slice(start, start + SLICE)))
      .all()) {
      suppressed.add(byKey.get(row.addressKey)!);
    }
  }
  return suppressed;
}
