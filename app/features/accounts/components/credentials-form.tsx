// The sign-in page's form: an email and a password, to sign in or, in its sign-up mode, to ask
// for an account. Once JavaScript runs, a button shows and hides the password.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link } from "react-router";
import { SignInButton, signInFormClassName } from "~/components/admin/sign-in-card";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  credentialsSchemaFor,
  type SignInMode,
} from "../credentials";

export function CredentialsForm({
  mode,
  reply,
}: {
  mode: SignInMode;
  /** The action's answer to the last post, if any. */
  reply: { result: SubmissionResult<string[]> | null; notice: Toast | null } | undefined;
}) {
  const signingUp = mode === "signup";
  const hydrated = useHydrated();
  const [passwordShown, setPasswordShown] = useState(false);
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
        <div className="relative">
          <input
            {...getInputProps(fields.password, { type: passwordShown ? "text" : "password" })}
            // A refused attempt clears the password, with JavaScript as without.
            key={reply?.notice?.id ?? "password"}
            autoComplete={signingUp ? "new-password" : "current-password"}
            className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
          />
          {hydrated ? (
            <button
              type="button"
              onClick={() => setPasswordShown((shown) => !shown)}
              aria-pressed={passwordShown}
              aria-controls={fields.password.id}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded px-2 py-1 text-sm font-semibold text-brand-strong hover:bg-brand-soft"
            >
              {passwordShown ? "Hide" : "Show"}
              <span className="sr-only"> password</span>
            </button>
          ) : null}
        </div>
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
