// Changing the retention periods: stored with its audit entry in one transaction, then the privacy
// policy, which states them, is dropped from the page cache.
import { recordAudit } from "~/lib/audit.server";
import {
  announcePublicContentChange,
  PRIVACY_POLICY_CACHE_TAG,
} from "~/lib/content-changes.server";
import type { AppDatabase } from "~/lib/db-client.server";
import { RETENTION_PERIOD_NAMES } from "~/lib/retention-periods";
import {
  retentionSettings,
  saveRetentionSettings,
  type RetentionSettings,
} from "~/lib/retention.server";

export { retentionSettings };

/** Saves the periods (checked against their bounds by the caller); "unchanged" writes nothing. */
export function changeRetention(
  db: AppDatabase,
  change: {
    settings: RetentionSettings;
    actor: { id: number; email: string };
    ipAddress: string | null;
    now?: Date;
  },
): "saved" | "unchanged" {
  const now = change.now ?? new Date();
  const outcome = db.transaction((tx) => {
    const before = retentionSettings(tx);
    if (RETENTION_PERIOD_NAMES.every((name) => before[name] === change.settings[name])) {
      return "unchanged" as const;
    }
    saveRetentionSettings(tx, change.settings, now);
    recordAudit(tx, {
      action: "settings.changed",
      actor: change.actor,
      target: "settings:retention",
      ipAddress: change.ipAddress,
      details: { before, after: change.settings },
      at: now,
    });
    return "saved" as const;
  });
  if (outcome === "saved") announcePublicContentChange([PRIVACY_POLICY_CACHE_TAG]);
  return outcome;
}
