// The contact form's check in the browser: conform's reading of the form against the same schema
// the server action uses. Loaded on demand (loadContactValidation), as it brings zod with it.
import { parseWithZod } from "@conform-to/zod/v4";
import { contactMessageSchema } from "./schema";

export function validateContactMessage(formData: FormData) {
  return parseWithZod(formData, { schema: contactMessageSchema });
}

export type ContactValidation = typeof validateContactMessage;
