// Seeds the demo Insights posts once, on the first start of an install whose blog is empty.
import { eq } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { demoPosts, type DemoPost } from "~/content/demo-posts";
import { countPosts, insertPosts } from "~/models/blog-post.server";

const SEEDED_KEY = "demo_content_seeded_at";
const DAY_MS = 24 * 60 * 60 * 1000;

export type SeedOutcome = "seeded" | "already-decided" | "blog-not-empty";

/**
 * Runs once per database: the decision is recorded, so deleting the demo posts later does not
 * bring them back, and an install that already has posts never gets demo ones.
 */
export function seedDemoContent(
  db: AppDatabase,
  posts: DemoPost[] = demoPosts,
  now = new Date(),
): SeedOutcome {
  return db.transaction((tx) => {
    const [decided] = tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY)).all();
    if (decided) return "already-decided";
    tx.insert(appSettings).values({ key: SEEDED_KEY, value: now.toISOString() }).run();
    if (countPosts(tx) > 0) return "blog-not-empty";
    insertPosts(
      tx,
      posts.map(({ key, publishedDaysAgo, linkPreviews, ...post }) => {
        const date = new Date(now.getTime() - publishedDaysAgo * DAY_MS);
        return {
          ...post,
          linkPreviews: JSON.stringify(linkPreviews),
          publishedDate: date,
          createdAt: date,
          updatedAt: date,
        };
      }),
    );
    return "seeded";
  });
}
