// The firm's staff as the admin's tests need them: accounts made straight in the database, a
// signed-in session for any of them, the form posts their pages send and the notices they read.
import { startSession } from "~/features/accounts/admin-session.server";
import { hashPassword } from "~/features/accounts/passwords.server";
import { insertUser, type User } from "~/features/accounts/user-queries.server";
import { db } from "~/lib/db.server";
import { getToast } from "~/lib/toast.server";

let accounts = 0;

/**
 * Makes confirmed accounts that sign in with `password`, confirmed (and approved, unless told
 * otherwise) at `at`, or when each is made; each at an address of its own unless given one.
 */
export async function staffAccounts(password: string, { at }: { at?: Date } = {}) {
  const passwordHash = await hashPassword(password);
  return ({ owner = false, approved = true, email = "" } = {}): User => {
    accounts += 1;
    return insertUser(db, {
      email: email || `staff-${accounts}@example.org`,
      passwordHash,
      confirmedAt: at ?? new Date(),
      approvedAt: approved ? (at ?? new Date()) : undefined,
      owner,
    });
  };
}

/** The `name=value` a browser sends back of a Set-Cookie line. */
export const cookieOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

/** The session cookie a sign-in answered with, or "" without one. */
export const sessionCookieOf = (headers: Headers) =>
  cookieOf(headers.getSetCookie().find((cookie) => cookie.startsWith("admin_session=")) ?? "");

/** The cookie of a new session for `user`, begun at `now`. */
export const signedIn = async (user: User, now?: Date) =>
  cookieOf(await startSession(new Request("http://localhost"), user.id, now));

/** A form's POST to `url`, as a browser sends it, with the session cookie if given. */
export const form = (url: string, fields: Record<string, string>, cookie = "") =>
  new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });

/** The notice a redirect leaves for the next page, or null without one. */
export async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((value) => value.startsWith("toast="));
  const request = new Request("http://localhost", { headers: { Cookie: cookieOf(cookie ?? "") } });
  return (await getToast(request)).toast;
}
