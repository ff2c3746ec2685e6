export { prepareInsightsAtStart, sanitizeStalePostsInBackground } from "./demo-content.server";
export { insightsList } from "./insights.server";
export { sitemap, sitemapPart } from "./sitemap.server";
export { removePost, savePost } from "./post-editing.server";
export { servedPostHtml } from "./post-sanitising.server";
export { findArticle } from "./post-addresses.server";
export { nextScheduledPublication } from "./publication-schedule.server";
export {
  findPostForAdmin,
  findPublicPostAddress,
  latestPublicPosts,
  publicPostsChangedAt,
  postsForAdminPage,
} from "./queries.server";
export type { PostSummary } from "./queries.server";
