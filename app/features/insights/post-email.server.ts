// A post as an email shows it, away from the site: its address, its cover as a JPEG (mail
// programs show few AVIF or WebP files) and its sanitised body with every link made absolute.
import { coverShareImageUrl, COVER_SHARE_SIZE } from "~/features/covers";
import type { Queryable } from "~/lib/db-client.server";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";
import { withAbsoluteLinks } from "./absolute-links";
import { servedPostHtml } from "./post-sanitising.server";
import { findPostForAdmin } from "./queries.server";
import { postPath } from "./urls";

export type EmailablePost = {
  id: string;
  title: string;
  excerpt: string;
  /** The article's absolute address. */
  url: string;
  /** The cover's share card (1200x630 JPEG) at its absolute address, with its text alternative. */
  cover: { url: string; alt: string; width: number; height: number } | null;
  /** The body as the article serves it, sanitised, with relative links and images absolute. */
  html: string;
  /** On the site now: published and its date come. */
  live: boolean;
};

/** Any post, whatever its state (a test email may go before it is live); undefined if none. */
export async function postForEmail(
  db: Queryable,
  id: string,
  now = new Date(),
): Promise<EmailablePost | undefined> {
  const post = findPostForAdmin(db, id);
  if (!post) return undefined;
  const url = absoluteUrl(siteConfig.origin, postPath(post));
  return {
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    url,
    cover: post.cover
      ? {
          url: absoluteUrl(siteConfig.origin, coverShareImageUrl(post.cover.id)),
          alt: post.cover.alt,
          ...COVER_SHARE_SIZE,
        }
      : null,
    html: withAbsoluteLinks(await servedPostHtml(post), url),
    live: post.published && post.publishedDate <= now,
  };
}
