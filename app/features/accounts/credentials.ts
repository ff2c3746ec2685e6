// What an email and password must look like: for signing in, any password an account may have;
// for signing up or choosing a new one, a new password as password-rules.ts asks.
import { z } from "zod";
import { requiredEmail } from "~/lib/form-fields";
import {
  NEW_PASSWORD_MIN_LENGTH,
  newPasswordShapeProblem,
  PASSWORD_LENGTH,
} from "./password-rules.ts";

export const PASSWORD_MIN_LENGTH = PASSWORD_LENGTH.min;
export const PASSWORD_MAX_LENGTH = PASSWORD_LENGTH.max;
export { NEW_PASSWORD_MIN_LENGTH };

const email = requiredEmail("Please enter your email address.");
const password = z.string({ error: "Please enter your password." });

export const credentialsSchema = z.object({
  email,
  password: password
    .min(PASSWORD_MIN_LENGTH, `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Please keep your password under ${PASSWORD_MAX_LENGTH} characters.`),
});

// Whether a new password is guessable is judged on the server only: its dictionaries are large.
const newPassword = password.superRefine((value, context) => {
  const problem = newPasswordShapeProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** Signing up. */
const newCredentialsSchema = z.object({ email, password: newPassword });

/** What the sign-in page's form does: sign in, unless it says to sign up. */
export type SignInMode = "signin" | "signup";
export const signInModeOf = (value: unknown): SignInMode =>
  value === "signup" ? "signup" : "signin";
export const credentialsSchemaFor = (mode: SignInMode) =>
  mode === "signup" ? newCredentialsSchema : credentialsSchema;

/** The sign-in page's button that sends the confirmation link again (decision 053). */
export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";

export const UNCONFIRMED_EMAIL =
  "Your email is not confirmed yet. Open the link we emailed you when you signed up, or have a new one sent.";

/** Asking for a link to choose a new password. */
export const passwordResetRequestSchema = z.object({ email });

/**
 * Choosing a new password through that link, which the form carries back; accepting an
 * invitation sends the same fields, its link's token and the new password.
 */
export const passwordResetSchema = z.object({
  // Tokens are 43 characters; the bound keeps a stranger's long guess from reaching a query.
  token: z.string({ error: "This link is incomplete." }).max(100),
  password: newPassword,
});

export type Credentials = z.infer<typeof credentialsSchema>;
