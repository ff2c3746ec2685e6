// The periodic job runner (the booking feature's and the newsletter's) with real timers: runs its
// list at start and on each tick, only where it may write, never two runs at once, once more when
// woken during a run, past a failing job, and stops cleanly without keeping the process alive.
import { afterEach, describe, expect, test } from "vitest";
import { BOOKING_JOBS } from "~/features/booking/jobs.server";
import { runJobsEvery, type JobRunner } from "~/lib/periodic-jobs.server";
import { db } from "~/lib/db.server";
import { captureLogLines } from "./support/logs";

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(options: Omit<Parameters<typeof runJobsEvery>[0], "db" | "name">) {
  const runner = runJobsEvery({ name: "booking", db, ...options });
  runners.push(runner);
  return runner;
}

describe("the booking jobs", () => {
  test("read the staff calendars, then queue the reminders due", () => {
    expect(BOOKING_JOBS.map((job) => job.name)).toEqual(["calendar_refresh", "booking_reminders"]);
  });
});

describe("the periodic job runner", () => {
  test("run at start and on every tick, each job in turn with the time of the run", async () => {
    const runs: string[] = [];
    const at = new Date("2027-03-08T12:00:00Z");
    start({
      jobs: [
        { name: "first", run: (_db, now) => void runs.push(`first ${now.toISOString()}`) },
        { name: "second", run: () => void runs.push("second") },
      ],
      intervalMs: 40,
      mayRun: () => true,
      now: () => at,
    });
    await expect.poll(() => runs.length).toBeGreaterThanOrEqual(6);
    expect(runs.slice(0, 4)).toEqual([
      "first 2027-03-08T12:00:00.000Z",
      "second",
      "first 2027-03-08T12:00:00.000Z",
      "second",
    ]);
  });

  test("never start a run while one is under way", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const runner = start({
      jobs: [
        {
          name: "slow",
          run: async () => {
            running++;
            runs++;
            most = Math.max(most, running);
            await wait(120);
            running--;
          },
        },
      ],
      intervalMs: 10,
      mayRun: () => true,
    });
    void runner.runNow();
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  test("run nothing where they may not write (a LiteFS replica)", async () => {
    let runs = 0;
    let asked = 0;
    start({
      jobs: [{ name: "counted", run: () => void runs++ }],
      intervalMs: 10,
      mayRun: () => {
        asked++;
        return false;
      },
    });
    await expect.poll(() => asked).toBeGreaterThanOrEqual(3);
    expect(runs).toBe(0);
  });

  test("woken during a run, run once more after it, and never two at once", async () => {
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    let release = () => {};
    const runner = start({
      jobs: [
        {
          name: "held",
          run: async () => {
            running++;
            most = Math.max(most, running);
            starts.push(Date.now());
            await new Promise<void>((resolve) => (release = resolve));
            running--;
          },
        },
      ],
      intervalMs: 60_000,
      mayRun: () => true,
    });
    await expect.poll(() => starts.length).toBe(1);
    // Two wakes while the first run holds: what they announced is read by one more run.
    runner.wake();
    runner.wake();
    release();
    await expect.poll(() => starts.length).toBe(2);
    release();
    await wait(50);
    expect(starts).toHaveLength(2);
    expect(most).toBe(1);
    // Woken while idle, it runs at once.
    runner.wake();
    await expect.poll(() => starts.length).toBe(3);
    release();
  });

  test("log a failing job and still run the next", async () => {
    const logs = captureLogLines();
    const runs: string[] = [];
    const runner = start({
      jobs: [
        { name: "broken", run: () => Promise.reject(new Error("the disk is full")) },
        { name: "after", run: () => void runs.push("after") },
      ],
      intervalMs: 60_000,
      mayRun: () => true,
    });
    await runner.runNow();
    logs.restore();
    expect(runs).toEqual(["after"]);
    expect(logs.lines.map((line) => JSON.parse(line) as unknown)).toContainEqual(
      expect.objectContaining({
        event: "booking_job_failed",
        job: "broken",
        message: "Error: the disk is full",
      }),
    );
  });

  test("stop after the run under way, start no other, and never hold the process open", async () => {
    const refTimers = () =>
      process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const before = refTimers();
    let runs = 0;
    let finished = 0;
    const runner = start({
      jobs: [
        {
          name: "slow",
          run: async () => {
            runs++;
            await wait(50);
            finished++;
          },
        },
      ],
      intervalMs: 5,
      mayRun: () => true,
    });
    // The runner's own interval is unref'd: only the job's pending wait counts.
    expect(refTimers()).toBe(before + 1);
    await runner.stop();
    expect(finished).toBe(runs);
    await wait(50);
    expect(runs).toBe(1);
  });
});
