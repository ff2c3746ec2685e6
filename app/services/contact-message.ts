// The contact form's one schema, used by the browser (conform) and the server action alike.
import { z } from "zod";
import {
  NO_CONTROL_CHARACTERS_BUT_WHITESPACE,
  phoneNumber,
  requiredEmail,
  requiredText,
} from "./form-fields";

export const contactLimits = { fullName: 120, email: 254, phone: 40, message: 5000 } as const;

/** Field errors that mean "left empty": any of them shows the spec's Missing Information notice. */
export const missingFieldMessages = {
  fullName: "Please enter your full name.",
  email: "Please enter your email address.",
  message: "Please enter a message.",
} as const;

export const contactMessageSchema = z.object({
  fullName: requiredText(missingFieldMessages.fullName, contactLimits.fullName),
  email: requiredEmail(missingFieldMessages.email, contactLimits.email),
  phone: phoneNumber(contactLimits.phone).optional(),
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
