// A feature's periodic work (the booking feature's calendars and reminders, the newsletter's due
// posts): every interval, on the machine that may write, each job of a list in turn. A run never
// starts while one is under way.
import type { AppDatabase } from "./db-client.server";
import { logEvent } from "./log.server";

/** One piece of periodic work: it decides for itself what is due at `now`. */
export type PeriodicJob = {
  name: string;
  run: (db: AppDatabase, now: Date) => Promise<unknown> | unknown;
};

export type JobRunner = {
  /** Runs the jobs now unless a run is under way; resolves when that run is over. */
  runNow: () => Promise<void>;
  /**
   * Runs the jobs as soon as it can: now, or once more after the run under way, which may have
   * read the database before the caller's write committed. For a caller that has just made work
   * due (a post published now), so it need not wait for the next tick.
   */
  wake: () => void;
  /** No run starts after this; resolves once the one under way is over. */
  stop: () => Promise<void>;
};

/**
 * Runs the jobs every `intervalMs` and once at start. `mayRun` is asked before each run: on a
 * LiteFS replica, which cannot write, it says no. A job's failure is logged as `<name>_job_failed`
 * and the others still run. The timer never keeps the process alive.
 */
export function runJobsEvery(options: {
  /** Names the runner in its log lines ("booking" logs booking_job_failed). */
  name: string;
  db: AppDatabase;
  jobs: readonly PeriodicJob[];
  intervalMs: number;
  mayRun: () => boolean;
  now?: () => Date;
}): JobRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const runAll = async () => {
    for (const job of options.jobs) {
      if (stopped) return;
      try {
        await job.run(options.db, options.now?.() ?? new Date());
      } catch (error) {
        logEvent("error", `${options.name}_job_failed`, {
          job: job.name,
          message: String(error),
        });
      }
    }
  };

  const runNow = () => {
    if (running) return running;
    if (stopped || !options.mayRun()) return Promise.resolve();
    running = runAll().finally(() => {
      running = null;
      if (again) {
        again = false;
        void runNow();
      }
    });
    return running;
  };

  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();
  void runNow();

  return {
    runNow,
    wake: () => {
      if (running) again = true;
      else void runNow();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
