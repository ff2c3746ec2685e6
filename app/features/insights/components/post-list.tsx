// The admin's list of every post, newest first, with where each stands and its Edit and Delete.
import { Form, Link, useSubmit } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";

export type ListedPost = {
  id: string;
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
};

const DELETE_QUESTION = "Are you sure you want to delete this blog post?";
export const DELETE_INTENT = "delete";

const actionClass =
  "rounded-md border border-line bg-white px-3 py-1.5 text-sm font-semibold text-navy hover:border-brand";

export function PostList({ posts }: { posts: ListedPost[] }) {
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
                  className={actionClass}
                >
                  Edit
                </Link>
                <DeleteButton post={post} />
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
            <p className="mt-3 flex flex-wrap gap-x-2 text-sm text-ink-soft">
              <span>{post.author}</span>
              <span aria-hidden="true">·</span>
              <span>{formatLongDate(post.publishedDate)}</span>
              <span aria-hidden="true">·</span>
              <span>{post.readTime}</span>
              <span aria-hidden="true">·</span>
              <span>
                {post.linkPreviewCount} link preview{post.linkPreviewCount === 1 ? "" : "s"}
              </span>
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * With JavaScript, the browser's dialog asks first; without it, the link opens a confirmation
 * step on the page, so a post is never deleted by one stray click either way.
 */
function DeleteButton({ post }: { post: ListedPost }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const label = `Delete ${post.title}`;
  const deleteClass = `${actionClass} text-red-800 hover:border-red-400`;
  if (!hydrated) {
    return (
      <Link
        to={`?delete=${encodeURIComponent(post.id)}`}
        aria-label={label}
        className={deleteClass}
      >
        Delete
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      className={deleteClass}
      onClick={() => {
        if (window.confirm(DELETE_QUESTION)) {
          submit({ intent: DELETE_INTENT, id: post.id }, { method: "post" });
        }
      }}
    >
      Delete
    </button>
  );
}

/** The confirmation step without JavaScript. */
export function DeleteConfirmation({ post }: { post: { id: string; title: string } }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="delete-question"
      aria-describedby="delete-post-title"
      className="mt-8 rounded-xl border border-red-300 bg-red-50 p-6"
    >
      <h2 id="delete-question" className="text-xl font-semibold text-red-900">
        {DELETE_QUESTION}
      </h2>
      <p id="delete-post-title" className="mt-2 text-red-900">
        {post.title}
      </p>
      <Form method="post" action="/admin/blog" className="mt-4 flex gap-3">
        <input type="hidden" name="id" value={post.id} />
        <button
          type="submit"
          name="intent"
          value={DELETE_INTENT}
          className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800"
        >
          Delete
        </button>
        <Link
          to="/admin/blog"
          className="rounded-md border border-line bg-white px-5 py-2.5 font-semibold text-navy"
        >
          Keep it
        </Link>
      </Form>
    </section>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-accent-soft px-2 text-xs font-semibold text-navy-deep uppercase">
      {children}
    </span>
  );
}
