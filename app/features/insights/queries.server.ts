// Data access for blog posts: what the public sees (published, dated today or earlier) and the
// admin's reads and writes of every post.
import { and, count, desc, eq, lte, max, notInArray, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { inDateOrder } from "~/lib/date-order.server";
import type { ListPage } from "~/lib/url-filters";
import { blogPosts, type LinkPreview } from "~/db/schema";
import { normaliseLinkPreviews } from "~/features/link-previews";

type Writable = Queryable;
type PostRow = typeof blogPosts.$inferSelect;

export type PublicPost = Omit<PostRow, "linkPreviews" | "published" | "createdAt"> & {
  linkPreviews: LinkPreview[];
};

/** A post without its body, for lists and feeds. */
export type PostSummary = Omit<PublicPost, "content">;

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  previewLink: blogPosts.previewLink,
  author: blogPosts.author,
  readTime: blogPosts.readTime,
  tags: blogPosts.tags,
  featured: blogPosts.featured,
  publishedDate: blogPosts.publishedDate,
  updatedAt: blogPosts.updatedAt,
  linkPreviews: blogPosts.linkPreviews,
};

/** Published, and its date has come: a scheduled post stays hidden until then. */
const isPublic = (now: Date) =>
  and(eq(blogPosts.published, true), lte(blogPosts.publishedDate, now)) as SQL;

const hasTag = (tag: string) =>
  sql`exists (select 1 from json_each(${blogPosts.tags}) where json_each.value = ${tag})`;

const newestFirst = [desc(blogPosts.publishedDate), desc(blogPosts.id)];

function withPreviews<T extends { linkPreviews: unknown; tags: unknown }>(row: T) {
  return {
    ...row,
    tags: Array.isArray(row.tags) ? row.tags.filter((tag) => typeof tag === "string") : [],
    linkPreviews: normaliseLinkPreviews(row.linkPreviews),
  };
}

/** The newest featured posts, for the top of the list. */
export function featuredPosts(db: Queryable, now: Date, limit: number): PostSummary[] {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(isPublic(now), eq(blogPosts.featured, true)))
    .orderBy(...newestFirst)
    .limit(limit)
    .all()
    .map(withPreviews);
}

export type PostPageQuery = {
  now: Date;
  page: number;
  perPage: number;
  tag?: string | null;
  /** Posts already shown elsewhere on the page (the featured ones). */
  excludeIds?: string[];
};

/** One page of public posts, newest first, and how many there are in all. */
export function publicPostPage(db: Queryable, query: PostPageQuery) {
  const conditions = [isPublic(query.now)];
  if (query.tag) conditions.push(hasTag(query.tag));
  if (query.excludeIds?.length) conditions.push(notInArray(blogPosts.id, query.excludeIds));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(blogPosts)
    .where(where)
    .all();
  const posts = db
    .select(summaryColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .all()
    .map(withPreviews);
  return { posts, total };
}

export function findPublicPost(db: Queryable, id: string, now: Date): PublicPost | undefined {
  const [row] = db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isPublic(now)))
    .all();
  return row ? withPreviews(row) : undefined;
}

/** The newest public posts with their bodies, for the feed. */
export function latestPublicPosts(db: Queryable, now: Date, limit: number): PublicPost[] {
  return db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(...newestFirst)
    .limit(limit)
    .all()
    .map(withPreviews);
}

/** Every public post's id and last change, for the sitemap. */
export function publicPostDates(db: Queryable, now: Date) {
  return db
    .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(...newestFirst)
    .all();
}

/**
 * When the public blog last changed: the newest change to a public post, or the moment a
 * scheduled post went live, whichever is later.
 */
export function publicPostsChangedAt(db: Queryable, now: Date): Date | null {
  const [row] = db
    .select({ updated: max(blogPosts.updatedAt), published: max(blogPosts.publishedDate) })
    .from(blogPosts)
    .where(isPublic(now))
    .all();
  const times = [row?.updated, row?.published].filter((time): time is Date => time != null);
  return times.length > 0 ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
}

export type NewPost = typeof blogPosts.$inferInsert;

export function insertPosts(db: Queryable, posts: NewPost[]) {
  if (posts.length === 0) return [];
  return db.insert(blogPosts).values(posts).returning({ id: blogPosts.id }).all();
}

export function countPosts(db: Queryable): number {
  const [{ total } = { total: 0 }] = db.select({ total: count() }).from(blogPosts).all();
  return total;
}

/** The admin's list, a page at a time: every post, drafts and scheduled ones included. */
export function postsForAdminPage(db: Queryable, { page, perPage, order }: ListPage) {
  const rows = db
    .select({ ...summaryColumns, published: blogPosts.published })
    .from(blogPosts)
    .orderBy(...inDateOrder(order, blogPosts.publishedDate, blogPosts.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all()
    .map(withPreviews);
  const [{ total } = { total: 0 }] = db.select({ total: count() }).from(blogPosts).all();
  return { rows, total };
}

export type AdminPost = Omit<PostRow, "linkPreviews"> & { linkPreviews: LinkPreview[] };

/** Any post, whatever its state, for the admin's edit form. */
export function findPostForAdmin(db: Queryable, id: string): AdminPost | undefined {
  const row = db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
  return row ? withPreviews(row) : undefined;
}

export type PostFields = Omit<NewPost, "id" | "createdAt" | "updatedAt" | "linkPreviews"> & {
  linkPreviews: LinkPreview[];
};

export function createPost(db: Writable, fields: PostFields, now = new Date()): string {
  const [row] = db
    .insert(blogPosts)
    .values({
      ...fields,
      linkPreviews: JSON.stringify(fields.linkPreviews),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: blogPosts.id })
    .all();
  if (!row) throw new Error("The new post was not stored.");
  return row.id;
}

/** Saves the post's fields; false when there is no such post (it was deleted meanwhile). */
export function updatePost(db: Writable, id: string, fields: PostFields, now = new Date()) {
  const changed = db
    .update(blogPosts)
    .set({ ...fields, linkPreviews: JSON.stringify(fields.linkPreviews), updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id })
    .all();
  return changed.length === 1;
}

/** False when there was no such post. */
export function deletePost(db: Writable, id: string) {
  return (
    db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }).all()
      .length === 1
  );
}
