// The link in a booking's emails that lets its visitor cancel or move the call: the call's own
// random key, signed with the server's secret, so nobody reaches another person's booking by
// changing the address. It works until the call starts (the page checks the time, not the link).
import { env } from "~/lib/env.server";
import { linkSignatureMatches, signLinkValue, SIGNATURE_PATTERN } from "~/lib/signed-links.server";

const TOKEN = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(${SIGNATURE_PATTERN})$`,
);
const PURPOSE = "booking-manage";

/** A new call's key: the local part of its iCalendar UID. */
export function newBookingKey() {
  return crypto.randomUUID();
}

/** The iCalendar UID of the call with this key, unique to this site's host. */
export function bookingUid(key: string, origin: string) {
  return `${key}@${new URL(origin).hostname}`;
}

/** The key of a UID this site made. */
export function keyOfUid(uid: string) {
  return uid.slice(0, uid.indexOf("@"));
}

export function signManageToken(key: string, secret = env.SESSION_SECRET) {
  return `${key}.${signLinkValue(PURPOSE, key, secret)}`;
}

/** The call's key when the token is one this server signed, else undefined. */
export function checkManageToken(token: string, secret = env.SESSION_SECRET): string | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, key = "", given = ""] = match;
  return linkSignatureMatches(PURPOSE, key, given, secret) ? key : undefined;
}

/** The path of the page where the visitor cancels or moves the call. */
export function managePath(key: string) {
  return `/book/manage/${signManageToken(key)}`;
}

/** The same page's absolute address, for the emails. */
export function manageUrl(key: string, origin: string) {
  return new URL(managePath(key), origin).href;
}
