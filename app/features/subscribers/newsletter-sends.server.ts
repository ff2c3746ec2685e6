// The newsletter_sends table: each time a post was emailed to the subscribers. The only module
// that reads or writes it.
import { asc, inArray, max, eq } from "drizzle-orm";
import { newsletterSends } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";

export type NewsletterSend = typeof newsletterSends.$inferSelect;

/** The round a new send of the post takes: 1 for its first. */
export function nextRound(db: Queryable, postId: string): number {
  const row = db
    .select({ last: max(newsletterSends.round) })
    .from(newsletterSends)
    .where(eq(newsletterSends.postId, postId))
    .get();
  return (row?.last ?? 0) + 1;
}

export function recordSend(
  db: Queryable,
  send: {
    postId: string;
    round: number;
    requestedBy: number | null;
    mailingId: number | null;
    recipients: number;
    createdAt: Date;
  },
) {
  db.insert(newsletterSends).values(send).run();
}

/** Every send of these posts, each post's rounds in order. */
export function sendsOfPosts(db: Queryable, postIds: string[]): NewsletterSend[] {
  if (postIds.length === 0) return [];
  return db
    .select()
    .from(newsletterSends)
    .where(inArray(newsletterSends.postId, postIds))
    .orderBy(asc(newsletterSends.postId), asc(newsletterSends.round))
    .all();
}
