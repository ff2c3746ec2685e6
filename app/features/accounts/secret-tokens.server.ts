// The random secrets that a browser or an email holds for an account (session ids, confirmation
// and password links): 256 random bits, of which the database keeps only the SHA-256. A secret
// that long cannot be guessed back from a fast hash, so a copy of the database opens nothing.
import crypto from "node:crypto";

export const newSecretToken = () => crypto.randomBytes(32).toString("base64url");

export const secretTokenHash = (token: string) =>
  crypto.createHash("sha256").update(token).digest("base64url");
