// Slows password guessing without handing anyone a way to lock staff out. Failed sign-ins are
// counted per client address and per account-and-address, and refused past a limit; per account
// (from any address) they only add a short delay, since addresses are cheap to rotate and a
// refusal there would lock out the owner signing in from a new one. A success forgets the
// account's failures. See docs/decisions/019.
import { RATE_LIMITS, rateLimiter, type RateLimitDecision } from "~/lib/rate-limit.server";

export const FAILURES_PER_ACCOUNT_AND_ADDRESS = RATE_LIMITS.signInFailurePerAccountAndAddress.limit;
/** Failures on one account, from anywhere, before each further attempt waits. */
const FAILURES_BEFORE_DELAY = 5;
const DELAY_PER_FAILURE_MS = 300;
export const MAX_DELAY_MS = 2_000;

const perAddress = rateLimiter("signInFailurePerAddress");
const perAccountAndAddress = rateLimiter("signInFailurePerAccountAndAddress");
const perAccount = rateLimiter("signInFailurePerAccount");

const pairKey = (account: string, address: string) => `${account}\n${address}`;

/**
 * A refusal when this address has failed too often (overall, or on this account). `account` is
 * null when the attempt names none, as a passkey nobody has does.
 */
export async function signInRefusal(
  account: string | null,
  address: string,
): Promise<RateLimitDecision> {
  const decisions = await Promise.all([
    perAddress.check(address),
    ...(account === null ? [] : [perAccountAndAddress.check(pairKey(account, address))]),
  ]);
  return decisions.find((decision) => !decision.allowed) ?? { allowed: true };
}

/** How long this attempt waits: grows with the account's recent failures, bounded. */
export async function signInDelayMs(account: string): Promise<number> {
  const excess = (await perAccount.count(account)) - FAILURES_BEFORE_DELAY;
  return excess > 0 ? Math.min(excess * DELAY_PER_FAILURE_MS, MAX_DELAY_MS) : 0;
}

export async function signInFailed(account: string | null, address: string) {
  await perAddress.hit(address);
  if (account === null) return;
  await perAccountAndAddress.hit(pairKey(account, address));
  await perAccount.hit(account);
}

export async function signInSucceeded(account: string, address: string) {
  await perAccountAndAddress.reset(pairKey(account, address));
  await perAccount.reset(account);
}
