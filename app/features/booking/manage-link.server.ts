// The link in a booking's emails that lets its visitor cancel or move the call: the call's own
// random key, signed with the server's secret, so nobody reaches another person's booking by
// changing the address. It works until the call starts (the page checks the time, not the link).
import crypto from "node:crypto";
import { env } from "~/lib/env.server";

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

// Naming the purpose in what is signed keeps a signature made for a cookie or a report link from
// ever passing for this one.
function signature(key: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`booking-manage:${key}`).digest();
}

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
  return `${key}.${signature(key, secret).toString("base64url")}`;
}

/** The call's key when the token is one this server signed, else undefined. */
export function checkManageToken(token: string, secret = env.SESSION_SECRET): string | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, key = "", given = ""] = match;
  // Compared as text, not decoded: 43 base64url characters carry 258 bits for the 256 of the
  // signature, so decoding would let three other last characters pass for the right one.
  const expected = Buffer.from(signature(key, secret).toString("base64url"));
  const presented = Buffer.from(given);
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
    return undefined;
  }
  return key;
}

/** The path of the page where the visitor cancels or moves the call. */
export function managePath(key: string) {
  return `/book/manage/${signManageToken(key)}`;
}

/** The same page's absolute address, for the emails. */
export function manageUrl(key: string, origin: string) {
  return new URL(managePath(key), origin).href;
}
