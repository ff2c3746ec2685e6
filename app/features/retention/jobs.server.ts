// The retention sweep's runner: it asks every ten minutes whether a day has passed since the last
// sweep (a note in the database, so a restart neither repeats nor skips one), on the machine that
// may write.
import { db as processDatabase } from "~/lib/db.server";
import { runJobsEvery, type JobRunner } from "~/lib/periodic-jobs.server";
import { sweepIfDue } from "./sweep.server";

const INTERVAL_MS = 10 * 60_000;

const globalForJobs = globalThis as typeof globalThis & { __retentionJobs?: JobRunner };

/**
 * Starts the process's one runner of the sweep (once: Vite's dev server re-evaluates modules on
 * change). The app's entry starts it with the outbox's rule of who may deliver.
 */
export function startRetentionJobs({ mayRun }: { mayRun: () => boolean }): JobRunner {
  return (globalForJobs.__retentionJobs ??= runJobsEvery({
    name: "retention",
    db: processDatabase,
    jobs: [{ name: "retention_sweep", run: sweepIfDue }],
    intervalMs: INTERVAL_MS,
    mayRun,
  }));
}
