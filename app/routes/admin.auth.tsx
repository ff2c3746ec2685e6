// Admin Access: staff sign in here, with their password or a passkey. A signed-in admin goes
// straight to the blog administration. The right password of an account whose email is not
// confirmed yet says so, and offers to send the link again (decision 053).
import type { Route } from "./+types/admin.auth";
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { SignInCard } from "~/components/admin/sign-in-card";
import {
  INVALID_CREDENTIALS,
  currentUser,
  landingPageOf,
  offerConfirmationAgain,
  openSignedInSession,
  resendConfirmation,
  signedInNotice,
  signInWithPasskey,
  signInWithPassword,
  signUp,
} from "~/features/accounts/index.server";
import {
  CredentialsForm,
  PASSKEY_CREDENTIAL_FIELD,
  PASSKEY_SIGN_IN_INTENT,
  PasskeySignIn,
  RESEND_CONFIRMATION_INTENT,
  ResendConfirmation,
  UNCONFIRMED_EMAIL,
  credentialsSchemaFor,
  signInModeOf,
} from "~/features/accounts";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import {
  parseFields,
  readForm,
  refusedForm,
  tooManyAttemptsReply,
  type FormReply,
} from "~/lib/form-action.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Admin Access", "Sign in to manage the firm's Insights.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser({ request, context });
  if (user) throw redirect(landingPageOf(user));
  return data(null, { headers: noStore });
}

/**
 * A passkey with user verification is both factors at once, so it starts a full session, even for
 * an account with two-factor sign-in; where the owner requires an authenticator app and the
 * account has none, landingPageOf and requireAdmin still send it to set one up.
 */
async function signInWithPasskeyAnswer({ request, context }: Route.ActionArgs, form: FormData) {
  const clientIp = clientIpOf(context);
  const credential = form.get(PASSKEY_CREDENTIAL_FIELD);
  const signedIn = await signInWithPasskey(
    typeof credential === "string" ? credential : "",
    clientIp,
  );
  switch (signedIn.outcome) {
    case "too-many":
      logEvent("warn", "rate_limited", { path: "/admin/auth", mode: "passkey", clientIp });
      return tooManyAttemptsReply(signedIn.retryAfterSeconds);
    case "refused":
      logEvent("warn", "admin_passkey_sign_in_failed", { clientIp, status: signedIn.status });
      return data<FormReply>(
        { result: null, notice: makeToast("error", "Passkey not accepted", signedIn.message) },
        { status: signedIn.status },
      );
    case "signed-in": {
      const { user } = signedIn;
      const cookie = await openSignedInSession(request, user, "passkey", clientIp);
      logEvent("info", "admin_signed_in", { userId: user.id, with: "passkey" });
      return redirectWithToast(landingPageOf(user), signedInNotice(user), {
        headers: { "Set-Cookie": cookie },
      });
    }
  }
}

/** What the page answers a post: a form's reply, and whether to offer the link again. */
type AuthReply = FormReply & { offerConfirmation?: true };

async function resendConfirmationAnswer({ request, context }: Route.ActionArgs) {
  const resent = await resendConfirmation(request);
  logEvent("info", "admin_confirmation_resend", { outcome: resent.outcome });
  switch (resent.outcome) {
    case "too-many":
      logEvent("warn", "rate_limited", {
        path: "/admin/auth",
        mode: "resend",
        clientIp: clientIpOf(context),
      });
      return tooManyAttemptsReply(resent.retryAfterSeconds);
    case "no-offer":
      return data<AuthReply>(
        {
          result: null,
          notice: makeToast(
            "error",
            "Please sign in again",
            "To have the link sent again, sign in with your email and password first.",
          ),
        },
        { status: 400 },
      );
    case "already-confirmed":
      return redirectWithToast(
        "/admin/auth",
        makeToast("success", "Email confirmed", "Your email is confirmed. You can sign in now."),
        { headers: { "Set-Cookie": resent.cookie } },
      );
    case "sent":
      return redirectWithToast(
        "/admin/auth",
        makeToast(
          "success",
          "Check your email",
          `We've sent a new confirmation link to ${resent.email}. It works for 24 hours.`,
        ),
        { headers: { "Set-Cookie": resent.cookie } },
      );
  }
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  // The form is read from a copy: signing in hands the request itself to remix-auth's strategy.
  const read = await readForm({ request: request.clone(), context });
  if (read.refused) return refusedForm(read.refused);
  const { formData } = read;
  if (formData.get("intent") === PASSKEY_SIGN_IN_INTENT) {
    return signInWithPasskeyAnswer(args, formData);
  }
  if (formData.get("intent") === RESEND_CONFIRMATION_INTENT) {
    return resendConfirmationAnswer(args);
  }
  const mode = signInModeOf(formData.get("mode"));
  const parsed = parseFields(formData, credentialsSchemaFor(mode), { hideFields: ["password"] });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const clientIp = clientIpOf(context);
  const tooMany = (retryAfterSeconds: number) => {
    logEvent("warn", "rate_limited", { path: "/admin/auth", mode, clientIp });
    return tooManyAttemptsReply(retryAfterSeconds, submission.reply({ hideFields: ["password"] }));
  };

  if (mode === "signup") {
    const account = submission.value.email.toLowerCase();
    const refused = (
      await Promise.all([
        rateLimiter("signUpPerAddress").hit(clientIp),
        rateLimiter("signUpPerAccount").hit(account),
      ])
    ).find((decision) => !decision.allowed);
    if (refused && !refused.allowed) return tooMany(refused.retryAfterSeconds);
    // After the limits: judging a password costs a few milliseconds, and its first check loads
    // the dictionaries.
    const signedUp = await signUp(submission.value);
    if (signedUp.outcome === "refused") {
      return data<FormReply>(
        {
          result: submission.reply({
            fieldErrors: { password: [signedUp.problem] },
            hideFields: ["password"],
          }),
          notice: null,
        },
        { status: 400 },
      );
    }
    logEvent("info", "admin_sign_up_requested", { clientIp });
    return redirectWithToast(
      "/admin/auth",
      makeToast("success", "Check your email", "We've sent you a confirmation link."),
    );
  }

  const signedIn = await signInWithPassword(request, submission.value.email, clientIp);
  switch (signedIn.outcome) {
    case "too-many":
      return tooMany(signedIn.retryAfterSeconds);
    case "invalid":
      logEvent("warn", "admin_sign_in_failed", { clientIp });
      return data<FormReply>(
        {
          result: submission.reply({ hideFields: ["password"] }),
          notice: makeToast("error", "Authentication Error", INVALID_CREDENTIALS),
        },
        { status: 401 },
      );
    case "unconfirmed":
      logEvent("info", "admin_sign_in_unconfirmed", { userId: signedIn.user.id });
      return data<AuthReply>(
        {
          result: submission.reply({ hideFields: ["password"] }),
          notice: makeToast("error", "Email not confirmed", UNCONFIRMED_EMAIL),
          offerConfirmation: true,
        },
        { status: 403, headers: { "Set-Cookie": await offerConfirmationAgain(signedIn.user) } },
      );
    case "needs-second-factor":
      logEvent("info", "admin_password_accepted", { userId: signedIn.user.id });
      return redirect("/admin/two-factor", { headers: { "Set-Cookie": signedIn.cookie } });
    case "signed-in":
      logEvent("info", "admin_signed_in", { userId: signedIn.user.id });
      return redirectWithToast(landingPageOf(signedIn.user), signedInNotice(signedIn.user), {
        headers: { "Set-Cookie": signedIn.cookie },
      });
  }
}

export default function AdminAuth() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const mode = signInModeOf(searchParams.get("mode"));
  return (
    <SignInCard
      title="Admin Access"
      intro="Sign in to manage the firm's Insights."
      notice={actionData?.notice}
      link={
        mode === "signup"
          ? { to: "/admin/auth", label: "Already have an account? Sign in" }
          : { to: "/admin/auth?mode=signup", label: "Need an account? Sign up" }
      }
    >
      {actionData && "offerConfirmation" in actionData ? <ResendConfirmation /> : null}
      <CredentialsForm mode={mode} reply={actionData} />
      {mode === "signup" ? null : <PasskeySignIn />}
    </SignInCard>
  );
}
