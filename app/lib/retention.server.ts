// How long the site keeps what it collects, as the privacy policy states it: staff may change each
// period within its bounds (app_settings `retention.*`), the daily sweep enforces them, and the
// policy page reads them. The audit log's period is also read by the database itself, whose
// trigger refuses to delete a younger entry (drizzle/0029).
import type { Queryable } from "./db-client.server";
import {
  RETENTION_PERIODS,
  RETENTION_PERIOD_NAMES,
  type RetentionSettings,
} from "./retention-periods";
import { findSetting, saveSetting } from "./settings.server";

export type { RetentionSettings };

/** The periods in force: each stored one, or its default when unset or out of bounds. */
export function retentionSettings(db: Queryable): RetentionSettings {
  const settings = {} as RetentionSettings;
  for (const name of RETENTION_PERIOD_NAMES) {
    const period = RETENTION_PERIODS[name];
    const stored = Number(findSetting(db, period.key));
    settings[name] =
      Number.isInteger(stored) && stored >= period.min && stored <= period.max
        ? stored
        : period.default;
  }
  return settings;
}

/** Stores the periods; the caller has checked each against its bounds. */
export function saveRetentionSettings(
  db: Queryable,
  settings: RetentionSettings,
  now = new Date(),
) {
  for (const name of RETENTION_PERIOD_NAMES) {
    saveSetting(db, RETENTION_PERIODS[name].key, String(settings[name]), now);
  }
}
