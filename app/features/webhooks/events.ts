// The events a webhook endpoint can receive, and the body every delivery carries. The body follows
// the Standard Webhooks payload shape: the event's type, when it happened, and its data.

export const WEBHOOK_EVENTS = [
  {
    type: "contact.message",
    label: "Contact message",
    description: "Someone sent the contact form.",
  },
  {
    type: "assessment.submitted",
    label: "Assessment submitted",
    description: "Someone completed the Operational Efficiency Assessment.",
  },
  {
    type: "booking.created",
    label: "Call booked",
    description: "Someone booked a discovery call.",
  },
  {
    type: "booking.cancelled",
    label: "Call cancelled",
    description: "A booked discovery call was cancelled, by its visitor or by staff.",
  },
  {
    type: "subscriber.confirmed",
    label: "Subscriber confirmed",
    description: "Someone confirmed their subscription to Insights by email.",
  },
  {
    type: "privacy.erased",
    label: "Personal data erased",
    description:
      "Staff erased one person's data at their request: the ids of their erased leads, never their address.",
  },
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]["type"];

/** Sent by "Send test event", to one endpoint only, whatever events it chose. */
export const TEST_EVENT_TYPE = "webhook.test";

export function eventLabel(type: string): string {
  if (type === TEST_EVENT_TYPE) return "Test event";
  return WEBHOOK_EVENTS.find((event) => event.type === type)?.label ?? type;
}

/** The JSON body of a delivery, the exact text that is signed and sent. */
export function eventPayload(type: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}
