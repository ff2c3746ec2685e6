// Accounts: every staff account, with approval given or taken back by an admin.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { accountsForAdmin, changeApproval } from "~/services/accounts.server";
import { requireAdmin } from "~/services/admin-session.server";
import { adminHandle, adminHeaders, adminMeta } from "~/utils/admin-route";
import { readButtonForm } from "~/utils/button-form.server";
import { formatLongDate } from "~/utils/dates";
import { noStore } from "~/utils/headers";
import { logEvent } from "~/utils/log.server";
import { makeToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = adminHandle;
export const headers = adminHeaders;
export const meta = adminMeta("Accounts", "Approve or revoke staff accounts.");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return data({ accounts: accountsForAdmin(), me: admin.id }, { headers: noStore });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readButtonForm(request, {
    intents: ["approve", "revoke"],
    idField: "userId",
    refusal: "Please use the Approve or Revoke buttons.",
  });
  if ("refused" in form) return form.refused;
  const { intent, id: userId } = form;
  const outcome = changeApproval(admin, userId, intent === "approve");
  logEvent("info", "account_approval_changed", { by: admin.id, userId, outcome });
  const notices = {
    approved: makeToast("success", "Account approved", "The account can now manage the blog."),
    revoked: makeToast("success", "Access revoked", "The account has been signed out everywhere."),
    "not-found": makeToast("error", "Error", "That account no longer exists."),
    "not-allowed": makeToast(
      "error",
      "Error",
      "Allowlisted accounts and your own cannot be revoked here.",
    ),
  };
  return redirectWithToast("/admin/users", notices[outcome], {
    status: outcome === "approved" || outcome === "revoked" ? 302 : 303,
  });
}

export default function Accounts() {
  const { accounts, me } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Accounts"
      subtitle={
        <Link to="/admin/blog" className="font-semibold text-brand-strong underline">
          Back to Blog Administration
        </Link>
      }
    >
      <table className="mt-8 w-full overflow-hidden rounded-lg bg-white text-left shadow-sm ring-1 ring-line">
        <thead className="bg-paper text-sm text-ink-soft">
          <tr>
            <th scope="col" className="p-3">
              Email
            </th>
            <th scope="col" className="p-3">
              Created
            </th>
            <th scope="col" className="p-3">
              Status
            </th>
            <th scope="col" className="p-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} className="border-t border-line">
              <td className="p-3 font-medium break-all text-ink">{account.email}</td>
              <td className="p-3 text-sm text-ink-soft">{formatLongDate(account.createdAt)}</td>
              <td className="p-3 text-sm">
                {!account.confirmed
                  ? "Email not confirmed"
                  : account.allowlisted
                    ? "Admin (allowlisted)"
                    : account.admin
                      ? "Admin"
                      : "Waiting for approval"}
              </td>
              <td className="p-3">
                {account.confirmed && !account.admin ? (
                  <ApprovalButton userId={account.id} intent="approve" email={account.email} />
                ) : null}
                {account.admin && !account.allowlisted && account.id !== me ? (
                  <ApprovalButton userId={account.id} intent="revoke" email={account.email} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminPage>
  );
}

function ApprovalButton({
  userId,
  intent,
  email,
}: {
  userId: number;
  intent: "approve" | "revoke";
  email: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="userId" value={userId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${intent === "approve" ? "Approve" : "Revoke"} ${email}`}
        className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
          intent === "approve"
            ? "bg-brand text-white hover:bg-brand-strong"
            : "border border-red-300 text-red-800 hover:bg-red-50"
        }`}
      >
        {intent === "approve" ? "Approve" : "Revoke"}
      </button>
    </Form>
  );
}
