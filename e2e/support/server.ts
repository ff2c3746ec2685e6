// Starts the production build as a real server with its own SQLite file and environment.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { freePort, productionServerEnv } from "../../scripts/lib/production-server.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const serverBuild = path.join(projectRoot, "build/server/index.js");
const serverEntry = path.join(projectRoot, "server.ts");
const scratchRoot = path.join(projectRoot, "e2e/.tmp");

export type RunningServer = {
  url: string;
  port: number;
  /** The server process's id, to read its memory from /proc. */
  pid: number;
  databasePath: string;
  /** The secret the server signs its cookies with, so a test can build a session it accepts. */
  sessionSecret: string;
  /** Every line the server has printed so far (stdout and stderr). */
  logs: string[];
  /** Opens the server's database read-only; close it when done. */
  openDatabase: () => Database.Database;
  stop: () => Promise<void>;
};

export function scratchDirectory(label: string) {
  fs.mkdirSync(scratchRoot, { recursive: true });
  return fs.mkdtempSync(path.join(scratchRoot, `${label}-`));
}

/**
 * Starts the built server expecting it to refuse to start (exit code 1 or more); returns the
 * lines it printed. Fails if it exits otherwise, or starts.
 */
export async function refusedStart(options: Parameters<typeof startServer>[0] = {}) {
  let server: RunningServer;
  try {
    server = await startServer(options);
  } catch (error) {
    const [summary = "", ...output] = (error as Error).message.split("\n");
    if (!/exited with code [1-9]/.test(summary)) throw error;
    return output;
  }
  await server.stop();
  throw new Error("The server started; it should have refused to.");
}

/**
 * Spawns the built server; resolves once /healthz answers 200. In `env`, `undefined` removes a
 * variable the production defaults would set (NODE_ENV, say). `hostname` names the server in its
 * URL and SITE_URL: the loopback address unless a test needs a domain, as WebAuthn does
 * (`localhost`).
 */
export async function startServer(
  options: {
    env?: Record<string, string | undefined>;
    databasePath?: string;
    hostname?: string;
  } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(serverBuild)) {
    throw new Error(`No production build at ${serverBuild}: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const databasePath = options.databasePath ?? path.join(scratchDirectory("server"), "app.db");
  const url = `http://${options.hostname ?? "127.0.0.1"}:${port}`;
  const sessionSecret = options.env?.SESSION_SECRET ?? crypto.randomBytes(32).toString("hex");
  const env = Object.entries({
    ...productionServerEnv({ port, databasePath, siteUrl: url }),
    ...options.env,
    SESSION_SECRET: sessionSecret,
  }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: Object.fromEntries(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) =>
    logs.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const outputClosed = new Promise((resolve) => child.once("close", resolve));

  await waitForHealthy(url, child, logs, outputClosed);

  return {
    url,
    port,
    pid: child.pid ?? 0,
    databasePath,
    sessionSecret,
    logs,
    openDatabase: () => new Database(databasePath, { readonly: true, fileMustExist: true }),
    stop: () => stopProcess(child),
  };
}

const START_TIMEOUT_MS = 45_000;

async function waitForHealthy(
  url: string,
  child: ChildProcess,
  logs: string[],
  outputClosed: Promise<unknown>,
) {
  // About 3 s on an idle machine (jsdom for the sanitiser is most of it); a CI machine running
  // two browsers and their servers can make that many times longer.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      // Its last lines (why it stopped) may still be in the pipes when the process has exited.
      await outputClosed;
      throw new Error(`The server exited with code ${child.exitCode}:\n${logs.join("\n")}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(
    `The server did not become healthy within ${START_TIMEOUT_MS / 1000} s:\n${logs.join("\n")}`,
  );
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
