// The challenge for adding a passkey to the signed-in admin's account, fetched by the Security
// page's script; the browser's answer goes to the Security page's action.
import type { Route } from "./+types/admin.passkey-registration";
import { redirect } from "react-router";
import {
  passkeyOptionsResponse,
  passkeyRegistrationOptions,
  requireAdmin,
} from "~/features/accounts/index.server";

export async function action(args: Route.ActionArgs) {
  // The Security page's own rule: an admin still to set up two-factor sign-in may use it.
  const admin = await requireAdmin(args, { settingUpSecondFactor: true });
  return passkeyOptionsResponse(args, () => passkeyRegistrationOptions(admin));
}

/** Nothing to show here: a visit goes to the Security page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context }, { settingUpSecondFactor: true });
  return redirect("/admin/security");
}
