export { HONEYPOT_FIELD, contactLimits, missingFieldMessages } from "./form";
export { contactMessageSchema } from "./schema";
export type { ContactValidation } from "./validation";

/** The form's check in the browser, loaded on first touch of the form: it brings zod with it. */
export const loadContactValidation = () => import("./validation");
