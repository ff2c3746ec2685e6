// The signed token of an unsubscribe link, for a secret given: free of the server's environment,
// so a browser test can sign links for the server it started (links.server.ts signs with the
// server's own SESSION_SECRET).
import crypto from "node:crypto";

const UNSUBSCRIBE_TOKEN = /^([1-9]\d{0,15})\.([\w-]{43})$/;

// Naming the purpose in what is signed keeps a signature made for a cookie or another link from
// ever passing for this one.
const signature = (id: number, secret: string) =>
  crypto.createHmac("sha256", secret).update(`insights-unsubscribe:${id}`).digest("base64url");

export function signedUnsubscribeToken(id: number, secret: string) {
  return `${id}.${signature(id, secret)}`;
}

/** The subscriber's id when the token was signed with `secret`, else undefined. */
export function idOfUnsubscribeToken(token: string, secret: string): number | undefined {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  // Compared as text: decoding would let other last characters pass for the right one.
  const expected = Buffer.from(signature(id, secret));
  const presented = Buffer.from(match[2] ?? "");
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
    return undefined;
  }
  return id;
}
