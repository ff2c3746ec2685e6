// Slows password guessing without handing anyone a way to lock staff out. Failed sign-ins are
// counted per client address and per account-and-address, and refused past a limit; per account
// (from any address) they only add a short delay, since addresses are cheap to rotate and a
// refusal there would lock out the owner signing in from a new one. A success forgets the
// account's failures. See docs/decisions/019.
import { createRateLimiter, type RateLimitDecision } from "~/lib/rate-limit.server";

const WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_ADDRESS = 10;
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failures on one account, from anywhere, before each further attempt waits. */
export const FAILURES_BEFORE_DELAY = 5;
const DELAY_PER_FAILURE_MS = 300;
export const MAX_DELAY_MS = 2_000;

const perAddress = createRateLimiter({ limit: FAILURES_PER_ADDRESS, windowMs: WINDOW_MS });
const perAccountAndAddress = createRateLimiter({
  limit: FAILURES_PER_ACCOUNT_AND_ADDRESS,
  windowMs: WINDOW_MS,
});
const perAccount = createRateLimiter({ limit: Number.MAX_SAFE_INTEGER, windowMs: WINDOW_MS });

const pairKey = (account: string, address: string) => `${account}\n${address}`;

/** A refusal when this address has failed too often (overall, or on this account). */
export function signInRefusal(account: string, address: string): RateLimitDecision {
  const decisions = [
    perAddress.check(address),
    perAccountAndAddress.check(pairKey(account, address)),
  ];
  return decisions.find((decision) => !decision.allowed) ?? { allowed: true };
}

/** How long this attempt waits: grows with the account's recent failures, bounded. */
export function signInDelayMs(account: string): number {
  const excess = perAccount.count(account) - FAILURES_BEFORE_DELAY;
  return excess > 0 ? Math.min(excess * DELAY_PER_FAILURE_MS, MAX_DELAY_MS) : 0;
}

export function signInFailed(account: string, address: string) {
  perAddress.hit(address);
  perAccountAndAddress.hit(pairKey(account, address));
  perAccount.hit(account);
}

export function signInSucceeded(account: string, address: string) {
  perAccountAndAddress.reset(pairKey(account, address));
  perAccount.reset(account);
}
