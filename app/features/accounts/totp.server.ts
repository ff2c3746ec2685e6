// Two-factor codes as every authenticator app makes them (RFC 6238: SHA-1, 6 digits, 30-second
// steps), made and checked by otplib.
import { generateSecret, generateURI, verify } from "otplib";

/**
 * A code from the step before or after the current one is still accepted: a phone's clock drifts,
 * and a code typed as its 30 seconds end arrives in the next step. Anything older is refused.
 */
const TOLERANCE_SECONDS = 30;

/** A new key: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export const newTotpSecret = () => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, { issuer, account }: { issuer: string; account: string }) =>
  generateURI({ issuer, label: account, secret });

/**
 * The time step of `code` when it is valid at `now` and later than `afterTimeStep` (the last one
 * accepted, so no code is accepted twice); otherwise null.
 */
export async function acceptedTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
  now: Date,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  // The functional API answers for HOTP too; only a TOTP result carries its time step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
