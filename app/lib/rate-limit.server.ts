// Every rate limit on the site, counted in SQLite (the rate_limits table) by rate-limiter-flexible,
// so a restart forgets nothing and, with LiteFS, every machine counts in the primary's database
// (the requests that count are writes, which replicas hand to the primary).
import type Database from "better-sqlite3";
import { RateLimiterMemory, RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { inArray } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { db } from "./db.server";
import type { PersonalDataHolder } from "./personal-data";
import { containsAddress, mentionsAddress } from "./personal-data.server";

const MINUTE_MS = 60_000;

/** How many events each key may have in a fixed window, per limit. */
export const RATE_LIMITS = {
  /** Contact form posts per client address. */
  contact: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Call bookings, moves and cancellations per client address: each emails the visitor and the firm. */
  bookingPerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Call bookings per email address typed, so spreading them over addresses floods no inbox. */
  bookingPerEmail: { limit: 5, windowMs: 60 * MINUTE_MS },
  /** Assessment submissions per client address: each emails the address it names. */
  assessmentSubmit: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Insights subscription requests per client address: each may email the address it names. */
  subscribePerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  /**
   * Confirmation links sent per address typed, whoever asks: enough for a lost email, too few
   * to fill a stranger's inbox. Past it the form answers as ever and sends nothing.
   */
  subscribePerEmail: { limit: 3, windowMs: 60 * MINUTE_MS },
  /** CTA clicks recorded per client address. */
  ctaClick: { limit: 120, windowMs: MINUTE_MS },
  /** Sign-ups per client address and per account, so neither spreading them floods an inbox. */
  signUpPerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  signUpPerAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Confirmation posts per client address. */
  confirmationPerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  /**
   * Confirmation links sent again per account, which only its password asks for (decision 053):
   * enough for a lost email or two, too few to fill an inbox.
   */
  confirmationResendPerAccount: { limit: 3, windowMs: 60 * MINUTE_MS },
  /** Wrong passwords on one confirmation link within its day-long life; one more spends it. */
  wrongConfirmationPassword: { limit: 4, windowMs: 24 * 60 * MINUTE_MS },
  /**
   * Requests for a link to choose a new password, per client address and per address typed, so
   * neither spreading them floods an inbox; counted alike whether or not an account has it.
   */
  passwordResetPerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  passwordResetPerAccount: { limit: 5, windowMs: 60 * MINUTE_MS },
  /** Invitations an owner sends, or sends again, each an email to an address they typed. */
  invitationsPerOwner: { limit: 20, windowMs: 60 * MINUTE_MS },
  /** Failed sign-ins per client address, refused past the limit (decision 019). */
  signInFailurePerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Failed sign-ins per account and client address, refused past the limit. */
  signInFailurePerAccountAndAddress: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Failed sign-ins per account from anywhere: only counted (they slow, never refuse). */
  signInFailurePerAccount: { limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong two-factor codes per account, refused past the limit: whoever tries them already has
   * the password, and a million codes must not be theirs to try (decision 035).
   */
  twoFactorFailurePerAccount: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Wrong two-factor codes per client address, refused past the limit. */
  twoFactorFailurePerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  /**
   * Passkey ceremonies started per client address: each stores a challenge, and the sign-in's
   * are open to anyone (decision 037).
   */
  passkeyChallengePerAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Results reports asked for per client address: each PDF holds the server a moment. */
  reportDownload: { limit: 20, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one event for the key and says whether it is within the limit. */
  hit: (key: string) => Promise<RateLimitDecision>;
  /** Says whether one more event would be within the limit, without counting it. */
  check: (key: string) => Promise<RateLimitDecision>;
  /** Events counted for the key in its current window. */
  count: (key: string) => Promise<number>;
  /** Forgets the key's events, e.g. once a sign-in succeeds. */
  reset: (key: string) => Promise<void>;
};

const refusal = (left: RateLimiterRes): RateLimitDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(left.msBeforeNext / 1000)),
});

/** A limiter of `name`'s events stored through `client` (a connection to the app's database). */
export function createRateLimiter(
  name: string,
  { limit, windowMs }: { limit: number; windowMs: number },
  client: Database.Database,
): RateLimiter {
  const counter = { keyPrefix: name, points: limit, duration: windowMs / 1000 };
  const store = new RateLimiterSQLite({
    ...counter,
    // When the database cannot be written (a full or read-only disk), count in memory instead:
    // the limit still holds, and the form's own write reports the failure (decision 022).
    insuranceLimiter: new RateLimiterMemory(counter),
    storeClient: client,
    storeType: "better-sqlite3",
    // Created by the migrations, in the shape the library writes.
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: true,
  });
  return {
    async hit(key) {
      try {
        await store.consume(key);
        return { allowed: true };
      } catch (outcome) {
        // The library rejects with the counter when over the limit, with an Error when it fails.
        if (outcome instanceof RateLimiterRes) return refusal(outcome);
        throw outcome;
      }
    },
    async check(key) {
      const counted = await store.get(key);
      return !counted || counted.consumedPoints + 1 <= limit ? { allowed: true } : refusal(counted);
    },
    async count(key) {
      return (await store.get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await store.delete(key);
    },
  };
}

const limiters = new Map<RateLimitName, RateLimiter>();

/** The limiter of one limit in RATE_LIMITS, on the app's database. */
export function rateLimiter(name: RateLimitName): RateLimiter {
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = createRateLimiter(name, RATE_LIMITS[name], db.$client);
    limiters.set(name, limiter);
  }
  return limiter;
}

/** The counters kept under an address (`subscribePerEmail:<address>`), which the library names. */
function countersOf(database: Parameters<PersonalDataHolder["find"]>[0], email: string) {
  return database
    .select()
    .from(rateLimits)
    .where(containsAddress([rateLimits.key], email))
    .all()
    .filter((row) => mentionsAddress(row.key, email));
}

/** The rate limits' answer to a privacy request: counters kept under the address go. */
export const rateLimitPersonalData: PersonalDataHolder = {
  tables: ["rate_limits"],
  find(database, email) {
    const records = countersOf(database, email).map((row) => ({
      limit: row.key.slice(0, row.key.indexOf(":")),
      events: row.points,
      until: row.expire === null ? null : new Date(row.expire).toISOString(),
    }));
    return [{ kind: "rate_limits", label: "Rate limit counters", records }];
  },
  erase(database, email) {
    const keys = countersOf(database, email).map((row) => row.key);
    const erased =
      keys.length === 0
        ? 0
        : database.delete(rateLimits).where(inArray(rateLimits.key, keys)).run().changes;
    return { rate_limits: erased };
  },
};
