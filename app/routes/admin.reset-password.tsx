// The link in the password email: choose a new password, once, within the link's hour. It signs
// nobody in: the next sign-in asks for the new password, then the two-factor code where it is on.
import type { Route } from "./+types/admin.reset-password";
import { data, useActionData, useLoaderData } from "react-router";
import { SignInCard } from "~/components/admin/sign-in-card";
import { NewPasswordForm, passwordResetSchema } from "~/features/accounts";
import { passwordResetState, resetPassword } from "~/features/accounts/index.server";
import { adminMeta } from "~/lib/admin-route";
import { parseForm, type FormReply } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const PASSWORD_CHANGED =
  "Your password was changed and every session of your account was signed out. Please sign in with your new password.";

export const LINK_CLOSED = {
  spent: {
    title: "This link no longer works",
    text: "This link was already used, or a newer one was sent, or its hour is over.",
  },
  unknown: {
    title: "This link does not work",
    text: "This link is not one we sent. Check that it was copied whole.",
  },
} as const;

// The token is in this page's address: no other site is told it, not even as a Referer. Not
// `no-referrer`, which would make the browser send `Origin: null` with the form, and the
// same-origin check refuses that (server/security.ts).
const pageHeaders = { ...noStore, "Referrer-Policy": "same-origin" };

export const headers = () => pageHeaders;
export const meta = adminMeta(
  "Choose a new password",
  "Choosing a new password for a staff account.",
);

/** A link that cannot set a password: 410 once spent, 404 when it never was one of ours. */
const statusOf = (state: keyof typeof LINK_CLOSED) => (state === "spent" ? 410 : 404);

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const state = passwordResetState(token);
  if (state !== "open") {
    logEvent("info", "admin_password_reset_link", { outcome: state });
    return data({ token: null, state }, { status: statusOf(state), headers: pageHeaders });
  }
  return data({ token, state }, { headers: pageHeaders });
}

export async function action(args: Route.ActionArgs) {
  const parsed = await parseForm(args, {
    schema: passwordResetSchema,
    hideFields: ["password"],
    headers: pageHeaders,
  });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const reset = await resetPassword(submission.value.token, submission.value.password);
  logEvent("info", "admin_password_reset", { outcome: reset.outcome });
  switch (reset.outcome) {
    case "refused":
      return data<FormReply>(
        {
          result: submission.reply({
            fieldErrors: { password: [reset.problem] },
            hideFields: ["password"],
          }),
          notice: null,
        },
        { status: 400, headers: pageHeaders },
      );
    case "spent":
    case "unknown":
      // The page, loaded again, says what became of the link.
      return data<FormReply>(
        { result: null, notice: null },
        { status: statusOf(reset.outcome), headers: pageHeaders },
      );
    case "changed":
      return redirectWithToast(
        "/admin/auth",
        makeToast("success", "Password changed", PASSWORD_CHANGED),
      );
  }
}

export default function ResetPassword() {
  const { token, state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (state !== "open") {
    return (
      <SignInCard
        title={LINK_CLOSED[state].title}
        intro={LINK_CLOSED[state].text}
        notice={actionData?.notice}
        link={{ to: "/admin/forgot-password", label: "Ask for a new link" }}
      />
    );
  }
  return (
    <SignInCard
      title="Choose a new password"
      intro="The password you sign in with from now on."
      notice={actionData?.notice}
      link={{ to: "/admin/auth", label: "Back to Admin Access" }}
    >
      <NewPasswordForm
        token={token}
        lastResult={actionData?.result}
        submitLabel="Set New Password"
      />
    </SignInCard>
  );
}
