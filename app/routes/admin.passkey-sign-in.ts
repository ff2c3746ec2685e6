// The challenge for signing in with a passkey, fetched by the sign-in page's script before anyone
// is signed in; the browser's answer goes to the sign-in page's action.
import type { Route } from "./+types/admin.passkey-sign-in";
import { redirect } from "react-router";
import { passkeyOptionsResponse, passkeySignInOptions } from "~/features/accounts/index.server";

export function action(args: Route.ActionArgs) {
  return passkeyOptionsResponse(args, () => passkeySignInOptions());
}

/** Nothing to show here: a visit goes to the sign-in page. */
export function loader() {
  return redirect("/admin/auth");
}
