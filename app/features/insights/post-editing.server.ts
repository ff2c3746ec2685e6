// Saving a post from the admin's form: the body made safe, the link preview fetched (or not),
// then one write. The preview is fetched before the write so no transaction waits on the network.
import type { LinkPreview } from "~/db/schema";
import { db } from "~/lib/db.server";
import { announcePublicContentChange } from "~/lib/content-changes.server";
import {
  createPost,
  deletePost,
  findPostForAdmin,
  updatePost,
  type PostFields,
} from "./queries.server";
import { cacheTagsOfPost } from "./cache-tags";
import { type PreviewFetchOptions, fetchLinkPreview } from "~/features/link-previews/index.server";
import { httpUrl } from "~/features/link-previews";
import { sanitizePostHtml } from "./post-html";
import type { PostFormInput } from "./post-form";
import { DEFAULT_READ_TIME } from "./read-time";

export type SaveOutcome =
  | { status: "created" | "updated"; id: string; previewFetched: boolean | null }
  | { status: "not-found" }
  | { status: "empty-content" };

/** A body is empty when nothing readable is left once the markup is gone (e.g. "<p></p><hr>"). */
const isEmptyBody = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|\s/g, "")
    .trim() === "";

const sameUrl = (a: string, b: string) => httpUrl(a)?.href === httpUrl(b)?.href;

export async function savePost(
  input: PostFormInput,
  { now = new Date(), previewOptions }: { now?: Date; previewOptions?: PreviewFetchOptions } = {},
): Promise<SaveOutcome> {
  const content = sanitizePostHtml(input.content);
  if (isEmptyBody(content)) return { status: "empty-content" };

  const existing = input.id ? findPostForAdmin(db, input.id) : undefined;
  if (input.id && !existing) return { status: "not-found" };

  let linkPreviews: LinkPreview[] = (existing?.linkPreviews ?? []).filter(
    (preview) => !input.removePreview.some((removed) => sameUrl(removed, preview.url)),
  );
  // A link that already has its preview is not fetched again on every save.
  let previewFetched: boolean | null = null;
  const previewLink = input.previewLink;
  if (previewLink && !linkPreviews.some((preview) => sameUrl(preview.url, previewLink))) {
    const result = await fetchLinkPreview(previewLink, previewOptions);
    previewFetched = result.ok;
    if (result.ok) linkPreviews = [...linkPreviews, result.preview];
  }

  const fields: PostFields = {
    title: input.title,
    excerpt: input.excerpt,
    content,
    previewLink: previewLink ?? null,
    author: input.author,
    readTime: input.readTime || DEFAULT_READ_TIME,
    tags: input.tags,
    featured: input.featured,
    published: input.published,
    publishedDate: input.publishedDate,
    linkPreviews,
  };
  if (!existing) {
    const id = createPost(db, fields, now);
    announcePublicContentChange(cacheTagsOfPost(id, input.tags));
    return { status: "created", id, previewFetched };
  }
  if (!updatePost(db, existing.id, fields, now)) return { status: "not-found" };
  // The pages of the tags it had and of the tags it has now both change.
  announcePublicContentChange(cacheTagsOfPost(existing.id, [...existing.tags, ...input.tags]));
  return { status: "updated", id: existing.id, previewFetched };
}

/** Deletes the post; false when there was no such post. */
export function removePost(id: string): boolean {
  const existing = findPostForAdmin(db, id);
  if (!existing || !deletePost(db, id)) return false;
  announcePublicContentChange(cacheTagsOfPost(id, existing.tags));
  return true;
}
