// Forgot your password: asks for the account's email and sends a link to choose a new one. The
// answer is the same for every address, so nobody learns here which addresses have accounts.
import type { Route } from "./+types/admin.forgot-password";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { SignInButton, SignInCard, signInFormClassName } from "~/components/admin/sign-in-card";
import { Form, useActionData } from "react-router";
import { FormField, inputClass } from "~/components/ui/form-field";
import { passwordResetRequestSchema } from "~/features/accounts";
import { requestPasswordReset } from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { parseForm, tooManyAttemptsReply } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const RESET_LINK_SENT =
  "If an account uses that address, we've sent it a link to choose a new password. The link works once, for one hour.";

export const headers = adminHeaders;
export const meta = adminMeta(
  "Forgot your password?",
  "Get a link to choose a new password for a staff account.",
);

export async function action(args: Route.ActionArgs) {
  const parsed = await parseForm(args, {
    rateLimit: "passwordResetPerAddress",
    schema: passwordResetRequestSchema,
    headers: noStore,
  });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const clientIp = clientIpOf(args.context);
  // Counted for every address typed, an account's or not, so the limit tells nothing either.
  const perAccount = await rateLimiter("passwordResetPerAccount").hit(
    submission.value.email.toLowerCase(),
  );
  if (!perAccount.allowed) {
    logEvent("warn", "rate_limited", { path: "/admin/forgot-password", clientIp });
    return tooManyAttemptsReply(perAccount.retryAfterSeconds, submission.reply(), noStore);
  }
  await requestPasswordReset(submission.value.email);
  logEvent("info", "admin_password_reset_requested", { clientIp });
  return redirectWithToast(
    "/admin/auth",
    makeToast("success", "Check your email", RESET_LINK_SENT),
  );
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: { email: { required: true } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetRequestSchema }),
  });
  return (
    <SignInCard
      title="Forgot your password?"
      intro="Enter your account's email and we'll send you a link to choose a new password."
      notice={actionData?.notice}
      link={{ to: "/admin/auth", label: "Back to Admin Access" }}
    >
      <Form method="post" {...getFormProps(form)} noValidate className={signInFormClassName}>
        <FormField label="Email" required field={fields.email}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            className={inputClass}
          />
        </FormField>
        <SignInButton>Send me a link</SignInButton>
      </Form>
    </SignInCard>
  );
}
