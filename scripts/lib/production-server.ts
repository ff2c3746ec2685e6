// Runs the production server (`node server.ts` on a scratch database) for the measuring scripts
// (bench, lighthouse), and stops everything they started, scratch directories included, even on
// failure or Ctrl-C.
import {
  spawn,
  spawnSync,
  type ChildProcessByStdio,
  type SpawnOptionsWithStdioTuple,
  type StdioNull,
  type StdioPipe,
} from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

/** A child process that cleanUp() stops, with its latest output lines for error messages. */
export type Child = ChildProcessByStdio<null, Readable, Readable> & {
  recentOutput: string[];
  /** Why it could not be spawned at all (a missing binary...). */
  spawnError?: Error;
};

/** Every page a visitor can land on; `<id>` stands for a published article's id. */
export const PUBLIC_PAGES = [
  "/",
  "/solutions",
  "/case-studies",
  "/ethos",
  "/team",
  "/contact",
  "/book",
  "/efficiency-assessment",
  "/assessment-results",
  "/insights",
  "/insights/<id>",
  "/privacy-policy",
  "/terms-conditions",
];

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
// Enough lines to show why a child failed to start, without holding every request log line.
const KEPT_OUTPUT_LINES = 200;

const running = new Set<Child>();
const scratchDirectories: string[] = [];
const cleanUpTasks: (() => unknown)[] = [];
let cleanUpPromise: Promise<void> | undefined;

/**
 * Runs a script's `main` (which resolves to its exit code), then cleans up. SIGINT, SIGTERM and
 * an uncaught exception clean up too, and exit with the shell's codes for them (1 for an error).
 */
export async function runScript(main: () => Promise<number>) {
  for (const [signal, exitCode] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\nReceived ${signal}: stopping.`);
      cleanUp().finally(() => process.exit(exitCode));
    });
  }
  // An error thrown outside main()'s chain (by a library's event emitter, say) still cleans up.
  process.once("uncaughtException", (error) => {
    console.error(error);
    cleanUp().finally(() => process.exit(1));
  });
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

/** A setting such as BENCH_DURATION: a positive whole number, or `fallback` when unset. */
export function positiveIntegerFromEnv(name: string, fallback: number) {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  }
  return Number(value);
}

/** Builds the app first if build/ holds no production build. */
export function ensureBuild() {
  if (fs.existsSync(path.join(projectRoot, "build/server/index.js"))) return;
  console.error("No production build in build/: running `npm run build` first.");
  // The build's output goes to stderr so that stdout holds only the results.
  const build = spawnSync("npm", ["run", "build"], {
    cwd: projectRoot,
    stdio: ["ignore", 2, 2],
  });
  if (build.status !== 0) throw new Error("`npm run build` failed; see its output above.");
}

/** A private temporary directory that cleanUp() removes. */
export function makeScratchDirectory(prefix: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratchDirectories.push(directory);
  return directory;
}

/**
 * Starts `node server.ts` in production mode on a free loopback port and waits for /healthz.
 * `url` is where to reach it; `siteUrl` is its SITE_URL (the same address unless `siteHost` names
 * another host for this machine, such as localhost). `env` adds or overrides variables.
 */
export async function startProductionServer({
  databasePath,
  siteHost = "127.0.0.1",
  env = {},
}: {
  databasePath: string;
  siteHost?: string;
  env?: Record<string, string>;
}) {
  console.error("Starting the production server...");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const siteUrl = `http://${siteHost}:${port}`;
  const child = startChild(process.execPath, [path.join(projectRoot, "server.ts")], {
    cwd: projectRoot,
    env: {
      ...productionServerEnv({ port, databasePath, siteUrl }),
      SESSION_SECRET: crypto.randomBytes(36).toString("base64url"),
      ...env,
    },
  });
  await waitUntilAnswering(`${url}/healthz`, child, "The server");
  return { url, siteUrl, child };
}

/**
 * The environment of `node server.ts` in production on a loopback port. Only what the server
 * needs, so a developer's own settings (SMTP_URL...) do not leak in; callers add the secret.
 */
export function productionServerEnv({
  port,
  databasePath,
  siteUrl,
}: {
  port: number;
  databasePath: string;
  siteUrl: string;
}) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_PATH: databasePath,
    SITE_URL: siteUrl,
  };
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns a child that cleanUp() will stop, keeping its latest output for error messages. */
export function startChild(
  command: string,
  args: string[],
  options: Omit<SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>, "stdio">,
): Child {
  throwIfStopping();
  const child: Child = Object.assign(
    spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] }),
    { recentOutput: [] },
  );
  const collect = (chunk: Buffer) => {
    child.recentOutput.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    child.recentOutput.splice(0, child.recentOutput.length - KEPT_OUTPUT_LINES);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  running.add(child);
  child.once("exit", () => running.delete(child));
  // A child that could not be spawned (missing binary...) emits "error" and never "exit".
  child.once("error", (error) => {
    child.spawnError = error;
    running.delete(child);
  });
  return child;
}

export async function waitUntilAnswering(url: string, child: Child, name: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const failure = (reason: string) =>
    new Error(`${name} ${reason}. Its output:\n${child.recentOutput.join("\n")}`);
  while (Date.now() < deadline) {
    if (child.spawnError) throw failure(`could not start: ${child.spawnError.message}`);
    if (child.exitCode !== null) throw failure(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw failure(`did not answer 200 at ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

export function stopProcess(child: Child) {
  const finished = child.exitCode !== null || child.signalCode !== null;
  if (finished || child.spawnError) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Registers a stop for something this module did not spawn (a load generator, a browser);
 * cleanUp() runs these before it stops the children and removes the scratch directories.
 */
export function onCleanUp(task: () => unknown) {
  cleanUpTasks.push(task);
}

// Once cleanUp() has begun, a script must neither print a cut-short run nor start a child it
// would then leave running.
export function throwIfStopping() {
  if (cleanUpPromise) throw new Error("Interrupted.");
}

/** Stops everything and removes the scratch directories; safe to call more than once. */
function cleanUp() {
  cleanUpPromise ??= (async () => {
    const outcomes = await Promise.allSettled(cleanUpTasks.map(async (task) => task()));
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") console.error(`Clean-up step failed: ${outcome.reason}`);
    }
    await Promise.all([...running].map(stopProcess));
    for (const directory of scratchDirectories) {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  })();
  return cleanUpPromise;
}

/**
 * The id and address of the newest published post of the demo content, which the server seeds (and gives
 * its slug) when it opens the database, before /healthz answers.
 */
export function newestPublishedPost(databasePath: string) {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const row = database
      .prepare<[], { id: string; address: string }>(
        "select id, coalesce(slug, id) as address from blog_posts where published = 1 order by published_date desc limit 1",
      )
      .get();
    if (!row) throw new Error("The demo content has no published post.");
    return { id: row.id, path: `/insights/${row.address}` };
  } finally {
    database.close();
  }
}
