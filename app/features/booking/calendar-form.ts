// The form that adds a staff calendar, checked alike in the browser (conform) and on the server;
// which schemes may be read is the server's to say (calendar-import.server.ts).
import { z } from "zod";

export const LABEL_MAX_LENGTH = 100;
export const CALENDAR_URL_MAX_LENGTH = 2000;

export const calendarSchema = z.object({
  label: z
    .string({ error: "Please name the calendar, e.g. whose it is." })
    .trim()
    .min(1, "Please name the calendar, e.g. whose it is.")
    .max(LABEL_MAX_LENGTH, `Please keep the name under ${LABEL_MAX_LENGTH} characters.`),
  url: z
    .string({ error: "Please paste the calendar's secret address." })
    .trim()
    .max(
      CALENDAR_URL_MAX_LENGTH,
      `Please keep the address under ${CALENDAR_URL_MAX_LENGTH} characters.`,
    )
    .refine(
      (value) => URL.canParse(value),
      "Please paste the whole address, starting with https:// or webcal://.",
    ),
});

export type CalendarInput = z.infer<typeof calendarSchema>;
