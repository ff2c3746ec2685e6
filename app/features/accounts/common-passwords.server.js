// Refuses passwords that attackers try first: the ~30,000 most common passwords from breaches,
// as zxcvbn-ts ships them. Server-only, so the list never reaches a browser. Plain JavaScript
// for `npm run admin:create`.
import { dictionary } from "@zxcvbn-ts/language-common";
import { NEW_PASSWORD_MESSAGES, newPasswordShapeProblem } from "./password-rules.js";

const commonPasswords = new Set(dictionary["passwords-common"]);

/**
 * What is wrong with a new password, or null when it may be used.
 * @param {string} password
 * @returns {string | null}
 */
export function newPasswordProblem(password) {
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
