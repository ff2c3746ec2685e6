// What staff are told once a post is saved: that it was, and where it now is. A post on the site
// links to its page; a scheduled one says when it goes out and a draft why it has no page yet,
// and both link back to its form, where staff can see it.
import { formatDateTime } from "~/lib/zoned-time";
import { makeToast, type Toast } from "~/lib/toast";
import { postPath } from "./urls";

export type SavedPost = {
  status: "created" | "updated";
  id: string;
  slug: string;
  published: boolean;
  publishedDate: Date;
};

export function savedPostNotice(post: SavedPost, timeZone: string, now: Date): Toast {
  const saved = `Blog post ${post.status} successfully`;
  const form = { href: `/admin/blog?edit=${encodeURIComponent(post.id)}`, label: "Edit post" };
  if (!post.published) {
    return makeToast(
      "success",
      "Success",
      `${saved}. It is a draft, so it has no public page until it is published.`,
      form,
    );
  }
  if (post.publishedDate > now) {
    const when = formatDateTime(post.publishedDate, timeZone);
    return makeToast(
      "success",
      "Success",
      `${saved}. Scheduled for ${when}: its page, ${postPath(post)}, opens then.`,
      form,
    );
  }
  return makeToast("success", "Success", saved, { href: postPath(post), label: "View post" });
}
