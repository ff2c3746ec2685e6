// The keyed hash of an email address: what the site keeps in place of an address it must not
// hold (an erased person's, in the audit log and on the list of addresses never to mail again),
// yet must still recognise when it comes back. HMAC-SHA256 with the server's secret, so no one
// without the secret can test a guessed address against it; the address is lower-cased first,
// as every feature matches addresses.
import crypto from "node:crypto";
import { env } from "./env.server";

export function addressKey(email: string, secret = env.SESSION_SECRET): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`address-key:${email.trim().toLowerCase()}`)
    .digest("base64url");
}
