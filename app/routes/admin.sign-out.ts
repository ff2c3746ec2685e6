// Signing out ends the session on the server, then clears the cookie.
import type { Route } from "./+types/admin.sign-out";
import { redirect } from "react-router";
import { endSession } from "~/features/accounts/index.server";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export async function action({ request }: Route.ActionArgs) {
  try {
    const cookie = await endSession(request);
    return redirect("/admin/auth", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    logEvent("error", "sign_out_failed", { message: String(error) });
    return redirectWithToast(
      "/admin/blog",
      makeToast("error", "Error", "We could not sign you out. Please try again."),
    );
  }
}

/** Nothing to show here: a visit goes to the sign-in page. */
export function loader() {
  return redirect("/admin/auth");
}
