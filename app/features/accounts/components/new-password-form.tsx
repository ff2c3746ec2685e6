// The form behind a link that lets someone choose a password (the password link, an invitation):
// the link's token, the new password under the rule with its Show toggle, and the button.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { SignInButton, signInFormClassName } from "~/components/admin/sign-in-card";
import { FormField } from "~/components/ui/form-field";
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, passwordResetSchema } from "../credentials";
import { PasswordInput } from "./password-input";

export function NewPasswordForm({
  token,
  lastResult,
  submitLabel,
}: {
  token: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    lastResult,
    constraint: {
      password: {
        required: true,
        minLength: NEW_PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
      },
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={signInFormClassName}>
      <input type="hidden" name="token" value={token} />
      <FormField label="New password" required field={fields.password}>
        <PasswordInput
          field={fields.password}
          autoComplete="new-password"
          // A refused password is cleared, with JavaScript as without.
          clearedBy={lastResult ? JSON.stringify(lastResult.error) : "password"}
        />
      </FormField>
      <SignInButton>{submitLabel}</SignInButton>
    </Form>
  );
}
