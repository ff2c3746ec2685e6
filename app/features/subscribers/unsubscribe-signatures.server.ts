// The signed token of an unsubscribe link, for a secret given: free of the server's environment,
// so a browser test can sign links for the server it started (links.server.ts signs with the
// server's own SESSION_SECRET).
import { linkSignatureMatches, signLinkValue, SIGNATURE_PATTERN } from "~/lib/signed-links.server";

const UNSUBSCRIBE_TOKEN = new RegExp(`^([1-9]\\d{0,15})\\.(${SIGNATURE_PATTERN})$`);
const PURPOSE = "insights-unsubscribe";

export function signedUnsubscribeToken(id: number, secret: string) {
  return `${id}.${signLinkValue(PURPOSE, String(id), secret)}`;
}

/** The subscriber's id when the token was signed with `secret`, else undefined. */
export function idOfUnsubscribeToken(token: string, secret: string): number | undefined {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return undefined;
  const [, id = "", given = ""] = match;
  return linkSignatureMatches(PURPOSE, id, given, secret) ? Number(id) : undefined;
}
