// Field rules shared by the site's forms: required text, email and phone, with the same messages.
import { z } from "zod";

export const ONE_VALUE = "Please send this field once, as text.";
// Control characters have no place in a name, address or phone number; a message may keep
// line breaks and tabs but nothing else from that range.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
export const NO_CONTROL_CHARACTERS_BUT_WHITESPACE = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;

export function requiredText(
  missing: string,
  maxLength: number,
  allowedPattern: RegExp = NO_CONTROL_CHARACTERS,
) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : ONE_VALUE) })
    .trim()
    .min(1, missing)
    .max(maxLength, `Please keep this under ${maxLength} characters.`)
    .regex(allowedPattern, "This contains characters that are not allowed.");
}

export function requiredEmail(missing: string, maxLength = 254) {
  return requiredText(missing, maxLength).pipe(z.email("Please enter a valid email address."));
}

export function phoneNumber(maxLength = 40) {
  return z
    .string({ error: ONE_VALUE })
    .trim()
    .max(maxLength, `Please keep this under ${maxLength} characters.`)
    .regex(/^[0-9+().\-\s]*$/, "Please use digits, spaces and + ( ) - only.");
}
