// The code asked for at sign-in and on the Security page: six digits from the authenticator app,
// or, where it is accepted, a recovery code. Safe in the browser.
import { z } from "zod";

// A recovery code is 16 characters in groups of four; more than this is neither kind of code.
const MAX_CODE_LENGTH = 40;

export const WRONG_CODE =
  "That code is not right, or was used already. Wait for the next code, or use a recovery code.";

export const ONLY_OWNERS_REQUIRE = "Only an owner can require two-factor sign-in for every admin.";

export const secondFactorSchema = z.object({
  code: z
    .string({ error: "Please enter the code." })
    .trim()
    .min(1, "Please enter the code.")
    .max(MAX_CODE_LENGTH, "That is not a code from your app or a recovery code."),
});

export const requireTwoFactorSchema = z.object({
  required: z.enum(["true", "false"], { error: "Please use the switch on this page." }),
});

/**
 * The Users page's intent that resets an account's two-factor sign-in; without JavaScript its
 * button opens the page with this query, `?reset-two-factor=id`, to ask first.
 */
export const RESET_TWO_FACTOR = "reset-two-factor";
