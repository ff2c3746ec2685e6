// Blog Administration: every post for the signed-in admins with its emails to subscribers, and the
// form that creates, edits and deletes them. Which step is open lives in the URL (?new, ?edit=id,
// ?delete=id, ?resend=id), so every step works without JavaScript too.
import type { Route } from "./+types/admin.blog";
import { data } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import {
  DELETE_INTENT,
  DeleteConfirmation,
  PostForm,
  PostList,
  PostListFilterForm,
  postFormSchema,
  postListFilterParams,
  postListFiltersFrom,
  savedPostNotice,
} from "~/features/insights";
import {
  findPostForAdmin,
  POST_ACTIONS,
  postsForAdminPage,
  savePost,
} from "~/features/insights/index.server";
import { PostEmailing, SendAgainConfirmation } from "~/features/subscribers";
import {
  newsletterRounds,
  POST_EMAILING_ACTIONS,
  wakeNewsletterJobs,
} from "~/features/subscribers/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { DateOrderLinks } from "~/components/admin/date-sort-header";
import { Pagination } from "~/components/admin/pagination";
import { buttonClassName } from "~/components/ui/button";
import { ToastNotice } from "~/components/ui/toast-notice";
import { adminHeaders, adminMeta, type RouteHandle } from "~/lib/admin-route";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { dateOrderFrom, pageFrom, withDateOrder } from "~/lib/url-filters";
import { logEvent } from "~/lib/log.server";
import { logIfStorageFailure } from "~/lib/storage-failure.server";
import { parseFields, readForm, refusedForm } from "~/lib/form-action.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { siteConfig } from "~/lib/site-config.server";

export const headers = adminHeaders;
// The spec's words when the list cannot be read; the admin frame's error page shows them.
export const handle: RouteHandle = {
  unavailable: { title: "Blog Administration", notice: "Failed to fetch blog posts" },
};
export const meta = adminMeta("Blog Administration", "Manage the firm's Insights posts.");

const PER_PAGE = 25;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const search = url.searchParams;
  const now = new Date();
  const list = { page: pageFrom(search), order: dateOrderFrom(search) };
  const filters = postListFiltersFrom(search);
  const { rows, total } = postsForAdminPage({ ...list, ...filters, now, perPage: PER_PAGE });
  const posts = rows.map(({ linkPreviews, ...post }) => ({
    ...post,
    scheduled: post.published && post.publishedDate > now,
    linkPreviewCount: linkPreviews.length,
  }));
  const editId = search.get("edit");
  const deleteId = search.get("delete");
  const deleting = deleteId ? findPostForAdmin(deleteId) : undefined;
  const resending = findPostForAdmin(search.get("resend") ?? "");
  return data(
    {
      ...list,
      filters,
      openedAt: now.toISOString(),
      posts,
      total,
      creating: search.has("new"),
      editing: editId ? (findPostForAdmin(editId) ?? null) : null,
      deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
      resending: resending ? { id: resending.id, title: resending.title } : null,
      rounds: newsletterRounds(posts.map((post) => post.id)),
    },
    { headers: noStore },
  );
}

const failure = (message: string) => makeToast("error", "Error", message);

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused);
  const { formData } = read;

  const intent = formData.get("intent");
  if (typeof intent === "string" && Object.hasOwn(ONE_POST_ACTIONS, intent)) {
    return onePostAction(intent as OnePostIntent, formData, admin, args);
  }

  const parsed = parseFields(formData, postFormSchema(siteConfig.timeZone));
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;

  try {
    const outcome = await savePost(submission.value, auditSource(admin, args.context));
    if (outcome.status === "empty-content") {
      return data(
        {
          result: submission.reply({
            fieldErrors: { content: ["Please write the post's content."] },
          }),
          notice: null,
        },
        { status: 400 },
      );
    }
    if (outcome.status === "refused") {
      return data(
        {
          result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }),
          notice: null,
        },
        { status: 400 },
      );
    }
    if (outcome.status === "not-found") {
      return data(
        { result: submission.reply(), notice: failure("Failed to save blog post") },
        { status: 404 },
      );
    }
    // A post published now goes to its subscribers within seconds, not at the job's next minute.
    wakeNewsletterJobs();
    logEvent("info", `blog_post_${outcome.status}`, {
      by: admin.id,
      postId: outcome.id,
      slug: outcome.slug,
      previewFetched: outcome.previewFetched,
    });
    const { published, publishedDate } = submission.value;
    const notice = savedPostNotice(
      { ...outcome, published, publishedDate },
      siteConfig.timeZone,
      new Date(),
    );
    return redirectWithToast("/admin/blog", notice, { status: 303 });
  } catch (error) {
    if (!logIfStorageFailure(error, args.request)) throw error;
    return data(
      { result: submission.reply(), notice: failure("Failed to save blog post") },
      { status: 503 },
    );
  }
}

/** The buttons that act on one post, named by its id, each in its feature: they answer a notice. */
const ONE_POST_ACTIONS = { ...POST_ACTIONS, ...POST_EMAILING_ACTIONS };
type OnePostIntent = keyof typeof ONE_POST_ACTIONS;

async function onePostAction(
  intent: OnePostIntent,
  formData: FormData,
  staff: { id: number; email: string },
  { request, context }: Route.ActionArgs,
) {
  const failed = (status: number) =>
    data({ result: null, notice: failure(ONE_POST_ACTIONS[intent].failure) }, { status });
  const id = formData.get("id");
  if (typeof id !== "string" || id.length === 0 || id.length > 64) return failed(400);
  try {
    const notice = await ONE_POST_ACTIONS[intent].run(id, auditSource(staff, context));
    // Back to the page the button was on (its form posts there), with its page and order; a
    // deleted post's own step is gone.
    const to =
      intent === DELETE_INTENT ? "/admin/blog" : `/admin/blog${new URL(request.url).search}`;
    return notice ? redirectWithToast(to, notice, { status: 303 }) : failed(404);
  } catch (error) {
    if (!logIfStorageFailure(error, request)) throw error;
    return failed(503);
  }
}

export default function BlogAdministration() {
  const loaded = useLoaderData<typeof loader>();
  const { posts, total, page, order, filters, openedAt, creating, editing, deleting } = loaded;
  const filterParams = postListFilterParams(filters);
  const actionData = useActionData<typeof action>();
  const formOpen = creating || editing !== null;
  const notice = actionData?.notice;

  return (
    <AdminPage
      title="Blog Administration"
      actions={
        <Link
          to={formOpen ? "/admin/blog" : "?new"}
          className={buttonClassName({ variant: formOpen ? "secondary" : "primary" })}
        >
          {formOpen ? "Cancel" : "Add New Post"}
        </Link>
      }
    >
      {notice ? (
        <div className="mt-6" key={notice.id}>
          <ToastNotice toast={notice} />
        </div>
      ) : null}
      {deleting ? <DeleteConfirmation post={deleting} /> : null}
      {loaded.resending ? <SendAgainConfirmation post={loaded.resending} /> : null}
      {formOpen ? (
        <PostForm
          key={editing?.id ?? "new"}
          post={editing}
          lastResult={actionData?.result}
          openedAt={openedAt}
        />
      ) : null}
      <div className="mt-10 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold text-navy">
          {filterParams.size > 0 ? "Matching posts" : "All posts"} ({total})
        </h2>
        <DateOrderLinks path="/admin/blog" order={order} params={filterParams} />
      </div>
      <PostListFilterForm path="/admin/blog" filters={filters} order={order} />
      <PostList
        posts={posts}
        below={(post) => <PostEmailing post={post} rounds={loaded.rounds[post.id] ?? []} />}
      />
      <Pagination
        path="/admin/blog"
        page={page}
        perPage={PER_PAGE}
        total={total}
        params={withDateOrder(filterParams, order)}
      />
    </AdminPage>
  );
}
