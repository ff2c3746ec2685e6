// Refuses passwords that attackers try first: the ~30,000 most common passwords from breaches,
// as zxcvbn-ts ships them. Server-only, so the list never reaches a browser. Node also runs it as
// it is, for `npm run admin:create`, so it imports the rules by their file's own name.
import { dictionary } from "@zxcvbn-ts/language-common";
import { NEW_PASSWORD_MESSAGES, newPasswordShapeProblem } from "./password-rules.ts";

const commonPasswords = new Set(dictionary["passwords-common"]);

/** What is wrong with a new password, or null when it may be used. */
export function newPasswordProblem(password: string): string | null {
  const shape = newPasswordShapeProblem(password);
  if (shape) return shape;
  // The list is lower case; "Password123!" is as guessable as "password123!".
  if (
    commonPasswords.has(password.toLowerCase()) ||
    commonPasswords.has(password.trim().toLowerCase())
  ) {
    return NEW_PASSWORD_MESSAGES.common;
  }
  return null;
}
