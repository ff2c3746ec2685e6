// Which stored pages a change to a post makes stale. Each page that shows posts names them in its
// `Cache-Tag` header (the name CDNs use to purge by tag); a change to a post drops every page that
// carries one of the post's tags, and no other.

/** Every page that lists posts without a filter: the list, the feed and the sitemap. */
export const ALL_POSTS_CACHE_TAG = "posts";

/** The article's own page. */
export const postCacheTag = (id: string) => `post:${id}`;

/** The list filtered by one tag. Tags may hold any character; a header value may not. */
export const topicCacheTag = (tag: string) => `tag:${encodeURIComponent(tag)}`;

/** The tags of every page that shows the post with these tags (before or after a change). */
export function cacheTagsOfPost(id: string, tags: readonly string[]) {
  return [ALL_POSTS_CACHE_TAG, postCacheTag(id), ...new Set(tags.map(topicCacheTag))];
}
