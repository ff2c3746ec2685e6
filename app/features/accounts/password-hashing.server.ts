// argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). Node also runs this file as
// it is, for `npm run admin:create`, which runs without the app's build and so hashes exactly as
// the app does. Server-only: argon2 is a native module.
import argon2 from "argon2";

export const HASH_OPTIONS = Object.freeze({
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
});
