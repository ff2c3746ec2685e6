// Signatures for the links the site emails (a report, a booked call, an unsubscribe): HMAC-SHA256
// with the server's secret over the link's purpose and value, written as 43 base64url characters.
// Naming the purpose in what is signed keeps a signature made for one link, or for a cookie, from
// ever passing for another.
import crypto from "node:crypto";

/** A signature's form in a link: 43 base64url characters. */
export const SIGNATURE_PATTERN = "[\\w-]{43}";

export function signLinkValue(purpose: string, value: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
}

/**
 * Whether `given` is the signature of this purpose and value. Compared as text, never decoded:
 * 43 base64url characters carry 258 bits for the 256 of the signature, so decoding would let
 * three other last characters pass for the right one.
 */
export function linkSignatureMatches(
  purpose: string,
  value: string,
  given: string,
  secret: string,
): boolean {
  const expected = Buffer.from(signLinkValue(purpose, value, secret));
  const presented = Buffer.from(given);
  return presented.length === expected.length && crypto.timingSafeEqual(presented, expected);
}
