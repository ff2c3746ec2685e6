// Sending the confirmation link again, from the sign-in page. Only the right password of an
// unconfirmed account offers it, so the offer is a signed cookie that sign-in sets then: the button
// carries no address, and nobody can have links sent to an address without that password. Each
// account gets a few links an hour (decision 053).
import { createCookie } from "react-router";
import { db } from "~/lib/db.server";
import { signedCookieOptions } from "~/lib/cookies.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { sendConfirmationAgain } from "./sign-up.server";
import { findUserById, type User } from "./user-queries.server";

/** How long after the right password the offer stands. */
const OFFER_LIFETIME_MS = 15 * 60 * 1000;

const offerCookie = createCookie("confirmation_offer", {
  ...signedCookieOptions("confirmation_offer"),
  // Only the admin's requests carry it; not /admin/auth alone, which would leave out the script's
  // posts to /admin/auth.data.
  path: "/admin",
  maxAge: OFFER_LIFETIME_MS / 1000,
});

/** The Set-Cookie header that offers `user` a new link, until the offer's lifetime is over. */
export function offerConfirmationAgain(user: User, now = new Date()) {
  return offerCookie.serialize({ userId: user.id, until: now.getTime() + OFFER_LIFETIME_MS });
}

/** The account whose offer the request carries, while it stands; a signed cookie is trusted. */
async function offeredUserId(request: Request, now: Date): Promise<number | null> {
  const offer: unknown = await offerCookie.parse(request.headers.get("Cookie"));
  if (typeof offer !== "object" || offer === null) return null;
  const { userId, until } = offer as { userId?: unknown; until?: unknown };
  if (typeof userId !== "number" || typeof until !== "number" || until <= now.getTime()) {
    return null;
  }
  return userId;
}

export type ConfirmationResend =
  | { outcome: "sent"; email: string; cookie: string }
  | { outcome: "too-many"; retryAfterSeconds: number }
  /** No offer, or one past its lifetime: the password is asked for again. */
  | { outcome: "no-offer" }
  | { outcome: "already-confirmed"; cookie: string };

const resends = rateLimiter("confirmationResendPerAccount");

/** Queues a new confirmation link for the account the request's offer names. */
export async function resendConfirmation(
  request: Request,
  now = new Date(),
): Promise<ConfirmationResend> {
  const userId = await offeredUserId(request, now);
  const user = userId === null ? undefined : findUserById(db, userId);
  if (!user) return { outcome: "no-offer" };
  // The offer is spent either way: another link takes the password again.
  const cookie = await offerCookie.serialize("", { maxAge: 0 });
  if (user.confirmedAt) return { outcome: "already-confirmed", cookie };
  const decision = await resends.hit(String(user.id));
  if (!decision.allowed) {
    return { outcome: "too-many", retryAfterSeconds: decision.retryAfterSeconds };
  }
  await sendConfirmationAgain(user, now);
  return { outcome: "sent", email: user.email, cookie };
}
