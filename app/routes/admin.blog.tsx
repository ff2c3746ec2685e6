// Blog Administration: every post, newest first, for the signed-in admins. (Editing arrives with
// the post form; this page already shows what is on the blog and where each post stands.)
import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SignOutButton } from "~/components/admin/sign-out-button";
import { db } from "~/db/db.server";
import { allPostsForAdmin } from "~/models/blog-post.server";
import { requireAdmin } from "~/services/admin-session.server";
import { formatLongDate } from "~/utils/dates";
import type { RouteHandle } from "~/root";
import { noStore } from "~/utils/headers";
import { pageMeta } from "~/utils/meta";

export const handle: RouteHandle = { inlineToast: true };

export const headers: HeadersFunction = () => noStore;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Blog Administration",
    description: "Manage the firm's Insights posts.",
    indexable: false,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const now = new Date();
  const posts = allPostsForAdmin(db).map((post) => ({
    ...post,
    scheduled: post.published && post.publishedDate > now,
  }));
  return data({ email: user.email, posts }, { headers: noStore });
}

export default function BlogAdministration() {
  const { email, posts } = useLoaderData<typeof loader>();
  return (
    <div className="bg-paper">
      <div className="mx-auto max-w-5xl px-5 pt-32 pb-20 sm:px-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold text-navy">Blog Administration</h1>
            <p className="mt-1 text-sm text-ink-soft">
              Signed in as {email} ·{" "}
              <Link to="/admin/users" className="font-semibold text-brand-strong underline">
                Accounts
              </Link>
            </p>
          </div>
          <SignOutButton />
        </div>
        <h2 className="mt-10 text-xl font-semibold text-navy">All posts ({posts.length})</h2>
        <ul className="mt-4 space-y-3">
          {posts.map((post) => (
            <li key={post.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-line">
              <p className="font-semibold text-ink">{post.title}</p>
              <p className="mt-1 flex flex-wrap gap-2 text-sm text-ink-soft">
                <span>{post.author}</span>
                <span aria-hidden="true">·</span>
                <span>{formatLongDate(post.publishedDate)}</span>
                {post.featured ? <Badge>Featured</Badge> : null}
                {!post.published ? <Badge>Draft</Badge> : null}
                {post.scheduled ? <Badge>Scheduled</Badge> : null}
              </p>
            </li>
          ))}
        </ul>
      </div>
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
