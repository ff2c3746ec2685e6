// The retention sweep: once a day, on the machine that may write, what has outlived its period
// (app/lib/retention.server.ts) goes, each feature deleting its own rows through its door. Each
// part runs in a transaction of its own, so a part that fails leaves the others done; what went
// is logged and, when anything did, written to the audit log.
import { deleteSubmissions, submissionIdsBefore } from "~/features/assessment/index.server";
import { assessmentsOfBookings, deleteBookingsEndedBefore } from "~/features/booking/index.server";
import { contactMessageIdsBefore, deleteContactMessages } from "~/features/contact/index.server";
import { deleteClicksBefore } from "~/features/cta-clicks/index.server";
import {
  clearDeliveredEmailBodies,
  deleteMessagesAbout,
  deleteWebhookDeliveriesBefore,
} from "~/features/outbox/index.server";
import { deleteAuditEntriesBefore, recordAudit } from "~/lib/audit.server";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { logEvent } from "~/lib/log.server";
import { retentionSettings, type RetentionSettings } from "~/lib/retention.server";
import { findSetting, saveSetting } from "~/lib/settings.server";

const DAY_MS = 86_400_000;

/** When the last sweep began, in milliseconds: a restart reads it and neither repeats nor skips. */
const LAST_SWEPT_KEY = "retention.lastSweptAt";

/** The same time of day `months` calendar months earlier; the 31st becomes the month's last day. */
function monthsBefore(now: Date, months: number): Date {
  const earlier = new Date(now);
  earlier.setUTCDate(1);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(earlier.getUTCFullYear(), earlier.getUTCMonth() + 1, 0),
  ).getUTCDate();
  earlier.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return earlier;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

type Part = {
  name: string;
  run: (db: Queryable, now: Date, periods: RetentionSettings) => Record<string, number>;
};

/**
 * The leads: calls whose time ended before the period, then messages and assessments that came
 * before it, with the emails and webhook deliveries about them (which refer to them). An
 * assessment a kept call refers to stays as long as that call does.
 */
function sweepLeads(db: Queryable, now: Date, { leadsMonths }: RetentionSettings) {
  const cutoff = monthsBefore(now, leadsMonths);
  const bookings = deleteBookingsEndedBefore(db, cutoff);
  const messageIds = contactMessageIdsBefore(db, cutoff);
  const expiredSubmissions = submissionIdsBefore(db, cutoff);
  const stillBooked = assessmentsOfBookings(db, expiredSubmissions);
  const submissionIds = expiredSubmissions.filter((id) => !stillBooked.has(id));
  const outboxRows =
    deleteMessagesAbout(db, "contactMessage", messageIds) +
    deleteMessagesAbout(db, "assessmentSubmission", submissionIds);
  const contactMessages = deleteContactMessages(db, messageIds);
  const { submissions, visits } = deleteSubmissions(db, submissionIds, cutoff);
  const ctaClicks = deleteClicksBefore(db, cutoff);
  return {
    bookings,
    contactMessages,
    assessments: submissions,
    assessmentVisits: visits,
    ctaClicks,
    outboxRowsAboutLeads: outboxRows,
  };
}

const PARTS: readonly Part[] = [
  { name: "leads", run: sweepLeads },
  {
    name: "email_bodies",
    run: (db, now, { emailBodiesDays }) => {
      const { emails, mailings } = clearDeliveredEmailBodies(
        db,
        daysBefore(now, emailBodiesDays),
        emailBodiesDays,
      );
      return { emailBodies: emails, mailingBodies: mailings };
    },
  },
  {
    name: "webhook_log",
    run: (db, now, { webhookLogDays }) => ({
      webhookDeliveries: deleteWebhookDeliveriesBefore(db, daysBefore(now, webhookLogDays)),
    }),
  },
  {
    name: "audit_log",
    run: (db, now, { auditDays }) => ({
      auditEntries: deleteAuditEntriesBefore(db, daysBefore(now, auditDays)),
    }),
  },
];

/** Sweeps now, whatever the day: every part in turn. How many rows of each kind went. */
function sweepExpired(db: AppDatabase, now: Date): Record<string, number> {
  const periods = retentionSettings(db);
  const removed: Record<string, number> = {};
  for (const part of PARTS) {
    try {
      Object.assign(
        removed,
        db.transaction((tx) => part.run(tx, now, periods)),
      );
    } catch (error) {
      logEvent("error", "retention_sweep_failed", { part: part.name, message: String(error) });
    }
  }
  logEvent("info", "retention_swept", removed);
  if (Object.values(removed).some((count) => count > 0)) {
    recordAudit(db, {
      action: "retention.swept",
      target: "settings:retention",
      details: { removed, periods },
      at: now,
    });
  }
  return removed;
}

/**
 * Takes today's sweep, in one write so that two runs cannot both take it: true when a day has
 * passed since the last one began, or none ever did, and then notes `now` as its start.
 */
function claimSweep(db: AppDatabase, now: Date): boolean {
  return db.transaction(
    (tx) => {
      const last = Number(findSetting(tx, LAST_SWEPT_KEY));
      if (Number.isFinite(last) && now.getTime() - last < DAY_MS) return false;
      saveSetting(tx, LAST_SWEPT_KEY, String(now.getTime()), now);
      return true;
    },
    { behavior: "immediate" },
  );
}

/** The periodic job: sweeps when a day has passed since the last sweep; null when not yet. */
export function sweepIfDue(db: AppDatabase, now: Date): Record<string, number> | null {
  return claimSweep(db, now) ? sweepExpired(db, now) : null;
}
