// The shape of a notice shown to the visitor (a toast), shared by server and browser.
import { z } from "zod";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error"]),
  title: z.string(),
  description: z.string(),
});

export type Toast = z.infer<typeof toastSchema>;

export function makeToast(type: Toast["type"], title: string, description: string): Toast {
  return { id: crypto.randomUUID(), type, title, description };
}
