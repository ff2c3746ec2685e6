export { seedDemoContentAtStart } from "./demo-content.server";
export { insightsList } from "./insights.server";
export { savePost } from "./post-editing.server";
export {
  deletePost,
  findPostForAdmin,
  findPublicPost,
  latestPublicPosts,
  publicPostDates,
  publicPostsChangedAt,
  postsForAdminPage,
} from "./queries.server";
export type { PostSummary } from "./queries.server";
