// The second step of signing in, for accounts with two-factor sign-in: the code from the
// authenticator app, or a recovery code. Only a session whose password was right gets here.
import type { Route } from "./+types/admin.two-factor";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { SignInButton, SignInCard, signInFormClassName } from "~/components/admin/sign-in-card";
import { Form, useActionData } from "react-router";
import { FormField, inputClass } from "~/components/ui/form-field";
import { WRONG_CODE, secondFactorSchema } from "~/features/accounts";
import {
  landingPageOf,
  signedInNotice,
  signInWithSecondFactor,
  userAwaitingSecondFactor,
} from "~/features/accounts/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { parseForm, tooManyAttemptsReply, type FormReply } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Enter your code", "The second step of signing in.");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await userAwaitingSecondFactor({ request, context }))) throw redirect("/admin/auth");
  return data(null, { headers: noStore });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const user = await userAwaitingSecondFactor(args);
  if (!user) {
    throw await redirectWithToast(
      "/admin/auth",
      makeToast("error", "Please sign in again", "Signing in took too long. Please start again."),
    );
  }
  const parsed = await parseForm(args, {
    schema: secondFactorSchema,
    hideFields: ["code"],
    headers: noStore,
  });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const clientIp = clientIpOf(context);
  const checked = await signInWithSecondFactor(request, user, submission.value.code, clientIp);
  switch (checked.outcome) {
    case "too-many":
      logEvent("warn", "rate_limited", { path: "/admin/two-factor", clientIp });
      return tooManyAttemptsReply(
        checked.retryAfterSeconds,
        submission.reply({ hideFields: ["code"] }),
        noStore,
      );
    case "wrong":
      logEvent("warn", "admin_second_factor_failed", { userId: user.id, clientIp });
      return data<FormReply>(
        {
          result: submission.reply({ hideFields: ["code"] }),
          notice: makeToast("error", "Wrong code", WRONG_CODE),
        },
        { status: 400, headers: noStore },
      );
    case "accepted": {
      // A new session id for the signed-in session: the half-way one is spent.
      const { cookie } = checked;
      logEvent("info", "admin_signed_in", { userId: user.id, with: checked.value });
      const welcome =
        checked.value === "recovery-code"
          ? makeToast(
              "success",
              "Signed in with a recovery code",
              "That code is now used. Make new ones on the Security page if few are left.",
            )
          : signedInNotice(user);
      return redirectWithToast(landingPageOf(user), welcome, {
        headers: { "Set-Cookie": cookie },
      });
    }
  }
}

export default function EnterYourCode() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: { code: { required: true } },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorSchema }),
  });
  const notice = actionData?.notice;
  return (
    <SignInCard
      title="Enter your code"
      intro="Open your authenticator app and enter the 6-digit code it shows for this site."
      notice={notice}
      link={{ to: "/admin/auth", label: "Back to Admin Access" }}
    >
      <Form method="post" {...getFormProps(form)} noValidate className={signInFormClassName}>
        <FormField label="Code" required field={fields.code}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            // A refused code is cleared, with JavaScript as without.
            key={notice?.id ?? "code"}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        </FormField>
        <p className="text-sm text-ink-soft">
          No phone to hand? Enter one of your recovery codes instead.
        </p>
        <SignInButton>Verify</SignInButton>
      </Form>
    </SignInCard>
  );
}
