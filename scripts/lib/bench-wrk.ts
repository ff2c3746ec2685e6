// Runs wrk (Debian's `wrk` package) for scripts/bench.ts, with scripts/lib/bench-wrk.lua to report
// its figures (and to build form posts), and measures the CPU time wrk itself took: on a small
// machine the load generator shares the cores with the server it measures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChild, throwIfStopping, type Child } from "./production-server.ts";

const SCRIPT = fileURLToPath(new URL("./bench-wrk.lua", import.meta.url));
// wrk counts an answer slower than its timeout (2 s by default) as an error and leaves it out of
// the latency figures; a slow page must show in p99 instead.
const TIMEOUT = "60s";
const CPU_SAMPLE_MS = 200;

export type LoadSettings = {
  wrk: string;
  connections: number;
  warmUpSeconds: number;
  durationSeconds: number;
  /** Where wrk writes each run's report. */
  scratchDirectory: string;
};

/** A form post per request (scripts/lib/bench-wrk.lua): what to post, and its argument. */
export type PostMode =
  { mode: "contact"; tag: string } | { mode: "assessment"; cookieFile: string };

export type LoadResult = {
  /** Answers received; none at all means the page never answered within the run. */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers of 400 and over, connection errors and timeouts. */
  errors: number;
  durationSeconds: number;
  /** Form posts only: the numbers of the posts answered with the expected redirect. */
  accepted: number[];
  refused: number;
  /** Form posts only: some thread ran out of prepared visitors before the time was up. */
  exhausted: boolean;
  /** How much of the machine wrk took, and what was left idle, in cores; unknown off Linux. */
  cpu?: { clientCores: number; idleCores: number };
};

type Report = {
  durationUs: number;
  requests: number;
  socketErrors: number;
  statusErrors: number;
  timeouts: number;
  p50Us: number;
  p99Us: number;
  accepted: number[];
  refused: number;
  exhausted: boolean;
};

let runCount = 0;

/** An executable from `override` (an environment variable's value) or else the usual places. */
export function findExecutable(name: string, override: string | undefined) {
  const candidates = override
    ? [override]
    : [
        `/usr/bin/${name}`,
        `/usr/sbin/${name}`,
        ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, name)),
      ];
  return candidates.find((candidate) => {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** Reads with one thread per core; each page request asks for gzip, as browsers do. */
export async function measureReads(url: string, settings: LoadSettings) {
  const args = [
    `--threads=${Math.min(os.cpus().length, settings.connections)}`,
    "--header=Accept-Encoding: gzip",
    "--header=Accept: text/html",
    url,
  ];
  await runWrk(args, settings, settings.warmUpSeconds);
  return runWrk(args, settings, settings.durationSeconds);
}

/**
 * Form posts for `seconds`, one connection per thread so that each answer is known to belong to
 * the thread's last request.
 */
export function runPosts(url: string, mode: PostMode, settings: LoadSettings, seconds: number) {
  const { connections } = settings;
  const argument = mode.mode === "contact" ? mode.tag : mode.cookieFile;
  const args = [`--threads=${connections}`, url, "--", mode.mode, argument, String(connections)];
  return runWrk(args, settings, seconds);
}

async function runWrk(args: string[], settings: LoadSettings, seconds: number) {
  runCount += 1;
  const reportPath = path.join(settings.scratchDirectory, `wrk-${runCount}.json`);
  const child = startChild(
    settings.wrk,
    [
      `--connections=${settings.connections}`,
      `--duration=${seconds}s`,
      `--timeout=${TIMEOUT}`,
      `--script=${SCRIPT}`,
      ...args,
    ],
    { env: { PATH: process.env.PATH, BENCH_WRK_REPORT: reportPath } },
  );
  const sampler = sampleCpu(child);
  const code = await exitOf(child);
  const cpu = sampler.stop();
  throwIfStopping();
  if (code !== 0 || !fs.existsSync(reportPath)) {
    throw new Error(
      `wrk failed (exit code ${code}). Its output:\n${child.recentOutput.join("\n")}`,
    );
  }
  const report = JSON.parse(fs.readFileSync(reportPath, "utf8")) as Report;
  const durationSeconds = report.durationUs / 1e6;
  return {
    requests: report.requests,
    requestsPerSecond: report.requests / durationSeconds,
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    errors: report.socketErrors + report.statusErrors + report.timeouts,
    durationSeconds,
    accepted: report.accepted,
    refused: report.refused,
    exhausted: report.exhausted,
    cpu,
  } satisfies LoadResult;
}

function exitOf(child: Child) {
  return new Promise<number | null>((resolve) => {
    if (child.spawnError) resolve(null);
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(null));
  });
}

/**
 * Samples /proc while wrk runs: the CPU time wrk took and what the machine left idle, from the
 * first sample to the last, in cores. Linux only; elsewhere there is nothing to report.
 */
function sampleCpu(child: Child) {
  const read = () => {
    try {
      const machine = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
      const [, ...ticks] = machine.trim().split(/\s+/).map(Number);
      // user nice system idle iowait irq softirq steal; guest time is already counted in user.
      const counted = ticks.slice(0, 8);
      const total = counted.reduce((sum, value) => sum + value, 0);
      const idle = (counted[3] ?? 0) + (counted[4] ?? 0);
      const own = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8");
      // Fields after the command name, which may hold spaces: utime and stime are 14 and 15.
      const fields = own.slice(own.lastIndexOf(")") + 2).split(" ");
      const client = Number(fields[11]) + Number(fields[12]);
      return Number.isFinite(total + client) ? { total, idle, client } : undefined;
    } catch {
      return undefined;
    }
  };
  const first = read();
  let last = first;
  const timer = setInterval(() => {
    last = read() ?? last;
  }, CPU_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      if (!first || !last || last.total <= first.total) return undefined;
      const cores = os.cpus().length;
      const elapsed = last.total - first.total;
      return {
        clientCores: ((last.client - first.client) / elapsed) * cores,
        idleCores: ((last.idle - first.idle) / elapsed) * cores,
      };
    },
  };
}
