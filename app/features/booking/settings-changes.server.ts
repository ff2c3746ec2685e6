// Staff changing how calls are booked (the rules, the days off, the calendar feed's secret): each
// change written with its entry in the audit log, in one transaction. The queries themselves stay
// plain data access, which the jobs and the tests use as they are.
import type { AuditSource } from "~/lib/audit.server";
import { recordAudit } from "~/lib/audit.server";
import type { AppDatabase } from "~/lib/db-client.server";
import type { BookingRules } from "./open-times.server";
import * as queries from "./queries.server";

/** Saves the rules, the entry naming the ones that changed (their values are no one's data). */
export function saveBookingRules(db: AppDatabase, by: AuditSource, rules: BookingRules) {
  db.transaction((tx) => {
    const before = queries.readBookingSettings(tx);
    const changed = (Object.keys(rules) as (keyof BookingRules)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(rules[key]),
    );
    queries.saveBookingRules(tx, rules);
    recordAudit(tx, {
      action: "settings.changed",
      ...by,
      target: "settings:booking-rules",
      details: { changed },
    });
  });
}

export function addDayOff(db: AppDatabase, by: AuditSource, day: string, note: string) {
  return db.transaction((tx) => {
    if (!queries.addDayOff(tx, day, note)) return false;
    recordAudit(tx, {
      action: "settings.changed",
      ...by,
      target: `day-off:${day}`,
      details: { added: day },
    });
    return true;
  });
}

export function removeDayOff(db: AppDatabase, by: AuditSource, day: string) {
  return db.transaction((tx) => {
    if (!queries.removeDayOff(tx, day)) return false;
    recordAudit(tx, {
      action: "settings.changed",
      ...by,
      target: `day-off:${day}`,
      details: { removed: day },
    });
    return true;
  });
}

/** A new secret for the private calendar feed; the entry says so without the secret. */
export function replaceFeedSecret(db: AppDatabase, by: AuditSource) {
  db.transaction((tx) => {
    queries.replaceFeedSecret(tx);
    recordAudit(tx, {
      action: "settings.changed",
      ...by,
      target: "settings:calendar-feed",
      details: { secret: "replaced" },
    });
  });
}
