// The link in the confirmation email: confirms the account once, then back to Admin Access.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { confirmEmail } from "~/services/sign-up.server";
import { logEvent } from "~/utils/log.server";
import { createRateLimiter } from "~/utils/rate-limit.server";
import { clientIpOf } from "~/utils/request.server";
import { makeToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

const confirmationsPerAddress = createRateLimiter({ limit: 10, windowMs: 15 * 60_000 });
const MAX_TOKEN_LENGTH = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const clientIp = clientIpOf(context);
  if (!confirmationsPerAddress.hit(clientIp).allowed) {
    logEvent("warn", "rate_limited", { path: "/admin/confirm", clientIp });
    return redirectWithToast(
      "/admin/auth",
      makeToast("error", "Too many attempts", "Please wait a few minutes and open the link again."),
      { status: 303 },
    );
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome =
    token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? confirmEmail(token) : "invalid";
  logEvent("info", "admin_email_confirmation", { outcome });
  return redirectWithToast(
    "/admin/auth",
    outcome === "confirmed"
      ? makeToast("success", "Email confirmed", "Your email is confirmed. You can sign in now.")
      : makeToast(
          "error",
          "Link not valid",
          "This confirmation link is invalid, used or expired. Sign up again to get a new one.",
        ),
  );
}
