// For a confirmed account that no admin has approved yet: what is happening, and nothing else.
import type { Route } from "./+types/admin.waiting";
import { data, redirect } from "react-router";
import { currentUser, hasAdminRights } from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta(
  "Waiting for approval",
  "Your account is waiting for an administrator's approval.",
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
        Your account is confirmed, but an administrator still has to approve it before you can
        manage the blog. You can sign out in the meantime; once approved, simply sign in again.
      </p>
    </div>
  );
}
