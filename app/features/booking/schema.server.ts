// The booking form's schema, checked by the action alone; the zone must be one Intl knows.
import { z } from "zod";
import {
  NO_CONTROL_CHARACTERS_BUT_WHITESPACE,
  phoneNumber,
  requiredEmail,
  requiredText,
} from "~/lib/form-fields";
import { bookingLimits, missingBookingMessages } from "./form";
import { isTimeZone } from "./time-zones.server";

export const bookingRequestSchema = z.object({
  fullName: requiredText(missingBookingMessages.fullName, bookingLimits.fullName),
  email: requiredEmail(missingBookingMessages.email, bookingLimits.email),
  company: requiredText(missingBookingMessages.company, bookingLimits.company),
  phone: phoneNumber(bookingLimits.phone).optional(),
  // Browsers post a textarea's line breaks as CRLF; store them the same way whatever sent them.
  topic: requiredText(
    missingBookingMessages.topic,
    bookingLimits.topic,
    NO_CONTROL_CHARACTERS_BUT_WHITESPACE,
  ).transform((text) => text.replace(/\r\n?/g, "\n")),
  timeZone: z
    .string({ error: "Please choose a time zone from the list." })
    .refine(isTimeZone, "Please choose a time zone from the list."),
});
