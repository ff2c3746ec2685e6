// Accounts: every staff account, and the colleagues invited by email. Owners invite colleagues,
// send or revoke their invitations, approve and revoke admins, name other owners and reset another
// account's two-factor sign-in; other admins see the lists but change nothing.
import type { Route } from "./+types/admin.users";
import { data } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { DateSortHeader } from "~/components/admin/date-sort-header";
import { TruncatedText } from "~/components/admin/truncated-text";
import { useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ToastNotice } from "~/components/ui/toast-notice";
import {
  AccountActions,
  Invitations,
  RESET_TWO_FACTOR,
  REVOKE_INVITATION_QUERY,
  ResetTwoFactorConfirmation,
  RevokeInvitationConfirmation,
} from "~/features/accounts";
import {
  ACCOUNT_INTENTS,
  type AccountChange,
  type AccountView,
  accountsForAdmin,
  answerInvitationPost,
  changeAccount,
  invitationsForAdmin,
  isInvitationPost,
  isOwner,
  requireAdmin,
  answerTwoFactorResetPost,
  isTwoFactorResetPost,
  twoFactorRequired,
} from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { pressedButton } from "~/lib/button-form.server";
import { readForm } from "~/lib/form-action.server";
import { formatLongDate } from "~/lib/dates";
import { useTimeZone } from "~/lib/site-config";
import { noStore } from "~/lib/headers";
import { dateOrderFrom } from "~/lib/url-filters";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast, type Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Users", "Invite colleagues, and approve or revoke staff accounts.");

const ONLY_OWNERS = "Only an owner can approve or revoke accounts and name owners.";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const order = dateOrderFrom(url.searchParams);
  // A firm's staff fit on one page: the whole list, in the order asked for.
  const oldestFirst = accountsForAdmin();
  const invitations = invitationsForAdmin();
  const canManage = isOwner(admin);
  const revokingId = Number(url.searchParams.get(REVOKE_INVITATION_QUERY));
  const resettingId = Number(url.searchParams.get(RESET_TWO_FACTOR));
  return data(
    {
      accounts: order === "oldest" ? oldestFirst : oldestFirst.toReversed(),
      invitations,
      revoking: canManage ? invitations.find(({ id }) => id === revokingId) : undefined,
      resetting: canManage
        ? oldestFirst.find(
            ({ id, twoFactor }) => id === resettingId && twoFactor && id !== admin.id,
          )
        : undefined,
      twoFactorRequired: twoFactorRequired(),
      order,
      me: admin.id,
      canManage,
    },
    { headers: noStore },
  );
}

type Refusal = { status: number; error: string };

// Each notice names the account it is about.
const answers: Record<AccountChange, (email: string) => Toast | Refusal> = {
  approved: (email) =>
    makeToast(
      "success",
      "Account approved",
      `${email} can now manage the blog; we've emailed them the link to sign in.`,
    ),
  revoked: (email) =>
    makeToast("success", "Access revoked", `${email} has been signed out everywhere.`),
  "owner-added": (email) =>
    makeToast("success", "Owner added", `${email} can now approve and revoke accounts.`),
  "owner-removed": (email) => makeToast("success", "Owner removed", `${email} stays an admin.`),
  "not-owner": () => ({ status: 403, error: ONLY_OWNERS }),
  "not-found": () => ({ status: 404, error: "That account no longer exists." }),
  "not-allowed": () => ({
    status: 409,
    error: "Allowlisted accounts and your own cannot be revoked here.",
  }),
  "not-admin": () => ({ status: 409, error: "Only an approved admin can become an owner." }),
  "last-owner": () => ({
    status: 409,
    error: "The last owner cannot be removed. Make another admin an owner first.",
  }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const read = await readForm({ request });
  if (read.refused) {
    return data({ error: read.refused.notice.description }, { status: read.refused.status });
  }
  const clientIp = clientIpOf(context);
  if (isInvitationPost(read.formData)) return answerInvitationPost(admin, read.formData, clientIp);
  if (isTwoFactorResetPost(read.formData)) {
    return answerTwoFactorResetPost(admin, read.formData, clientIp);
  }
  const form = pressedButton(read.formData, {
    intents: ACCOUNT_INTENTS,
    idField: "userId",
    refusal: "Please use the buttons beside an account.",
  });
  if ("refused" in form) return form.refused;
  const { intent, id: userId } = form;
  const { outcome, email } = await changeAccount(admin, userId, intent, clientIp);
  const answer = answers[outcome](email ?? "");
  const refused = "status" in answer;
  logEvent(refused ? "warn" : "info", "account_changed", { by: admin.id, userId, intent, outcome });
  if (refused) return data({ error: answer.error }, { status: answer.status });
  return redirectWithToast("/admin/users", answer);
}

function statusOf(account: AccountView) {
  if (!account.confirmed) return "Email not confirmed";
  if (account.owner) return account.allowlisted ? "Owner (allowlisted)" : "Owner";
  if (account.allowlisted) return "Admin (allowlisted)";
  return account.admin ? "Admin" : "Waiting for approval";
}

export default function Accounts() {
  const { accounts, invitations, revoking, resetting, twoFactorRequired, order, me, canManage } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timeZone = useTimeZone();
  const owners = accounts.filter((account) => account.owner).length;
  // The invitation form answers in the common shape; the buttons with an error alone.
  const reply = actionData && "result" in actionData ? actionData : null;
  return (
    <AdminPage
      title="Users"
      subtitle={`${accounts.length} ${accounts.length === 1 ? "account" : "accounts"}`}
    >
      {actionData && "error" in actionData ? (
        <div className="mt-6">
          <ToastNotice
            toast={{
              id: "account-change",
              type: "error",
              title: "Error",
              description: actionData.error,
            }}
          />
        </div>
      ) : null}
      {reply?.notice ? (
        <div className="mt-6" key={reply.notice.id}>
          <ToastNotice toast={reply.notice} />
        </div>
      ) : null}
      {revoking ? <RevokeInvitationConfirmation invitation={revoking} /> : null}
      {resetting ? (
        <ResetTwoFactorConfirmation account={resetting} required={twoFactorRequired} />
      ) : null}
      {canManage ? null : <p className="mt-6 text-ink-soft">{ONLY_OWNERS}</p>}
      <Invitations invitations={invitations} canManage={canManage} lastResult={reply?.result} />
      <h2 className="mt-10 text-xl font-semibold text-navy">Accounts</h2>
      <DataTable className="mt-4" tableClassName="w-full text-left" stackOnPhone>
        <thead className="bg-paper text-sm text-ink-soft">
          <tr>
            <th scope="col" className="p-3">
              Email
            </th>
            <DateSortHeader
              path="/admin/users"
              label="Created"
              order={order}
              params={new URLSearchParams()}
              className="p-3"
            />
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
              <td data-label="Email" className="p-3 font-medium text-ink">
                <TruncatedText text={account.email} className="max-w-72" />
              </td>
              <td data-label="Created" className="p-3 text-sm text-ink-soft">
                {formatLongDate(account.createdAt, timeZone)}
              </td>
              <td data-label="Status" className="p-3 text-sm">
                {statusOf(account)}
              </td>
              <td className="p-3">
                {canManage ? (
                  <AccountActions
                    account={account}
                    me={me}
                    owners={owners}
                    twoFactorRequired={twoFactorRequired}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </AdminPage>
  );
}
