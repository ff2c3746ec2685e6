// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as postAddresses from "./post-addresses.server";
import * as feeds from "./feeds.server";
import * as queries from "./queries.server";
import * as sitemapFiles from "./sitemap.server";

export { prepareInsightsAtStart, sanitizeStalePostsInBackground } from "./demo-content.server";
export { insightsList } from "./insights.server";
export const insightsFeedResponse = onDatabase(feeds.insightsFeedResponse);
export const sitemap = onDatabase(sitemapFiles.sitemap);
export const sitemapPart = onDatabase(sitemapFiles.sitemapPart);
export { removePost, savePost } from "./post-editing.server";
export { POST_ACTIONS } from "./post-actions.server";
export { servedPostHtml } from "./post-sanitising.server";
/** @public The newsletter's emails carry a post's body away from the site, as the feeds do. */
export { withAbsoluteLinks } from "./absolute-links";
export const findArticle = onDatabase(postAddresses.findArticle);
export { nextScheduledPublication } from "./publication-schedule.server";
export const findPostForAdmin = onDatabase(queries.findPostForAdmin);
export const findPublicPostAddress = onDatabase(queries.findPublicPostAddress);
export const latestPublicPosts = onDatabase(queries.latestPublicPosts);
export const postsForAdminPage = onDatabase(queries.postsForAdminPage);
// For the subscribers feature's newsletter: which posts are due, and marking one queued in the
// transaction that queues its email.
export { claimPostEmail, notePostEmailed, postsDueForEmail } from "./queries.server";
export { postForEmail } from "./post-email.server";
export type { EmailablePost } from "./post-email.server";
export type { PostSummary } from "./queries.server";
