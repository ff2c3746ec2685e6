// The contact form's one schema, used by the browser (conform) and the server action alike.
import { z } from "zod";
import {
  NO_CONTROL_CHARACTERS_BUT_WHITESPACE,
  phoneNumber,
  requiredEmail,
  requiredText,
} from "~/lib/form-fields";
import { contactLimits, missingFieldMessages } from "./form";

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
