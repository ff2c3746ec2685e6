// The form that adds a webhook endpoint, checked alike in the browser (conform) and on the server.
import { z } from "zod";
import { WEBHOOK_EVENTS, type WebhookEventType } from "./events";

export const URL_MAX_LENGTH = 2000;
export const DESCRIPTION_MAX_LENGTH = 200;

const eventTypes = WEBHOOK_EVENTS.map((event) => event.type) as [
  WebhookEventType,
  ...WebhookEventType[],
];

export const endpointSchema = z.object({
  url: z
    .string({ error: "Please enter the address that receives the events." })
    .trim()
    .max(URL_MAX_LENGTH, `Please keep the address under ${URL_MAX_LENGTH} characters.`)
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      "Please enter a full web address starting with https:// or http://.",
    )
    .refine(
      (value) => !URL.canParse(value) || !new URL(value).username,
      "Please leave the user name and password out of the address.",
    ),
  description: z
    .string()
    .trim()
    .max(
      DESCRIPTION_MAX_LENGTH,
      `Please keep the description under ${DESCRIPTION_MAX_LENGTH} characters.`,
    )
    .optional(),
  events: z
    .array(z.enum(eventTypes, { error: "Please choose from the events listed." }), {
      error: "Please choose at least one event.",
    })
    .min(1, "Please choose at least one event."),
});

export type EndpointInput = z.infer<typeof endpointSchema>;
