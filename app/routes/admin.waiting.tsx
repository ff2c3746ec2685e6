// For a confirmed account that no owner has approved yet, most often one just confirmed: what
// happens next, and nothing else.
import type { Route } from "./+types/admin.waiting";
import { data, redirect } from "react-router";
import { currentUser, hasAdminRights } from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta(
  "Waiting for approval",
  "Your account is waiting for an owner's approval.",
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser({ request, context });
  if (!user) throw redirect("/admin/auth");
  if (hasAdminRights(user)) throw redirect("/admin/blog");
  return data(null, { headers: noStore });
}

export default function WaitingForApproval() {
  return (
    <div className="mx-auto max-w-xl px-5 py-12 text-center sm:px-8">
      <h1 className="text-3xl font-semibold text-navy">Waiting for approval</h1>
      <p className="mt-4 text-lg text-ink-soft">
        Thanks for confirming your email. Before you can manage the blog, an owner of the site has
        to approve your account; we have emailed them to ask.
      </p>
      <p className="mt-4 text-lg text-ink-soft">
        Once an owner approves it, we will email you a link to sign in. You can sign out in the
        meantime.
      </p>
    </div>
  );
}
