// A post's body is made safe once, when it is saved, and stored with the version of the sanitiser
// that did it; serving it then costs nothing. The sanitiser (DOMPurify over jsdom, some 100 MB)
// runs only when a post is saved, or when a stored body is older than the current sanitiser (a row
// written by hand, or one saved before an upgrade), and in the render pool's worker: the main
// thread, which serves visitors, never loads it, and its memory goes back once the worker idles.
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { AppDatabase } from "~/lib/db-client.server";
import { RenderPoolBusy, runInPool } from "~/lib/render-pool.server";
import { blogPosts } from "~/db/schema";
import { POST_SANITIZER_WORKER, sanitizePost } from "./post-sanitiser.worker";

/**
 * Names the sanitiser's code and rules: DOMPurify's version (post-html.server.test.ts checks it is
 * the one installed) and the rules' own revision, raised whenever post-html.server.ts changes what
 * it keeps. A post stored under another name is sanitised again.
 */
export const POST_SANITIZER_VERSION = "dompurify-3.4.18+rules-1";

/**
 * Sanitises in the pool's worker. A post is never refused for the reports waiting there: with the
 * queue full, it is sanitised on this thread instead.
 */
async function sanitized(html: string): Promise<string> {
  const inThread = () => sanitizePost(html);
  try {
    return await runInPool(
      { workerFile: POST_SANITIZER_WORKER, task: "sanitizePost", input: html },
      inThread,
    );
  } catch (error) {
    if (error instanceof RenderPoolBusy) return inThread();
    throw error;
  }
}

/**
 * A body as it is stored: sanitised, with the version that did it. A body sent back exactly as
 * the current sanitiser stored it (a post saved again for its title, tags or cover) is kept as it
 * is: nothing to load or parse.
 */
export async function sanitizedForStorage(
  html: string,
  stored?: { content: string; sanitizerVersion: string | null },
) {
  const unchanged = stored?.sanitizerVersion === POST_SANITIZER_VERSION && stored.content === html;
  return {
    content: unchanged ? html : await sanitized(html),
    sanitizerVersion: POST_SANITIZER_VERSION,
  };
}

/** The HTML to serve for a stored post: as stored when the current sanitiser made it. */
export async function servedPostHtml(post: {
  content: string;
  sanitizerVersion: string | null;
}): Promise<string> {
  if (post.sanitizerVersion === POST_SANITIZER_VERSION) return post.content;
  return sanitized(post.content);
}

/**
 * Sanitises again, and stores, every post a different sanitiser (or none) made safe: run once the
 * render pool has started, so that after an upgrade the sanitiser loads once, in its worker,
 * rather than on visitors' requests. Loads nothing when every post is current. Returns how many
 * posts it rewrote.
 */
export async function sanitizeStalePosts(db: AppDatabase): Promise<number> {
  const stale = or(
    isNull(blogPosts.sanitizerVersion),
    ne(blogPosts.sanitizerVersion, POST_SANITIZER_VERSION),
  );
  const ids = db.select({ id: blogPosts.id }).from(blogPosts).where(stale).all();
  let rewritten = 0;
  for (const { id } of ids) {
    const post = db
      .select({ id: blogPosts.id, content: blogPosts.content })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, id), stale))
      .get();
    if (!post) continue;
    const content = await sanitized(post.content);
    // Written only while the post is still as it was read: an edit saved meanwhile is not undone.
    const { changes } = db
      .update(blogPosts)
      .set({ content, sanitizerVersion: POST_SANITIZER_VERSION })
      .where(and(eq(blogPosts.id, post.id), eq(blogPosts.content, post.content), stale))
      .run();
    rewritten += changes;
  }
  return rewritten;
}
