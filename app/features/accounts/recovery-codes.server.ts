// Recovery codes: ten single-use codes, for signing in without the authenticator app. Each has 80
// random bits, so its SHA-256 is enough to keep: nobody can guess back from it, and a slow
// password hash would only slow down signing in.
import crypto from "node:crypto";

const RECOVERY_CODE_COUNT = 10;
// Lower-case letters and digits that are not mistaken for one another when read aloud or typed.
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const CHARACTERS = 16;

const randomCode = () =>
  Array.from({ length: CHARACTERS }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");

/** Ten new codes, as shown to the user: groups of four, easy to copy and type. */
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => randomCode().replace(/(.{4})(?!$)/g, "$1-"));

/** The same code however it was typed: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const recoveryCodeHash = (code: string) =>
  crypto.createHash("sha256").update(normalise(code)).digest("base64url");
