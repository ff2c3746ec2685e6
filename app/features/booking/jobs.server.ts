// The booking feature's periodic work: every minute, on the machine that may write, each job of
// the list in turn (reading the staff calendars due, queueing the reminders due). A run never starts while one is under way.
import type { AppDatabase } from "~/lib/db-client.server";
import { db as processDatabase } from "~/lib/db.server";
import { logEvent } from "~/lib/log.server";
import { refreshStaleCalendars } from "./calendar-import.server";
import { queueDueReminders } from "./reminders.server";

/** One piece of periodic work: it decides for itself what is due at `now`. */
export type BookingJob = {
  name: string;
  run: (db: AppDatabase, now: Date) => Promise<unknown> | unknown;
};

/** What runs every minute, in this order. */
export const BOOKING_JOBS: readonly BookingJob[] = [
  { name: "calendar_refresh", run: (db, now) => refreshStaleCalendars(db, now) },
  { name: "booking_reminders", run: (db, now) => queueDueReminders(db, now) },
];

const INTERVAL_MS = 60_000;

export type JobRunner = {
  /** Runs the jobs now unless a run is under way; resolves when that run is over. */
  runNow: () => Promise<void>;
  /** No run starts after this; resolves once the one under way is over. */
  stop: () => Promise<void>;
};

/**
 * Runs the jobs every `intervalMs` and once at start. `mayRun` is asked before each run: on a
 * LiteFS replica, which cannot write, it says no. A job's failure is logged and the others still
 * run. The timer never keeps the process alive.
 */
export function runJobsEvery(options: {
  db: AppDatabase;
  jobs: readonly BookingJob[];
  intervalMs: number;
  mayRun: () => boolean;
  now?: () => Date;
}): JobRunner {
  let running: Promise<void> | null = null;
  let stopped = false;

  const runAll = async () => {
    for (const job of options.jobs) {
      if (stopped) return;
      try {
        await job.run(options.db, options.now?.() ?? new Date());
      } catch (error) {
        logEvent("error", "booking_job_failed", { job: job.name, message: String(error) });
      }
    }
  };

  const runNow = () => {
    if (running) return running;
    if (stopped || !options.mayRun()) return Promise.resolve();
    running = runAll().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();
  void runNow();

  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const globalForJobs = globalThis as typeof globalThis & { __bookingJobs?: JobRunner };

/**
 * Starts the process's one runner of the booking jobs (once: Vite's dev server re-evaluates
 * modules on change). The app's entry starts it with the outbox's rule of who may deliver.
 */
export function startBookingJobs({ mayRun }: { mayRun: () => boolean }): JobRunner {
  return (globalForJobs.__bookingJobs ??= runJobsEvery({
    db: processDatabase,
    jobs: BOOKING_JOBS,
    intervalMs: INTERVAL_MS,
    mayRun,
  }));
}
