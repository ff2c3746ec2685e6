// The contact form's limits and messages: what the page needs to draw the form. Free of
// the validation library, which the page loads only once a visitor starts on the form
// (validation.ts); schema.ts builds the schema from these.

export const contactLimits = { fullName: 120, email: 254, phone: 40, message: 5000 } as const;

/** Field errors that mean "left empty": any of them shows the spec's Missing Information notice. */
export const missingFieldMessages = {
  fullName: "Please enter your full name.",
  email: "Please enter your email address.",
  message: "Please enter a message.",
} as const;

/**
 * The hidden field that names one filling-in of the form, so the same post sent again stores one
 * message (docs/decisions/039-contact-replays-and-held-mail.md). The browser's script fills it in
 * on each showing of the form; without the script it is posted empty.
 */
export const FORM_ID_FIELD = "formId";
