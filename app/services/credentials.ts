// What an email and password must look like, for the admin's sign-in and sign-up forms alike.
import { z } from "zod";
import { requiredEmail } from "./form-fields";
import { PASSWORD_LENGTH } from "./password-rules.js";

export const PASSWORD_MIN_LENGTH = PASSWORD_LENGTH.min;
export const PASSWORD_MAX_LENGTH = PASSWORD_LENGTH.max;

export const credentialsSchema = z.object({
  email: requiredEmail("Please enter your email address."),
  password: z
    .string({ required_error: "Please enter your password." })
    .min(PASSWORD_MIN_LENGTH, `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Please keep your password under ${PASSWORD_MAX_LENGTH} characters.`),
});

export type Credentials = z.infer<typeof credentialsSchema>;
