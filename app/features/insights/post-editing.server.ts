// Saving a post from the admin's form: the body made safe, the link preview fetched (or not), the
// new cover encoded, then one write that also settles the slug and stores the cover's files (and
// drops those of the cover it replaces). The network and the image work come before the write so
// no transaction waits on them; share cards the write made stale go after it.
import type { LinkPreview } from "~/db/schema";
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { withoutBrandSuffix } from "./meta-title";
import { siteConfig } from "~/lib/site-config.server";
import { announcePublicContentChange } from "~/lib/content-changes.server";
import {
  prepareCover,
  removeCoverFiles,
  saveCoverFiles,
  type PreparedCover,
} from "~/features/covers/index.server";
import { dropPostShareCards } from "~/features/share-cards/index.server";
import {
  createPost,
  deletePost,
  findPostForAdmin,
  setLinkPreviews,
  updatePost,
  type AdminPost,
  type PostFields,
} from "./queries.server";
import { cacheTagsOfPost } from "./cache-tags";
import { type PreviewFetchOptions, fetchLinkPreview } from "~/features/link-previews/index.server";
import { httpUrl } from "~/features/link-previews";
import { sanitizedForStorage } from "./post-sanitising.server";
import type { PostFormInput } from "./post-form";
import { chosenReadTime } from "./read-time";
import { chooseSlug, recordSlugChange, type SlugChoice } from "./post-addresses.server";

export type SaveOutcome =
  | { status: "created" | "updated"; id: string; slug: string; previewFetched: boolean | null }
  | { status: "not-found" }
  | { status: "empty-content" }
  /** A refusal of one field, with the message to show there. */
  | { status: "refused"; field: "slug" | "cover" | "coverAlt"; message: string };

export const SLUG_MESSAGES: Record<Extract<SlugChoice, { ok: false }>["problem"], string> = {
  taken: "Another post already uses this slug. Please choose a different one.",
  reserved: "This slug has the shape of a post id. Please choose a different one.",
  "site-page":
    "This slug is the address of one of the site's own pages. Please choose a different one.",
};
const COVER_ALT_MISSING = "Please describe the cover image for people who cannot see it.";

/** A body is empty when nothing readable is left once the markup is gone (e.g. "<p></p><hr>"). */
const isEmptyBody = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|\s/g, "")
    .trim() === "";

const sameUrl = (a: string, b: string) => httpUrl(a)?.href === httpUrl(b)?.href;

/**
 * Saves the post `by` a staff member. A save that publishes it (a new post saved live, or one that
 * was a draft) is recorded in the audit log with the save, with the date it goes live: a post
 * scheduled for later is recorded then, when it was published, not when its date comes.
 */
export async function savePost(
  input: PostFormInput,
  by: AuditSource,
  { now = new Date(), previewOptions }: { now?: Date; previewOptions?: PreviewFetchOptions } = {},
): Promise<SaveOutcome> {
  const existing = input.id ? findPostForAdmin(db, input.id) : undefined;
  if (input.id && !existing) return { status: "not-found" };

  const { content, sanitizerVersion } = await sanitizedForStorage(input.content, existing);
  if (isEmptyBody(content)) return { status: "empty-content" };

  const newCoverFile = input.cover && input.cover.size > 0 ? input.cover : null;
  const keepsCover = newCoverFile !== null || (!input.removeCover && existing?.cover);
  if (keepsCover && !input.coverAlt) {
    return { status: "refused", field: "coverAlt", message: COVER_ALT_MISSING };
  }

  const linkPreviews = await previewsFor(input, existing, previewOptions);
  let cover: PostFields["cover"] = input.removeCover ? null : (existing?.cover ?? null);
  let newCover: PreparedCover | null = null;
  if (newCoverFile) {
    const prepared = await prepareCover(newCoverFile);
    if (!prepared.ok) return { status: "refused", field: "cover", message: prepared.message };
    newCover = prepared;
    cover = prepared.cover;
  }
  const covers = {
    stored: newCover,
    dropped: existing?.cover && existing.cover.id !== cover?.id ? existing.cover.id : null,
  };

  const fields: Omit<PostFields, "slug"> = {
    title: input.title,
    excerpt: input.excerpt,
    content,
    sanitizerVersion,
    previewLink: input.previewLink ?? null,
    author: input.author,
    ...chosenReadTime(content, input.readTime),
    tags: input.tags,
    featured: input.featured,
    published: input.published,
    emailSubscribers: input.emailSubscribers,
    publishedDate: input.publishedDate,
    linkPreviews: linkPreviews.list,
    previewFailure: linkPreviews.failure,
    metaTitle: withoutBrandSuffix(input.metaTitle ?? "", siteConfig.brand) || null,
    metaDescription: input.metaDescription || null,
    cover,
    coverAlt: cover ? (input.coverAlt ?? null) : null,
  };

  const written = writePost(existing, fields, input.slug || null, now, covers, by);
  if (!written.ok) return written.outcome;

  const id = written.id;
  // The pages of the tags it had and of the tags it has now both change.
  announcePublicContentChange(cacheTagsOfPost(id, [...(existing?.tags ?? []), ...input.tags]));
  if (existing && existing.title !== input.title) await dropPostShareCards(id);
  return {
    status: existing ? "updated" : "created",
    id,
    slug: written.slug,
    previewFetched: linkPreviews.fetched,
  };
}

/** The post's previews: those kept, and the link's, fetched unless it already has one. */
async function previewsFor(
  input: PostFormInput,
  existing: AdminPost | undefined,
  previewOptions: PreviewFetchOptions | undefined,
) {
  const kept = (existing?.linkPreviews ?? []).filter(
    (preview) => !input.removePreview.some((removed) => sameUrl(removed, preview.url)),
  );
  const fetch = await fetchMissingPreview(kept, input.previewLink ?? null, previewOptions);
  return {
    list: withFetched(kept, fetch),
    fetched: fetch ? fetch.preview !== null : null,
    failure: fetch?.failure ?? null,
  };
}

/** A link's preview fetched, or why not; null when there is no link or the list has its preview. */
type LinkFetch =
  { preview: LinkPreview; failure: null } | { preview: null; failure: string } | null;

async function fetchMissingPreview(
  list: LinkPreview[],
  link: string | null,
  previewOptions: PreviewFetchOptions | undefined,
): Promise<LinkFetch> {
  if (!link || list.some((preview) => sameUrl(preview.url, link))) return null;
  const result = await fetchLinkPreview(link, previewOptions);
  return result.ok
    ? { preview: result.preview, failure: null }
    : { preview: null, failure: result.detail };
}

const withFetched = (list: LinkPreview[], fetch: LinkFetch) => {
  const added = fetch?.preview;
  return added ? [...list.filter((preview) => !sameUrl(preview.url, added.url)), added] : list;
};

export type PreviewRetryOutcome =
  | { status: "fetched" | "already-there"; title: string }
  | { status: "failed"; title: string; detail: string }
  | { status: "not-found" };

/**
 * "Try again" on a post whose preview link has no preview: fetches it once more and stores the
 * preview, or the new reason. A save that changed the link meanwhile wins: it fetched for itself.
 */
export async function retryLinkPreview(
  id: string,
  { now = new Date(), previewOptions }: { now?: Date; previewOptions?: PreviewFetchOptions } = {},
): Promise<PreviewRetryOutcome> {
  const post = findPostForAdmin(db, id);
  if (!post) return { status: "not-found" };
  const fetch = await fetchMissingPreview(post.linkPreviews, post.previewLink, previewOptions);
  const stored = db.transaction(
    (tx) => {
      const current = findPostForAdmin(tx, id);
      if (!current) return false;
      if (current.previewLink !== post.previewLink) return true;
      return setLinkPreviews(tx, id, {
        linkPreviews: withFetched(current.linkPreviews, fetch),
        previewFailure: fetch?.failure ?? null,
        now,
      });
    },
    { behavior: "immediate" },
  );
  if (!stored) return { status: "not-found" };
  if (!fetch) return { status: "already-there", title: post.title };
  if (fetch.failure !== null) return { status: "failed", title: post.title, detail: fetch.failure };
  announcePublicContentChange(cacheTagsOfPost(id, post.tags));
  return { status: "fetched", title: post.title };
}

/**
 * One write: the slug chosen, the row stored and the covers' files stored and dropped in the same
 * immediate transaction, so a save in another process waits for it and sees its slug, and no
 * refused or failed save leaves a cover's files behind.
 */
function writePost(
  existing: AdminPost | undefined,
  fields: Omit<PostFields, "slug">,
  requestedSlug: string | null,
  now: Date,
  covers: { stored: PreparedCover | null; dropped: string | null },
  by: AuditSource,
) {
  return db.transaction(
    (tx): { ok: true; id: string; slug: string } | { ok: false; outcome: SaveOutcome } => {
      const choice = chooseSlug(tx, {
        requested: requestedSlug,
        title: fields.title,
        postId: existing?.id,
      });
      if (!choice.ok) {
        return {
          ok: false,
          outcome: { status: "refused", field: "slug", message: SLUG_MESSAGES[choice.problem] },
        };
      }
      const row = { ...fields, slug: choice.slug };
      const id = existing ? existing.id : createPost(tx, row, now);
      if (existing && !updatePost(tx, existing.id, row, now)) {
        return { ok: false, outcome: { status: "not-found" } };
      }
      recordSlugChange(tx, id, existing?.slug ?? null, choice.slug);
      if (covers.stored) saveCoverFiles(tx, covers.stored);
      if (covers.dropped) removeCoverFiles(tx, covers.dropped);
      if (fields.published && !existing?.published) {
        const goesLiveAt = fields.publishedDate ?? now;
        recordAudit(tx, {
          action: "post.published",
          ...by,
          target: `post:${id}`,
          details: {
            title: fields.title,
            goesLiveAt: goesLiveAt.toISOString(),
            scheduled: goesLiveAt > now,
          },
          at: now,
        });
      }
      return { ok: true, id, slug: choice.slug };
    },
    { behavior: "immediate" },
  );
}

/**
 * Deletes the post with its cover's files, recorded in the audit log `by` the staff member, then
 * its share cards; false when there was no such post.
 */
export async function removePost(id: string, by: AuditSource): Promise<boolean> {
  const existing = findPostForAdmin(db, id);
  if (!existing) return false;
  const deleted = db.transaction(
    (tx) => {
      if (!deletePost(tx, id)) return false;
      if (existing.cover) removeCoverFiles(tx, existing.cover.id);
      recordAudit(tx, {
        action: "post.deleted",
        ...by,
        target: `post:${id}`,
        details: { title: existing.title },
      });
      return true;
    },
    { behavior: "immediate" },
  );
  if (!deleted) return false;
  announcePublicContentChange(cacheTagsOfPost(id, existing.tags));
  await dropPostShareCards(id);
  return true;
}
