// How long the site keeps what it collects, as the privacy policy states it: staff may change each
// period within its bounds (app_settings `retention.*`), the daily sweep enforces them, and the
// policy page reads them. The audit log's period is also read by the database itself, whose
// trigger refuses to delete a younger entry (drizzle/0029).
import type { Queryable } from "./db-client.server";
import { findSetting, saveSetting } from "./settings.server";

export const RETENTION_PERIODS = {
  /** Contact messages, assessments and their visits, booked calls: from when they came. */
  leadsMonths: { key: "retention.leadsMonths", default: 24, min: 1, max: 120, unit: "months" },
  /** The bodies of emails the outbox delivered: from when they went out. */
  emailBodiesDays: {
    key: "retention.emailBodiesDays",
    default: 30,
    min: 1,
    max: 3650,
    unit: "days",
  },
  /** Webhook deliveries and their payloads, once delivered or given up. */
  webhookLogDays: { key: "retention.webhookLogDays", default: 90, min: 1, max: 3650, unit: "days" },
  /** Audit log entries; the trigger never lets one go sooner than 30 days. */
  auditDays: { key: "retention.auditDays", default: 730, min: 30, max: 3650, unit: "days" },
} as const;

export type RetentionPeriod = keyof typeof RETENTION_PERIODS;
export type RetentionSettings = Record<RetentionPeriod, number>;

/** The periods in force: each stored one, or its default when unset or out of bounds. */
export function retentionSettings(db: Queryable): RetentionSettings {
  const settings = {} as RetentionSettings;
  for (const [name, period] of Object.entries(RETENTION_PERIODS) as [
    RetentionPeriod,
    (typeof RETENTION_PERIODS)[RetentionPeriod],
  ][]) {
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
  for (const name of Object.keys(RETENTION_PERIODS) as RetentionPeriod[]) {
    saveSetting(db, RETENTION_PERIODS[name].key, String(settings[name]), now);
  }
}
