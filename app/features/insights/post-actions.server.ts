// The blog admin's buttons that act on one post (Delete, and "Try again" for a link preview), as
// the route's one-post actions: each acts, logs who did it, and says what it did in a notice, or
// answers null for a post that is not there. A deletion is recorded in the audit log as `by`, the
// staff member and client address the route passes.
import type { AuditSource } from "~/lib/audit.server";
import { logEvent } from "~/lib/log.server";
import { makeToast, type Toast } from "~/lib/toast";
import { DELETE_INTENT } from "./components/post-list";
import { RETRY_PREVIEW_INTENT } from "./components/preview-failure";
import { removePost, retryLinkPreview } from "./post-editing.server";

export const POST_ACTIONS = {
  [DELETE_INTENT]: {
    failure: "Failed to delete blog post",
    run: async (id: string, by: AuditSource): Promise<Toast | null> => {
      if (!(await removePost(id, by))) return null;
      logEvent("info", "blog_post_deleted", { by: by.actor.id, postId: id });
      return makeToast("success", "Success", "Blog post deleted successfully");
    },
  },
  [RETRY_PREVIEW_INTENT]: {
    failure: "Failed to fetch the link preview",
    run: async (id: string, by: AuditSource): Promise<Toast | null> => {
      const outcome = await retryLinkPreview(id);
      if (outcome.status === "not-found") return null;
      logEvent("info", "link_preview_retried", {
        by: by.actor.id,
        postId: id,
        outcome: outcome.status,
      });
      if (outcome.status === "failed") {
        const still = `Still no link preview for "${outcome.title}": ${outcome.detail}`;
        return makeToast("error", "Error", still);
      }
      return makeToast(
        "success",
        "Success",
        outcome.status === "fetched"
          ? `The link preview of "${outcome.title}" was fetched`
          : `"${outcome.title}" already has its link preview`,
      );
    },
  },
};
