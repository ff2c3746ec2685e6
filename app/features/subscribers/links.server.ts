// The two links a subscriber's emails carry. Confirming uses a random single-use token, of which
// only the SHA-256 is stored. Unsubscribing uses the subscriber's id signed with the server's
// secret: it must keep working in every email ever sent, and a changed id fails the signature.
import crypto from "node:crypto";
import { env } from "~/lib/env.server";
import { idOfUnsubscribeToken, signedUnsubscribeToken } from "./unsubscribe-signatures.server";

/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export function newConfirmationToken() {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const confirmationPath = (token: string) => `/insights/subscribe/confirm/${token}`;

export function unsubscribeToken(id: number, secret = env.SESSION_SECRET) {
  return signedUnsubscribeToken(id, secret);
}

/** The subscriber's id when the token is one this server signed, else undefined. */
export function subscriberOfToken(token: string, secret = env.SESSION_SECRET): number | undefined {
  return idOfUnsubscribeToken(token, secret);
}

export const unsubscribePath = (id: number) => `/insights/unsubscribe/${unsubscribeToken(id)}`;
