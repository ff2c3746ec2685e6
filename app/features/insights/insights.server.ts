// What the Insights list shows for a URL: featured posts, one page of the rest, and the filter.
import { db } from "~/lib/db.server";
import {
  countPublicPosts,
  featuredPosts,
  publicPostPage,
  type PostSummary,
} from "./queries.server";
import type { InsightsQuery } from "./urls";

export const POSTS_PER_PAGE = 12;
const FEATURED_LIMIT = 3;
export type InsightsList = {
  featured: PostSummary[];
  latest: PostSummary[];
  page: number;
  pageCount: number;
  total: number;
  tag: string | null;
};

/**
 * Page 1 without a filter leads with the newest featured posts; every page of "Latest Articles"
 * then lists the other posts, so no post appears twice. A tag filter shows one list of all matches.
 */
export function insightsList(query: InsightsQuery, now = new Date()): InsightsList {
  const leadWithFeatured = query.tag === null;
  const featured = leadWithFeatured ? featuredPosts(db, now, FEATURED_LIMIT) : [];
  const latest = publicPostPage(db, {
    now,
    page: query.page,
    perPage: POSTS_PER_PAGE,
    tag: query.tag,
    excludeIds: featured.map((post) => post.id),
  });
  // The featured posts are public posts listed above the others, never among them.
  const total = countPublicPosts(db, now, query.tag) - featured.length;
  return {
    featured: query.page === 1 ? featured : [],
    latest,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)),
    total,
    tag: query.tag,
  };
}
