export { PostCard } from "./components/post-card";
export { POST_FORM_INTENTS, PostForm } from "./components/post-form";
export { DELETE_INTENT, DeleteConfirmation, PostList } from "./components/post-list";
export { Byline, FeaturedBadge, LinkPreviewCard, TagList } from "./components/post-parts";
export { postFormSchema } from "./post-form";
export { readTimeFor } from "./read-time";
export { insightsHref, insightsQueryFrom, postPath } from "./urls";
export { POST_ADDRESS } from "./slugs";
export { ALL_POSTS_CACHE_TAG, postCacheTag, topicCacheTag } from "./cache-tags";
