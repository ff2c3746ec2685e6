// The subscribe form's schema, which the action checks every post against (conform's parse).
import { z } from "zod";
import { requiredEmail, requiredText } from "~/lib/form-fields";
import { formSources, missingEmailMessage, subscribeLimits } from "./form";

export const subscribeSchema = z.object({
  email: requiredEmail(missingEmailMessage, subscribeLimits.email),
  name: requiredText("", subscribeLimits.name).optional(),
  // A hidden field: a page that posts no source, or another, is counted as the list's.
  source: z.enum(formSources).catch("insights"),
});
