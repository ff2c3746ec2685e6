// The link in the confirmation email: confirms the account once, then back to Admin Access.
import { data, type LoaderFunctionArgs } from "react-router";
import { Link, useLoaderData } from "react-router";
import { ToastNotice } from "~/components/ui/toast-notice";
import { confirmEmail } from "~/services/sign-up.server";
import { adminHeaders, adminMeta } from "~/utils/admin-route";
import { noStore } from "~/utils/headers";
import { logEvent } from "~/utils/log.server";
import { createRateLimiter } from "~/utils/rate-limit.server";
import { clientIpOf } from "~/utils/request.server";
import { makeToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

// Tokens are long and random; the limit stops anyone from trying them in bulk.
const confirmationsPerAddress = createRateLimiter({ limit: 10, windowMs: 15 * 60_000 });
const MAX_TOKEN_LENGTH = 100;

export const headers = adminHeaders;
export const meta = adminMeta("Confirm your email", "Confirming a staff account's email.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const clientIp = clientIpOf(context);
  const decision = confirmationsPerAddress.hit(clientIp);
  if (!decision.allowed) {
    logEvent("warn", "rate_limited", { path: "/admin/confirm", clientIp });
    return data(
      {
        notice: makeToast(
          "error",
          "Too many attempts",
          "There have been too many attempts. Please wait a few minutes and open the link again.",
        ),
      },
      { status: 429, headers: { ...noStore, "Retry-After": String(decision.retryAfterSeconds) } },
    );
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome =
    token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? confirmEmail(token) : "invalid";
  logEvent("info", "admin_email_confirmation", { outcome });
  throw await redirectWithToast(
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

/** Shown only when the link was refused for too many attempts; every other answer redirects. */
export default function ConfirmEmail() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <div className="bg-paper">
      <div className="mx-auto max-w-md px-5 pt-32 pb-20 sm:px-8">
        <h1 className="text-center text-3xl font-semibold text-navy">Confirm your email</h1>
        <div className="mt-6">
          <ToastNotice toast={notice} />
        </div>
        <p className="mt-6 text-center">
          <Link
            to="/admin/auth"
            className="font-semibold text-brand-strong underline-offset-4 hover:underline"
          >
            Back to Admin Access
          </Link>
        </p>
      </div>
    </div>
  );
}
