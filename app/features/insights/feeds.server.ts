// The Insights feeds: RSS 2.0, Atom 1.0 (RFC 4287) and JSON Feed 1.1, each with the newest public
// posts in full. Their bodies are the stored sanitised HTML (servedPostHtml), the same the article
// page shows, never what the editor sent, with its relative links and images made absolute against
// the article's address (a reader shows the body away from the site). Each entry's id is the
// post's id address, which outlives renames (it redirects to the slug), so readers never see a
// renamed post as a new one.
import { coverShareImageUrl } from "~/features/covers";
import type { Queryable } from "~/lib/db-client.server";
import { cdata, escapeXml, generatedFileResponse } from "~/lib/feed-response.server";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";
import { withAbsoluteLinks } from "./absolute-links";
import { ALL_POSTS_CACHE_TAG } from "./cache-tags";
import { INSIGHTS_FEEDS, type InsightsFeedFormat } from "./feed-links";
import { servedPostHtml } from "./post-sanitising.server";
import { latestPublicPosts, publicPostsChangedAt, type PublicPost } from "./queries.server";
import { postPath } from "./urls";

const FEED_SIZE = 20;
const DESCRIPTION = "Practical articles on finding and fixing operational waste.";

type FeedPost = PublicPost & { html: string };
type Feed = { posts: FeedPost[]; changed: Date | null };

const url = (path: string) => absoluteUrl(siteConfig.origin, path);
const title = () => `${siteConfig.brand} Insights`;
const entryId = (post: FeedPost) => url(`/insights/${post.id}`);
/** A post scheduled after its last edit changed when it went live. */
const modifiedAt = (post: FeedPost) =>
  new Date(Math.max(post.updatedAt.getTime(), post.publishedDate.getTime()));

function rss({ posts, changed }: Feed) {
  const link = (path: string) => escapeXml(url(path));
  const items = posts.map((post) =>
    [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link(postPath(post))}</link>`,
      `      <guid isPermaLink="true">${escapeXml(entryId(post))}</guid>`,
      `      <pubDate>${post.publishedDate.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <content:encoded>${cdata(post.html)}</content:encoded>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${escapeXml(title())}</title>`,
    `    <link>${link("/insights")}</link>`,
    `    <atom:link href="${link(INSIGHTS_FEEDS.rss.path)}" rel="self" type="${INSIGHTS_FEEDS.rss.type}"/>`,
    `    <description>${escapeXml(DESCRIPTION)}</description>`,
    "    <language>en</language>",
    ...(changed ? [`    <lastBuildDate>${changed.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

function atom({ posts, changed }: Feed) {
  const link = (path: string) => escapeXml(url(path));
  const entries = posts.map((post) =>
    [
      "  <entry>",
      `    <id>${escapeXml(entryId(post))}</id>`,
      `    <title>${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${link(postPath(post))}"/>`,
      `    <published>${post.publishedDate.toISOString()}</published>`,
      `    <updated>${modifiedAt(post).toISOString()}</updated>`,
      `    <author><name>${escapeXml(post.author)}</name></author>`,
      ...post.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      `    <summary>${escapeXml(post.excerpt)}</summary>`,
      `    <content type="html">${escapeXml(post.html)}</content>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">`,
    `  <id>${link(INSIGHTS_FEEDS.atom.path)}</id>`,
    `  <title>${escapeXml(title())}</title>`,
    `  <subtitle>${escapeXml(DESCRIPTION)}</subtitle>`,
    // Atom requires a date; with no post yet, the epoch keeps the empty feed's ETag steady.
    `  <updated>${(changed ?? new Date(0)).toISOString()}</updated>`,
    `  <link rel="self" type="${INSIGHTS_FEEDS.atom.type}" href="${link(INSIGHTS_FEEDS.atom.path)}"/>`,
    `  <link rel="alternate" type="text/html" href="${link("/insights")}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

function json({ posts }: Feed) {
  const feed = {
    version: "https://jsonfeed.org/version/1.1",
    title: title(),
    home_page_url: url("/insights"),
    feed_url: url(INSIGHTS_FEEDS.json.path),
    description: DESCRIPTION,
    language: "en",
    items: posts.map((post) => ({
      id: entryId(post),
      url: url(postPath(post)),
      title: post.title,
      content_html: post.html,
      summary: post.excerpt,
      ...(post.cover ? { image: url(coverShareImageUrl(post.cover.id)) } : {}),
      date_published: post.publishedDate.toISOString(),
      date_modified: modifiedAt(post).toISOString(),
      authors: [{ name: post.author }],
      tags: post.tags,
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}

const writers: Record<InsightsFeedFormat, (feed: Feed) => string> = { rss, atom, json };

/** One Insights feed, with validators and 304s, tagged to be purged whenever any post changes. */
export async function insightsFeedResponse(
  db: Queryable,
  request: Request,
  format: InsightsFeedFormat,
  now = new Date(),
) {
  const posts = await Promise.all(
    latestPublicPosts(db, now, FEED_SIZE).map(async (post) => ({
      ...post,
      html: withAbsoluteLinks(await servedPostHtml(post), url(postPath(post))),
    })),
  );
  const changed = publicPostsChangedAt(db, now);
  return generatedFileResponse(request, writers[format]({ posts, changed }), {
    contentType: `${INSIGHTS_FEEDS[format].type}; charset=utf-8`,
    lastModified: changed,
    cacheTags: [ALL_POSTS_CACHE_TAG],
  });
}
