// /insights/rss.xml: an RSS 2.0 feed of the newest published Insights posts.
import type { Route } from "./+types/insights.rss[.]xml";
import { ALL_POSTS_CACHE_TAG, postPath } from "~/features/insights";
import { latestPublicPosts, publicPostsChangedAt } from "~/features/insights/index.server";
import { escapeXml, generatedFileResponse } from "~/lib/feed-response.server";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";

const FEED_SIZE = 20;

export function loader({ request }: Route.LoaderArgs) {
  const now = new Date();
  const posts = latestPublicPosts(now, FEED_SIZE);
  const changed = publicPostsChangedAt(now);
  const link = (path: string) => escapeXml(absoluteUrl(siteConfig.origin, path));
  const items = posts.map((post) =>
    [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link(postPath(post))}</link>`,
      // The id's address outlives renames (it redirects to the slug), so readers never see a
      // renamed post as a new one.
      `      <guid isPermaLink="true">${link(`/insights/${post.id}`)}</guid>`,
      `      <pubDate>${new Date(post.publishedDate).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ].join("\n"),
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${siteConfig.brand} Insights`)}</title>`,
    `    <link>${link("/insights")}</link>`,
    `    <atom:link href="${link("/insights/rss.xml")}" rel="self" type="application/rss+xml"/>`,
    "    <description>Practical articles on finding and fixing operational waste.</description>",
    "    <language>en</language>",
    ...(changed ? [`    <lastBuildDate>${changed.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return generatedFileResponse(request, body, {
    contentType: "application/rss+xml; charset=utf-8",
    lastModified: changed,
    cacheTags: [ALL_POSTS_CACHE_TAG],
  });
}
