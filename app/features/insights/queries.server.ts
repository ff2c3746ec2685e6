// Data access for blog posts: what the public sees (published, dated today or earlier) and the
// admin's reads and writes of every post.
import {
  and,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  max,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { inDateOrder } from "~/lib/date-order.server";
import type { DateOrder, ListPage } from "~/lib/url-filters";
import { blogPosts, blogPostTags, type LinkPreview } from "~/db/schema";
import { normaliseLinkPreviews } from "~/features/link-previews";
import type { Cover } from "~/features/covers";
import type { PostListFilters, PostStatus } from "./post-list-filters";

type Writable = Queryable;
type PostRow = typeof blogPosts.$inferSelect;
type CoverColumns = "coverId" | "coverWidth" | "coverHeight" | "coverAlt";
/** The admin's own columns: how the read time was set, why the preview link has no preview. */
type EditingColumns =
  "readTimeByStaff" | "previewFailure" | "emailSubscribers" | "newsletterQueuedAt";

export type PublicPost = Omit<
  PostRow,
  "linkPreviews" | "published" | "createdAt" | CoverColumns | EditingColumns
> & {
  linkPreviews: LinkPreview[];
  cover: Cover | null;
};

/** A post without its body and search fields, for lists and feeds. */
export type PostSummary = Omit<
  PublicPost,
  "content" | "metaTitle" | "metaDescription" | "sanitizerVersion"
>;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
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
  coverId: blogPosts.coverId,
  coverWidth: blogPosts.coverWidth,
  coverHeight: blogPosts.coverHeight,
  coverAlt: blogPosts.coverAlt,
};

/** What an article page reads beyond its summary. */
const articleColumns = {
  ...summaryColumns,
  content: blogPosts.content,
  sanitizerVersion: blogPosts.sanitizerVersion,
  metaTitle: blogPosts.metaTitle,
  metaDescription: blogPosts.metaDescription,
};

/** Published, and its date has come: a scheduled post stays hidden until then. */
const isPublic = (now: Date) =>
  and(eq(blogPosts.published, true), lte(blogPosts.publishedDate, now)) as SQL;

const newestFirst = [desc(blogPosts.publishedDate), desc(blogPosts.id)];

type StoredParts = { linkPreviews: unknown; tags: unknown } & Pick<PostRow, CoverColumns>;

/** A row as the pages use it: tags and previews always lists, the cover one value or null. */
function withPreviews<T extends StoredParts>(row: T) {
  const { coverId, coverWidth, coverHeight, coverAlt, ...rest } = row;
  const cover: Cover | null =
    coverId && coverWidth && coverHeight
      ? { id: coverId, width: coverWidth, height: coverHeight, alt: coverAlt ?? "" }
      : null;
  return {
    ...rest,
    tags: Array.isArray(row.tags) ? row.tags.filter((tag) => typeof tag === "string") : [],
    linkPreviews: normaliseLinkPreviews(row.linkPreviews),
    cover,
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

/**
 * One page of public posts, newest first. Both lists walk an index in their order and skip the
 * earlier pages within that index, so no post before the page is read and nothing is sorted.
 */
export function publicPostPage(db: Queryable, query: PostPageQuery): PostSummary[] {
  const offset = (query.page - 1) * query.perPage;
  const rows = query.tag
    ? taggedPage(db, { ...query, tag: query.tag, offset })
    : db
        .select(summaryColumns)
        .from(blogPosts)
        .where(and(isPublic(query.now), exceptIds(blogPosts.id, query.excludeIds)))
        .orderBy(...newestFirst)
        .limit(query.perPage)
        .offset(offset)
        .all();
  return rows.map(withPreviews);
}

/**
 * A tag's page: its post ids come from blog_post_tags alone, earlier pages skipped in that
 * table's index, and only the page's posts are then read from blog_posts.
 */
function taggedPage(db: Queryable, query: PostPageQuery & { tag: string; offset: number }) {
  const page = db
    .select({ postId: blogPostTags.postId, publishedDate: blogPostTags.publishedDate })
    .from(blogPostTags)
    .where(
      and(
        eq(blogPostTags.tag, query.tag),
        eq(blogPostTags.published, true),
        lte(blogPostTags.publishedDate, query.now),
        exceptIds(blogPostTags.postId, query.excludeIds),
      ),
    )
    .orderBy(desc(blogPostTags.publishedDate), desc(blogPostTags.postId))
    .limit(query.perPage)
    .offset(query.offset)
    .as("page");
  return db
    .select(summaryColumns)
    .from(page)
    .innerJoin(blogPosts, eq(blogPosts.id, page.postId))
    .orderBy(desc(page.publishedDate), desc(page.postId))
    .all();
}

const exceptIds = (column: AnyColumn, ids: string[] | undefined) =>
  ids?.length ? notInArray(column, ids) : undefined;

/** How many public posts there are, or carry the tag: a count over a covering index. */
export function countPublicPosts(db: Queryable, now: Date, tag?: string | null): number {
  const [{ total } = { total: 0 }] = tag
    ? db
        .select({ total: count() })
        .from(blogPostTags)
        .where(
          and(
            eq(blogPostTags.tag, tag),
            eq(blogPostTags.published, true),
            lte(blogPostTags.publishedDate, now),
          ),
        )
        .all()
    : db.select({ total: count() }).from(blogPosts).where(isPublic(now)).all();
  return total;
}

export function findPublicPost(db: Queryable, id: string, now: Date): PublicPost | undefined {
  return publicPostWhere(db, eq(blogPosts.id, id), now);
}

/** A public post's address and title, for a redirect or its share card: the body is not read. */
export function findPublicPostAddress(db: Queryable, id: string, now: Date) {
  return db
    .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isPublic(now)))
    .get();
}

export function findPublicPostBySlug(db: Queryable, slug: string, now: Date) {
  return publicPostWhere(db, eq(blogPosts.slug, slug), now);
}

function publicPostWhere(db: Queryable, which: SQL, now: Date): PublicPost | undefined {
  const [row] = db
    .select(articleColumns)
    .from(blogPosts)
    .where(and(which, isPublic(now)))
    .all();
  return row ? withPreviews(row) : undefined;
}

/** The newest public posts with their bodies, for the feed. */
export function latestPublicPosts(db: Queryable, now: Date, limit: number): PublicPost[] {
  return db
    .select(articleColumns)
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(...newestFirst)
    .limit(limit)
    .all()
    .map(withPreviews);
}

/** A slice of the public posts' ids and last changes, for the sitemap, read from one index. */
export function publicPostDates(
  db: Queryable,
  now: Date,
  slice: { order: DateOrder; offset: number; limit: number },
) {
  return db
    .select({ id: blogPosts.id, slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(...inDateOrder(slice.order, blogPosts.publishedDate, blogPosts.id))
    .limit(slice.limit)
    .offset(slice.offset)
    .all();
}

/**
 * When the public blog last changed: the newest change to a public post, or the moment a
 * scheduled post went live, whichever is later. Two single maximums, each read from the end of
 * an index (one query with both would read every public post).
 */
export function publicPostsChangedAt(db: Queryable, now: Date): Date | null {
  const newest = (column: typeof blogPosts.updatedAt | typeof blogPosts.publishedDate) =>
    db
      .select({ time: max(column) })
      .from(blogPosts)
      .where(isPublic(now))
      .get()?.time ?? null;
  const times = [newest(blogPosts.updatedAt), newest(blogPosts.publishedDate)].filter(
    (time): time is Date => time !== null,
  );
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

/**
 * Where a post stands for the admin's list: on the site, published with a date still to come,
 * or not published.
 */
const withStatus: Record<PostStatus, (now: Date) => SQL> = {
  published: isPublic,
  scheduled: (now) => and(eq(blogPosts.published, true), gt(blogPosts.publishedDate, now)) as SQL,
  draft: () => eq(blogPosts.published, false),
};

/** A title containing the text, case aside for ASCII letters (SQLite's LIKE); % and _ as typed. */
const titleContains = (text: string) =>
  sql`${blogPosts.title} like ${`%${text.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`;

/** The admin's list, a page at a time: every post, drafts and scheduled ones included. */
export function postsForAdminPage(
  db: Queryable,
  {
    page,
    perPage,
    order,
    search,
    status,
    now = new Date(),
  }: ListPage & Partial<PostListFilters> & { now?: Date },
) {
  const where = and(
    search ? titleContains(search) : undefined,
    status ? withStatus[status](now) : undefined,
  );
  const rows = db
    .select({
      ...summaryColumns,
      published: blogPosts.published,
      previewFailure: blogPosts.previewFailure,
      emailSubscribers: blogPosts.emailSubscribers,
      newsletterQueuedAt: blogPosts.newsletterQueuedAt,
    })
    .from(blogPosts)
    .where(where)
    .orderBy(...inDateOrder(order, blogPosts.publishedDate, blogPosts.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all()
    .map(withPreviews);
  const [{ total } = { total: 0 }] = db
    .select({ total: count() })
    .from(blogPosts)
    .where(where)
    .all();
  return { rows, total };
}

export type AdminPost = Omit<PostRow, "linkPreviews" | CoverColumns> & {
  linkPreviews: LinkPreview[];
  cover: Cover | null;
};

/** Any post, whatever its state, for the admin's edit form. */
export function findPostForAdmin(db: Queryable, id: string): AdminPost | undefined {
  const row = db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
  return row ? withPreviews(row) : undefined;
}

export type PostFields = Omit<
  NewPost,
  "id" | "createdAt" | "updatedAt" | "linkPreviews" | CoverColumns
> & {
  linkPreviews: LinkPreview[];
  cover: Omit<Cover, "alt"> | null;
  coverAlt: string | null;
};

/** The row's columns for a post's fields. */
function columnsOf({ linkPreviews, cover, ...fields }: PostFields) {
  return {
    ...fields,
    linkPreviews: JSON.stringify(linkPreviews),
    coverId: cover?.id ?? null,
    coverWidth: cover?.width ?? null,
    coverHeight: cover?.height ?? null,
    coverAlt: cover ? fields.coverAlt : null,
  };
}

export function createPost(db: Writable, fields: PostFields, now = new Date()): string {
  const [row] = db
    .insert(blogPosts)
    .values({
      ...columnsOf(fields),
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
    .set({ ...columnsOf(fields), updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id })
    .all();
  return changed.length === 1;
}

/** Stores a post's previews and why its link has none, leaving its other fields as they are. */
export function setLinkPreviews(
  db: Writable,
  id: string,
  {
    linkPreviews,
    previewFailure,
    now,
  }: { linkPreviews: LinkPreview[]; previewFailure: string | null; now: Date },
) {
  const changed = db
    .update(blogPosts)
    .set({ linkPreviews: JSON.stringify(linkPreviews), previewFailure, updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id })
    .all();
  return changed.length === 1;
}

/**
 * Waiting to be emailed to the subscribers: "Email to subscribers" ticked, live, not yet queued.
 * The terms are written as blog_posts_newsletter_due_idx's own (constants, not bound values), so
 * SQLite can see that the partial index holds every such post and reads only those.
 */
const dueForEmail = (now: Date) =>
  and(
    sql`${blogPosts.newsletterQueuedAt} is null and ${blogPosts.emailSubscribers} = 1 and ${blogPosts.published} = 1`,
    lte(blogPosts.publishedDate, now),
  );

/**
 * The posts whose email to subscribers is due, the longest waiting first. Named index: the planner
 * would otherwise take the public list's, which holds every live post, and look up each one's row
 * to find the few not yet emailed.
 */
export function postsDueForEmail(db: Queryable, now: Date, limit: number): string[] {
  return (
    db
      // Drizzle cannot name an index: the table comes as SQL, so its column does too.
      .select({ id: sql<string>`${blogPosts.id}` })
      .from(sql`${blogPosts} indexed by blog_posts_newsletter_due_idx`)
      .where(dueForEmail(now))
      .orderBy(blogPosts.publishedDate)
      .limit(limit)
      .all()
      .map((row) => row.id)
  );
}

/**
 * Marks a due post's email queued, inside the transaction that queues it: true for the one caller
 * that wins, false when another run did first or the post is no longer due (unpublished, or its
 * box unticked meanwhile).
 */
export function claimPostEmail(db: Writable, id: string, now: Date) {
  return (
    db
      .update(blogPosts)
      .set({ newsletterQueuedAt: now })
      .where(and(eq(blogPosts.id, id), dueForEmail(now)))
      .returning({ id: blogPosts.id })
      .all().length === 1
  );
}

/**
 * Notes that a post was emailed by staff's own choice ("Send again" on a post never sent): it is
 * then never sent by itself as well. Leaves an earlier time as it is.
 */
export function notePostEmailed(db: Writable, id: string, now: Date) {
  db.update(blogPosts)
    .set({ newsletterQueuedAt: now })
    .where(and(eq(blogPosts.id, id), isNull(blogPosts.newsletterQueuedAt)))
    .run();
}

/** False when there was no such post. */
/** The id of every cover a post names, published or not. */
export function postCoverIds(db: Queryable): string[] {
  const rows = db
    .select({ id: blogPosts.coverId })
    .from(blogPosts)
    .where(isNotNull(blogPosts.coverId))
    .all();
  return [...new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))];
}

export function deletePost(db: Writable, id: string) {
  return (
    db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }).all()
      .length === 1
  );
}
