// Two-factor sign-in as a test needs it: codes an authenticator app would show, and an account
// with two-factor turned on through its own set-up.
import { generate } from "otplib";
import { confirmTotp, totpSetup } from "~/features/accounts/two-factor.server";
import type { User } from "~/features/accounts/user-queries.server";
import { signedIn } from "./staff";

export const codeAt = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Turns two-factor sign-in on through its own set-up, at `now`; answers the key and codes. */
export async function turnOnTwoFactor(user: User, now = new Date()) {
  const request = new Request("http://localhost/admin/security", {
    headers: { Cookie: await signedIn(user, now) },
  });
  const { key } = await totpSetup(request, user, now);
  const checked = await confirmTotp(request, user, await codeAt(key, now), "192.0.2.90", now);
  if (checked.outcome !== "accepted") throw new Error(`set-up refused: ${checked.outcome}`);
  return { key, recoveryCodes: checked.value };
}
