// The retention periods with their defaults and bounds: safe in the browser, so the settings form
// checks a period as it is typed against the same bounds the server holds it to.

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

export const RETENTION_PERIOD_NAMES = Object.keys(RETENTION_PERIODS) as RetentionPeriod[];
