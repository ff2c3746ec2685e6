// The booking feature's periodic work: every minute, on the machine that may write, each job of
// the list in turn (reading the staff calendars due, queueing the reminders due). A run never starts while one is under way.
import { db as processDatabase } from "~/lib/db.server";
import { runJobsEvery, type JobRunner, type PeriodicJob } from "~/lib/periodic-jobs.server";
import { refreshStaleCalendars } from "./calendar-import.server";
import { queueDueReminders } from "./reminders.server";

/** What runs every minute, in this order. */
export const BOOKING_JOBS: readonly PeriodicJob[] = [
  { name: "calendar_refresh", run: (db, now) => refreshStaleCalendars(db, now) },
  { name: "booking_reminders", run: (db, now) => queueDueReminders(db, now) },
];

const INTERVAL_MS = 60_000;

const globalForJobs = globalThis as typeof globalThis & { __bookingJobs?: JobRunner };

/**
 * Starts the process's one runner of the booking jobs (once: Vite's dev server re-evaluates
 * modules on change). The app's entry starts it with the outbox's rule of who may deliver.
 */
export function startBookingJobs({ mayRun }: { mayRun: () => boolean }): JobRunner {
  return (globalForJobs.__bookingJobs ??= runJobsEvery({
    name: "booking",
    db: processDatabase,
    jobs: BOOKING_JOBS,
    intervalMs: INTERVAL_MS,
    mayRun,
  }));
}
