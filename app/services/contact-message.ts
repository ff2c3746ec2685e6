// The contact form's one schema, used by the browser (conform) and the server action alike.
import { z } from "zod";

export const contactLimits = { fullName: 120, email: 254, phone: 40, message: 5000 } as const;

/** Field errors that mean "left empty": any of them shows the spec's Missing Information notice. */
export const missingFieldMessages = {
  fullName: "Please enter your full name.",
  email: "Please enter your email address.",
  message: "Please enter a message.",
} as const;

const ONE_VALUE = "Please send this field once, as text.";
// Control characters have no place in a name, address or phone number; a message may keep
// line breaks and tabs but nothing else from that range.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const NO_CONTROL_CHARACTERS_BUT_WHITESPACE = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;

function requiredText(missing: string, maxLength: number, allowedPattern: RegExp) {
  return z
    .string({ required_error: missing, invalid_type_error: ONE_VALUE })
    .trim()
    .min(1, missing)
    .max(maxLength, `Please keep this under ${maxLength} characters.`)
    .regex(allowedPattern, "This contains characters that are not allowed.");
}

export const contactMessageSchema = z.object({
  fullName: requiredText(
    missingFieldMessages.fullName,
    contactLimits.fullName,
    NO_CONTROL_CHARACTERS,
  ),
  email: requiredText(missingFieldMessages.email, contactLimits.email, NO_CONTROL_CHARACTERS).pipe(
    z.string().email("Please enter a valid email address."),
  ),
  phone: z
    .string({ invalid_type_error: ONE_VALUE })
    .trim()
    .max(contactLimits.phone, `Please keep this under ${contactLimits.phone} characters.`)
    .regex(/^[0-9+().\-\s]*$/, "Please use digits, spaces and + ( ) - only.")
    .optional(),
  // Browsers post a textarea's line breaks as CRLF; store them the same way whatever sent them.
  message: requiredText(
    missingFieldMessages.message,
    contactLimits.message,
    NO_CONTROL_CHARACTERS_BUT_WHITESPACE,
  ).transform((text) => text.replace(/\r\n?/g, "\n")),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** The hidden field that people never see and naive bots fill in. */
export const HONEYPOT_FIELD = "website";
