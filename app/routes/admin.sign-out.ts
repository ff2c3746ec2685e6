// Signing out ends the session on the server, then clears the cookie.
import type { Route } from "./+types/admin.sign-out";
import { redirect } from "react-router";
import { endSession } from "~/features/accounts/index.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await endSession(request, clientIpOf(context));
  if (outcome.ended) {
    return redirect("/admin/auth", { headers: { "Set-Cookie": outcome.clearedCookie } });
  }
  return redirectWithToast(
    "/admin/blog",
    makeToast("error", "Error", "We could not sign you out. Please try again."),
  );
}

/** Nothing to show here: a visit goes to the sign-in page. */
export function loader() {
  return redirect("/admin/auth");
}
