// The link in the confirmation email: asks for the password chosen at sign-up, and confirms the
// account with it once; then back to Admin Access. See docs/decisions/018.
import type { Route } from "./+types/admin.confirm";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { SignInButton, SignInCard, signInFormClassName } from "~/components/admin/sign-in-card";
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { FormField } from "~/components/ui/form-field";
import { PASSWORD_MAX_LENGTH, PasswordInput } from "~/features/accounts";
import { confirmEmail, isConfirmationOpen } from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { parseForm, type FormReply } from "~/lib/form-action.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

// Tokens are long and random; the limit stops anyone from trying them in bulk.
const MAX_TOKEN_LENGTH = 100;

export const WRONG_PASSWORD =
  "That is not the password chosen with this link. If you did not sign up with it, use the link from your own sign-up, or sign up again.";

const confirmationSchema = z.object({
  token: z.string({ error: "This link is incomplete." }).max(MAX_TOKEN_LENGTH),
  password: z
    .string({ error: "Please enter the password you chose when you signed up." })
    .max(PASSWORD_MAX_LENGTH, `Please keep your password under ${PASSWORD_MAX_LENGTH} characters.`),
});

export const headers = adminHeaders;
export const meta = adminMeta("Confirm your email", "Confirming a staff account's email.");

const linkNotValid = () =>
  redirectWithToast(
    "/admin/auth",
    makeToast(
      "error",
      "Link not valid",
      "This confirmation link is invalid, used or expired. Sign up again to get a new one.",
    ),
  );

const tooMany = {
  title: "Too many attempts",
  description:
    "There have been too many attempts. Please wait a few minutes and open the link again.",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  // Opening a link counts as an attempt too: tokens are guessed by opening them.
  const clientIp = clientIpOf(context);
  const decision = await rateLimiter("confirmationPerAddress").hit(clientIp);
  if (!decision.allowed) {
    logEvent("warn", "rate_limited", { path: "/admin/confirm", clientIp });
    return data(
      { token: null, result: null, notice: makeToast("error", tooMany.title, tooMany.description) },
      { status: 429, headers: { ...noStore, "Retry-After": String(decision.retryAfterSeconds) } },
    );
  }
  const token = url.searchParams.get("token") ?? "";
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !isConfirmationOpen(token)) {
    logEvent("info", "admin_email_confirmation", { outcome: "invalid" });
    throw await linkNotValid();
  }
  return data({ token, result: null, notice: null }, { headers: noStore });
}

export async function action(args: Route.ActionArgs) {
  const parsed = await parseForm(args, {
    rateLimit: "confirmationPerAddress",
    tooMany,
    schema: confirmationSchema,
    hideFields: ["password"],
    headers: noStore,
  });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const { token, password } = submission.value;
  const outcome = await confirmEmail(token, password);
  logEvent("info", "admin_email_confirmation", { outcome });
  if (outcome === "invalid") throw await linkNotValid();
  if (outcome === "wrong-password") {
    return data<FormReply>(
      {
        result: submission.reply({
          fieldErrors: { password: [WRONG_PASSWORD] },
          hideFields: ["password"],
        }),
        notice: null,
      },
      { status: 400, headers: noStore },
    );
  }
  throw await redirectWithToast(
    "/admin/auth",
    makeToast("success", "Email confirmed", "Your email is confirmed. You can sign in now."),
  );
}

export default function ConfirmEmail() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData?.notice ?? loaderData.notice;
  const token = loaderData.token;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: { password: { required: true, maxLength: PASSWORD_MAX_LENGTH } },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmationSchema }),
  });
  return (
    <SignInCard
      title="Confirm your email"
      notice={notice}
      link={{ to: "/admin/auth", label: "Back to Admin Access" }}
    >
      {token ? (
        <Form method="post" {...getFormProps(form)} noValidate className={signInFormClassName}>
          <p className="text-ink-soft">
            To finish, enter the password you chose when you signed up.
          </p>
          <input type="hidden" name="token" value={token} />
          <FormField label="Password" required field={fields.password}>
            <PasswordInput
              field={fields.password}
              autoComplete="current-password"
              clearedBy={actionData?.result ? JSON.stringify(actionData.result.error) : "password"}
            />
          </FormField>
          <SignInButton>Confirm Email</SignInButton>
        </Form>
      ) : null}
    </SignInCard>
  );
}
