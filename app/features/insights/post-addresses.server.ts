// Which post an /insights/{address} names (its slug, its id, or a slug it had), and the slug each
// save gives a post. Slugs are chosen inside the write's transaction, so two saves can never take
// the same one; the unique index on blog_posts.slug stands behind that.
import { and, eq, isNull, ne } from "drizzle-orm";
import { blogPostOldSlugs, blogPosts } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";
import {
  findPublicPost,
  findPublicPostAddress,
  findPublicPostBySlug,
  type PublicPost,
} from "./queries.server";
import { FALLBACK_SLUG, isReservedSlug, numberedSlug, reservedSlugKind, slugify } from "./slugs";
import { postPath } from "./urls";

export type ArticleLookup = { post: PublicPost } | { movedTo: string } | null;

/** The public post at this address, where it lives now (a 301), or null. */
export function findArticle(db: Queryable, address: string, now: Date): ArticleLookup {
  const bySlug = findPublicPostBySlug(db, address, now);
  if (bySlug) return { post: bySlug };
  const byId = findPublicPostAddress(db, address, now);
  if (byId?.slug) return { movedTo: postPath(byId) };
  // A post without a slug yet (written by a script) lives at its id.
  const unslugged = byId && findPublicPost(db, byId.id, now);
  if (unslugged) return { post: unslugged };
  const old = db
    .select({ postId: blogPostOldSlugs.postId })
    .from(blogPostOldSlugs)
    .where(eq(blogPostOldSlugs.slug, address))
    .get();
  const moved = old ? findPublicPostAddress(db, old.postId, now) : undefined;
  return moved ? { movedTo: postPath(moved) } : null;
}

export type SlugChoice =
  { ok: true; slug: string } | { ok: false; problem: "taken" | "reserved" | "site-page" };

/**
 * The slug a post gets: the one the admin typed (already slugified), refused when another post
 * has it; or, when none was typed, its title's, numbered past any taken by another post, now or
 * before (so an old link keeps reaching its own post). Run it in the write's transaction.
 */
export function chooseSlug(
  db: Queryable,
  { requested, title, postId }: { requested: string | null; title: string; postId?: string },
): SlugChoice {
  if (requested) {
    const reserved = reservedSlugKind(requested);
    if (reserved) return { ok: false, problem: reserved === "post-id" ? "reserved" : "site-page" };
    return isCurrentSlugOfAnother(db, requested, postId)
      ? { ok: false, problem: "taken" }
      : { ok: true, slug: requested };
  }
  const base = slugify(title) || FALLBACK_SLUG;
  for (let n = 1; ; n++) {
    const candidate = numberedSlug(base, n);
    const free =
      !isReservedSlug(candidate) &&
      !isCurrentSlugOfAnother(db, candidate, postId) &&
      !isOldSlugOfAnother(db, candidate, postId);
    if (free) return { ok: true, slug: candidate };
  }
}

const otherThan = (column: typeof blogPosts.id | typeof blogPostOldSlugs.postId, id?: string) =>
  id ? ne(column, id) : undefined;

function isCurrentSlugOfAnother(db: Queryable, slug: string, postId?: string) {
  return (
    db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, slug), otherThan(blogPosts.id, postId)))
      .get() !== undefined
  );
}

function isOldSlugOfAnother(db: Queryable, slug: string, postId?: string) {
  return (
    db
      .select({ id: blogPostOldSlugs.postId })
      .from(blogPostOldSlugs)
      .where(and(eq(blogPostOldSlugs.slug, slug), otherThan(blogPostOldSlugs.postId, postId)))
      .get() !== undefined
  );
}

/**
 * After a post took `next`: its previous slug keeps answering (a 301 to the new one), and `next`
 * stops redirecting anywhere, as a current slug always wins over an old one.
 */
export function recordSlugChange(
  db: Queryable,
  postId: string,
  previous: string | null,
  next: string,
) {
  db.delete(blogPostOldSlugs).where(eq(blogPostOldSlugs.slug, next)).run();
  if (previous && previous !== next) {
    db.insert(blogPostOldSlugs)
      .values({ slug: previous, postId })
      .onConflictDoUpdate({ target: blogPostOldSlugs.slug, set: { postId } })
      .run();
  }
}

/** Gives every post written without a slug (by a script, or before slugs) its title's slug. */
export function assignMissingSlugs(db: Queryable): number {
  const missing = db
    .select({ id: blogPosts.id, title: blogPosts.title })
    .from(blogPosts)
    .where(isNull(blogPosts.slug))
    .all();
  for (const post of missing) {
    const choice = chooseSlug(db, { requested: null, title: post.title, postId: post.id });
    if (!choice.ok) continue;
    db.update(blogPosts).set({ slug: choice.slug }).where(eq(blogPosts.id, post.id)).run();
    recordSlugChange(db, post.id, null, choice.slug);
  }
  return missing.length;
}
