// At each start, every stored two-factor secret ends up sealed with the current key: secrets stored
// plain before sealing existed, and those sealed with the previous key while it is being rotated
// away from. Run again, it changes nothing. A secret no key opens is left exactly as it is and
// named in the log: its admin's codes are refused until the key that sealed it is given back.
import type { AppDatabase } from "~/lib/db-client.server";
import { databaseIsPrimary, db } from "~/lib/db.server";
import { logEvent } from "~/lib/log.server";
import { setPendingTotpSecret, storedPendingTotpSecrets } from "./session-queries.server";
import { readStoredTotpSecret, sealTotpSecret, type TotpKeys } from "./totp-secret-sealing.server";
import { replaceStoredTotpSecret, storedTotpSecrets } from "./two-factor-queries.server";

type Resealed = {
  /** Accounts and sessions whose secret is now sealed with the current key. */
  accounts: number;
  sessions: number;
  /** Accounts whose secret no key opens. */
  unreadableAccounts: number[];
  unreadableSessions: number;
};

export function resealTotpSecrets(database: AppDatabase, keys?: TotpKeys): Resealed {
  return database.transaction(
    (tx) => {
      const result: Resealed = {
        accounts: 0,
        sessions: 0,
        unreadableAccounts: [],
        unreadableSessions: 0,
      };
      for (const { userId, stored } of storedTotpSecrets(tx)) {
        const opened = readStoredTotpSecret(stored, keys);
        if (opened === null) result.unreadableAccounts.push(userId);
        else if (!opened.sealedWithCurrentKey) {
          replaceStoredTotpSecret(tx, userId, sealTotpSecret(opened.secret, keys));
          result.accounts += 1;
        }
      }
      for (const { idHash, stored } of storedPendingTotpSecrets(tx)) {
        const opened = readStoredTotpSecret(stored, keys);
        if (opened === null) result.unreadableSessions += 1;
        else if (!opened.sealedWithCurrentKey) {
          setPendingTotpSecret(tx, idHash, sealTotpSecret(opened.secret, keys));
          result.sessions += 1;
        }
      }
      return result;
    },
    { behavior: "immediate" },
  );
}

/** At server start, on the primary (replicas read its database, and both keys, meanwhile). */
export function sealTotpSecretsAtStart() {
  if (!databaseIsPrimary) return;
  const { accounts, sessions, unreadableAccounts, unreadableSessions } = resealTotpSecrets(db);
  if (accounts + sessions > 0)
    logEvent("info", "two_factor_secrets_sealed", { accounts, sessions });
  if (unreadableAccounts.length + unreadableSessions > 0) {
    logEvent("error", "two_factor_secrets_unreadable", {
      userIds: unreadableAccounts,
      sessions: unreadableSessions,
      remedy:
        "Neither TWO_FACTOR_KEY nor TWO_FACTOR_KEY_PREVIOUS (nor the key derived from SESSION_SECRET) opens these two-factor secrets, so their codes are refused: set the key that sealed them as TWO_FACTOR_KEY_PREVIOUS and restart. Until then those admins sign in with a recovery code, or an owner resets their two-factor sign-in.",
    });
  }
}
