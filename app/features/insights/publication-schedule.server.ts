// When the public blog next changes by itself: a scheduled post goes live at its published date,
// with no write to announce it. Pages that show posts are kept no longer than that.
import { and, eq, gt, min } from "drizzle-orm";
import { blogPosts } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";

export function nextScheduledPublication(db: Queryable, now: Date): Date | null {
  const [row] = db
    .select({ next: min(blogPosts.publishedDate) })
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), gt(blogPosts.publishedDate, now)))
    .all();
  return row?.next ?? null;
}
