// The sign-in page's form: an email and a password, to sign in or, in its sign-up mode, to ask
// for an account; and the button that sends a confirmation link again, which only the right
// password of an unconfirmed account brings.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { SignInButton, signInFormClassName } from "~/components/admin/sign-in-card";
import { Button } from "~/components/ui/button";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { Toast } from "~/lib/toast";
import {
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESEND_CONFIRMATION_INTENT,
  credentialsSchemaFor,
  type SignInMode,
} from "../credentials";
import { PasswordInput } from "./password-input";

export function CredentialsForm({
  mode,
  reply,
}: {
  mode: SignInMode;
  /** The action's answer to the last post, if any. */
  reply: { result: SubmissionResult<string[]> | null; notice: Toast | null } | undefined;
}) {
  const signingUp = mode === "signup";
  const [form, fields] = useForm({
    lastResult: reply?.result,
    constraint: {
      email: { required: true },
      password: {
        required: true,
        minLength: signingUp ? NEW_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
      },
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: credentialsSchemaFor(mode) }),
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className={signInFormClassName}>
      <input type="hidden" name="mode" value={mode} />
      <FormField label="Email" required field={fields.email}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          className={inputClass}
        />
      </FormField>
      <FormField label="Password" required field={fields.password}>
        <PasswordInput
          field={fields.password}
          autoComplete={signingUp ? "new-password" : "current-password"}
          // A refused attempt clears the password, with JavaScript as without.
          clearedBy={reply?.notice?.id ?? "password"}
        />
      </FormField>
      {signingUp ? null : (
        <p className="text-sm">
          <Link
            to="/admin/forgot-password"
            className="font-semibold text-brand-strong underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        </p>
      )}
      <SignInButton>{signingUp ? "Sign Up" : "Sign In"}</SignInButton>
    </Form>
  );
}

/** Sends the confirmation link again; the sign-in that offered it left a cookie naming the account. */
export function ResendConfirmation() {
  return (
    <Form method="post" action="/admin/auth" className="mt-4">
      <input type="hidden" name="intent" value={RESEND_CONFIRMATION_INTENT} />
      <Button type="submit" variant="secondary" className="w-full">
        Send the link again
      </Button>
    </Form>
  );
}
