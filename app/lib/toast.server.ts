// Carries a notice across a redirect in a signed flash cookie, so it shows with or without JavaScript.
import { createCookieSessionStorage, redirect } from "react-router";
import { signedCookieOptions } from "./cookies.server";
import { z } from "zod";
import type { Toast } from "./toast";

const FLASH_KEY = "toast";

/** A flash cookie is signed, but what it holds is still checked before it is shown. */
const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error"]),
  title: z.string(),
  description: z.string(),
  // A path on this site only: a notice never sends staff elsewhere.
  link: z.object({ href: z.string().regex(/^\/(?![/\\])/), label: z.string() }).optional(),
}) satisfies z.ZodType<Toast>;

const toastSessionStorage = createCookieSessionStorage({
  cookie: signedCookieOptions("toast"),
});

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const session = await toastSessionStorage.getSession();
  session.flash(FLASH_KEY, toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastSessionStorage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Reads (and thereby clears) the pending notice; the headers must go out with the response. */
export async function getToast(request: Request) {
  const session = await toastSessionStorage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success
      ? new Headers({ "Set-Cookie": await toastSessionStorage.destroySession(session) })
      : null,
  };
}
