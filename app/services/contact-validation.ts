// The contact form's check in the browser: conform's reading of the form against the same schema
// the server action uses. Loaded on demand (see browser/contact-form.ts), as it brings zod with it.
import { parseWithZod } from "@conform-to/zod/v4";
import { contactMessageSchema } from "./contact-message";

export function validateContactMessage(formData: FormData) {
  return parseWithZod(formData, { schema: contactMessageSchema });
}
