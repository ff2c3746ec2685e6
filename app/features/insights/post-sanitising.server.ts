// A post's body is made safe once, when it is saved, and stored with the version of the sanitiser
// that did it; serving it then costs nothing. The sanitiser (DOMPurify over jsdom, some 100 MB) is
// loaded only when a post is saved, or when a stored body is older than the current sanitiser (a
// row written by hand, or one saved before an upgrade): visitors' pages never load it otherwise.
import { eq, isNull, ne, or } from "drizzle-orm";
import type { AppDatabase } from "~/lib/db-client.server";
import { blogPosts } from "~/db/schema";
import { loadPostSanitizer } from "./post-html.server";

/**
 * Names the sanitiser's code and rules: DOMPurify's version (post-html.server.test.ts checks it is
 * the one installed) and the rules' own revision, raised whenever post-html.server.ts changes what
 * it keeps. A post stored under another name is sanitised again.
 */
export const POST_SANITIZER_VERSION = "dompurify-3.4.18+rules-1";

/** A body as it is stored: sanitised, with the version that did it. */
export async function sanitizedForStorage(html: string) {
  const sanitize = await loadPostSanitizer();
  return { content: sanitize(html), sanitizerVersion: POST_SANITIZER_VERSION };
}

/** The HTML to serve for a stored post: as stored when the current sanitiser made it. */
export async function servedPostHtml(post: {
  content: string;
  sanitizerVersion: string | null;
}): Promise<string> {
  if (post.sanitizerVersion === POST_SANITIZER_VERSION) return post.content;
  const sanitize = await loadPostSanitizer();
  return sanitize(post.content);
}

/**
 * Sanitises again, and stores, every post a different sanitiser (or none) made safe: run at start,
 * so that after an upgrade the sanitiser loads once rather than on visitors' requests. Loads
 * nothing when every post is current. Returns how many posts it rewrote.
 */
export async function sanitizeStalePosts(db: AppDatabase): Promise<number> {
  const stale = or(
    isNull(blogPosts.sanitizerVersion),
    ne(blogPosts.sanitizerVersion, POST_SANITIZER_VERSION),
  );
  const ids = db.select({ id: blogPosts.id }).from(blogPosts).where(stale).all();
  if (ids.length === 0) return 0;
  const sanitize = await loadPostSanitizer();
  let rewritten = 0;
  for (const { id } of ids) {
    // One post at a time, read and written in one step: an edit saved meanwhile is not undone.
    rewritten += db.transaction((tx) => {
      const post = tx
        .select({ content: blogPosts.content, sanitizerVersion: blogPosts.sanitizerVersion })
        .from(blogPosts)
        .where(eq(blogPosts.id, id))
        .get();
      if (!post || post.sanitizerVersion === POST_SANITIZER_VERSION) return 0;
      tx.update(blogPosts)
        .set({ content: sanitize(post.content), sanitizerVersion: POST_SANITIZER_VERSION })
        .where(eq(blogPosts.id, id))
        .run();
      return 1;
    });
  }
  return rewritten;
}
