// The admin's list of posts, with where each stands and its Edit and Delete.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClassName } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { postPath } from "../urls";
import { Byline } from "./post-parts";

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
};

const DELETE_QUESTION = "Are you sure you want to delete this blog post?";
export const DELETE_INTENT = "delete";

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
                <PostAddress post={post} />
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
            <div className="mt-3">
              <Byline
                author={post.author}
                publishedDate={post.publishedDate}
                readTime={post.readTime}
                linkPreviewCount={post.linkPreviewCount}
              />
            </div>
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

/**
 * Delete asks first, so a post is never deleted by one stray click: with JavaScript in a modal
 * dialog on the list, without it on a confirmation step the link opens (?delete=id).
 */
function DeleteButton({ post }: { post: ListedPost }) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const label = `Delete ${post.title}`;
  if (!hydrated) {
    return (
      <Link
        to={`?delete=${encodeURIComponent(post.id)}`}
        aria-label={label}
        className={buttonClassName({ variant: "danger", size: "small" })}
      >
        Delete
      </Link>
    );
  }
  return (
    <>
      <Button variant="danger" size="small" aria-label={label} onClick={() => setAsking(true)}>
        Delete
      </Button>
      {asking ? <DeleteDialog post={post} onClose={() => setAsking(false)} /> : null}
    </>
  );
}

/** The question in a modal dialog: Escape, the backdrop's Keep it, or the action close it. */
function DeleteDialog({ post, onClose }: { post: ListedPost; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // The safe answer takes the focus, so Enter pressed by habit deletes nothing.
    keepButton.current?.focus();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`delete-question-${post.id}`}
      aria-describedby={`delete-post-title-${post.id}`}
      className="m-auto w-[calc(100%-2.5rem)] max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-navy-deep/60"
    >
      <DeleteQuestion
        post={post}
        keep={
          <Button ref={keepButton} onClick={() => dialog.current?.close()}>
            Keep it
          </Button>
        }
      />
    </dialog>
  );
}

/** The confirmation step without JavaScript. */
export function DeleteConfirmation({ post }: { post: { id: string; title: string } }) {
  return (
    <section role="alertdialog" aria-labelledby={`delete-question-${post.id}`} className="mt-8">
      <DeleteQuestion
        post={post}
        keep={
          <Link to="/admin/blog" className={buttonClassName()}>
            Keep it
          </Link>
        }
      />
    </section>
  );
}

/** The question and its answers; the action itself ('Delete post') is the primary one. */
function DeleteQuestion({ post, keep }: { post: { id: string; title: string }; keep: ReactNode }) {
  return (
    <div className="rounded-xl border border-red-300 bg-red-50 p-6">
      <h2 id={`delete-question-${post.id}`} className="text-xl font-semibold text-red-900">
        {DELETE_QUESTION}
      </h2>
      <p id={`delete-post-title-${post.id}`} className="mt-2 text-red-900">
        {post.title}
      </p>
      <Form method="post" action="/admin/blog" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={post.id} />
        <Button type="submit" name="intent" value={DELETE_INTENT} variant="danger">
          Delete post
        </Button>
        {keep}
      </Form>
    </div>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-accent-soft px-2 text-xs font-semibold text-navy-deep uppercase">
      {children}
    </span>
  );
}
