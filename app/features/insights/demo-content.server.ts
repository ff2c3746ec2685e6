// Seeds the demo Insights posts once, on the first start of an install whose blog is empty, and
// readies existing posts at every start: slugs, and covers still stored as files.
import type { AppDatabase } from "~/lib/db-client.server";
import { databaseIsPrimary, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import { findSetting, insertSetting } from "~/lib/settings.server";
import { importCoverFiles } from "~/features/covers/index.server";
import { demoPosts, type DemoPost } from "~/content/demo-posts";
import { countPosts, insertPosts, postCoverIds } from "./queries.server";
import { assignMissingSlugs } from "./post-addresses.server";
import { POST_SANITIZER_VERSION, sanitizeStalePosts } from "./post-sanitising.server";

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
    if (findSetting(tx, SEEDED_KEY) !== undefined) return "already-decided";
    insertSetting(tx, SEEDED_KEY, now.toISOString());
    if (countPosts(tx) > 0) return "blog-not-empty";
    insertPosts(
      tx,
      posts.map(({ key, publishedDaysAgo, linkPreviews, ...post }) => {
        const date = new Date(now.getTime() - publishedDaysAgo * DAY_MS);
        return {
          ...post,
          linkPreviews: JSON.stringify(linkPreviews),
          // Written as the sanitiser leaves it (post-html.server.test.ts checks), so stored as such.
          sanitizerVersion: POST_SANITIZER_VERSION,
          publishedDate: date,
          createdAt: date,
          updatedAt: date,
        };
      }),
    );
    return "seeded";
  });
}

/**
 * At server start, on the primary (replicas copy its database): seeds the demo posts when demo
 * content is on, gives a slug to every post written without one, copies into the database the
 * covers an earlier version stored as files (decision 041).
 */
export function prepareInsightsAtStart() {
  if (!databaseIsPrimary) return;
  if (env.SEED_DEMO_CONTENT && seedDemoContent(db) === "seeded") {
    logEvent("info", "demo_content_seeded", {});
  }
  const slugged = db.transaction((tx) => assignMissingSlugs(tx), { behavior: "immediate" });
  if (slugged > 0) logEvent("info", "post_slugs_assigned", { posts: slugged });
  importCoverFiles(db, postCoverIds(db));
}

/**
 * Once the render pool has started, on the primary: stores again, sanitised in the pool's worker,
 * any post an older sanitiser (or none) made safe. In the background; the server answers meanwhile.
 */
export function sanitizeStalePostsInBackground() {
  if (!databaseIsPrimary) return;
  sanitizeStalePosts(db).then(
    (rewritten) => {
      if (rewritten > 0) logEvent("info", "posts_sanitised_again", { posts: rewritten });
    },
    (error: unknown) => logEvent("error", "posts_sanitise_failed", { message: String(error) }),
  );
}
