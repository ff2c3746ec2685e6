// The admin's list of posts, with where each stands and its Edit and Delete.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { buttonClassName } from "~/components/ui/button";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { postPath } from "../urls";
import { Byline } from "./post-parts";
import { PreviewFailure } from "./preview-failure";

export type ListedPost = {
  id: string;
  slug: string | null;
  title: string;
  excerpt: string;
  author: string;
  readTime: string;
  tags: string[];
  featured: boolean;
  published: boolean;
  scheduled: boolean;
  publishedDate: Date;
  linkPreviewCount: number;
  previewLink: string | null;
  previewFailure: string | null;
};

const DELETE_QUESTION = "Are you sure you want to delete this blog post?";
export const DELETE_INTENT = "delete";

/** `below` adds what another feature shows of each post (its emails to subscribers). */
export function PostList<Post extends ListedPost>({
  posts,
  below,
}: {
  posts: Post[];
  below?: (post: Post) => ReactNode;
}) {
  return (
    <ul className="mt-4 space-y-3">
      {posts.map((post) => (
        <li key={post.id} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-line">
          <article aria-labelledby={`post-${post.id}-title`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 id={`post-${post.id}-title`} className="text-lg font-semibold text-ink">
                  {post.title}
                </h3>
                <PostAddress post={post} />
                {post.scheduled ? <ScheduledFor date={post.publishedDate} /> : null}
                <p className="mt-1 flex flex-wrap gap-2">
                  {post.featured ? <Badge>Featured</Badge> : null}
                  {!post.published ? <Badge>Draft</Badge> : null}
                  {post.scheduled ? <Badge>Scheduled</Badge> : null}
                </p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={`?edit=${encodeURIComponent(post.id)}`}
                  aria-label={`Edit ${post.title}`}
                  className={buttonClassName({ size: "small" })}
                >
                  Edit
                </Link>
                <AskFirstButton
                  confirmation={deleteConfirmation(post)}
                  label="Delete"
                  accessibleLabel={`Delete ${post.title}`}
                  askHref={`?delete=${encodeURIComponent(post.id)}`}
                />
              </div>
            </div>
            <p className="mt-2 text-ink-soft">{post.excerpt}</p>
            {post.tags.length > 0 ? (
              <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-2">
                {post.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-paper px-2.5 py-0.5 text-xs text-navy">
                    {tag}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-3">
              <Byline
                author={post.author}
                publishedDate={post.publishedDate}
                readTime={post.readTime}
                linkPreviewCount={post.linkPreviewCount}
              />
            </div>
            <PreviewFailure post={post} retry="button" />
            {below?.(post)}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Where the post lives: a link once it is on the site, the address it will have until then. */
function PostAddress({ post }: { post: ListedPost }) {
  const path = postPath(post);
  const live = post.published && !post.scheduled;
  return (
    <p className="mt-0.5 text-sm break-all text-ink-soft">
      {live ? (
        <a href={path} className="underline-offset-2 hover:text-brand-strong hover:underline">
          {path}
        </a>
      ) : (
        path
      )}
    </p>
  );
}

/** When a scheduled post goes out, on the firm's clock. */
function ScheduledFor({ date }: { date: Date }) {
  const timeZone = useTimeZone();
  return (
    <p className="mt-0.5 text-sm font-medium text-navy">
      Scheduled for{" "}
      <time dateTime={new Date(date).toISOString()}>{formatDateTime(date, timeZone)}</time>
    </p>
  );
}

/** Deleting a post asks first: in a dialog, or on the list's ?delete=id step. */
const deleteConfirmation = (post: { id: string; title: string }): Confirmation => ({
  key: `delete-post-${post.id}`,
  question: DELETE_QUESTION,
  subject: post.title,
  action: "/admin/blog",
  fields: { id: post.id },
  intent: DELETE_INTENT,
  confirmLabel: "Delete post",
});

/** The confirmation step without JavaScript. */
export function DeleteConfirmation({ post }: { post: { id: string; title: string } }) {
  return <ConfirmationStep confirmation={deleteConfirmation(post)} keepTo="/admin/blog" />;
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-accent-soft px-2 text-xs font-semibold text-navy-deep uppercase">
      {children}
    </span>
  );
}
