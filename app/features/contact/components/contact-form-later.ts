// The contact form as the page draws it: its code (conform, the form's state) is fetched after the
// page's first scripts, which then stay within their budget with room for other forms
// (docs/decisions/057).
import { drawnLater } from "~/components/drawn-later";

export const ContactFormLater = drawnLater(() =>
  import("./contact-form").then((module) => module.ContactForm),
);
