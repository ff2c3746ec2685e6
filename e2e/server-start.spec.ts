import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../scripts/lib/production-server.ts";
import { expect, test } from "./support/fixtures";
import { refusedStart, scratchDirectory, startServer } from "./support/server";

// The public default in app/lib/env.server.ts: anyone who reads the source knows it.
const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-not-for-production";

// These start server processes and use no browser, so one project runs them.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no browser involved");

test("the production server refuses to start without a real SESSION_SECRET", async () => {
  const start = startServer({ env: { SESSION_SECRET: "" } });
  await expect(start).rejects.toThrow(/exited with code [1-9]/);
  await expect(start).rejects.toThrow(/SESSION_SECRET is required in production/);
});

test("the server creates the database folder and applies migrations at start", async () => {
  const databasePath = test.info().outputPath("nested", "folder", "app.db");
  const server = await startServer({ databasePath });
  try {
    const db = server.openDatabase();
    const tables = db
      .prepare("select name from sqlite_schema where type = 'table' order by name")
      .pluck()
      .all();
    db.close();
    expect(tables).toEqual(
      expect.arrayContaining(["assessment_submissions", "blog_posts", "cta_clicks"]),
    );
  } finally {
    await server.stop();
  }
});

test.describe("without NODE_ENV (`npm start`, `node server.ts`), the server runs in production", () => {
  test("it refuses to start without SESSION_SECRET, in one line and without a stack trace", async () => {
    const output = await refusedStart({ env: { NODE_ENV: undefined, SESSION_SECRET: "" } });
    expect(output).toEqual([
      expect.stringMatching(/^The server cannot start: SESSION_SECRET is required in production/),
    ]);
  });

  test("it refuses the public development secret, with which anyone could forge a session", async () => {
    const output = await refusedStart({
      env: {
        NODE_ENV: undefined,
        SESSION_SECRET: DEVELOPMENT_SESSION_SECRET,
      },
    });
    expect(output).toEqual([expect.stringMatching(/SESSION_SECRET is required in production/)]);
  });

  test("it starts with a real secret", async () => {
    const server = await startServer({ env: { NODE_ENV: undefined } });
    try {
      const response = await fetch(`${server.url}/`);
      expect(response.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

test("a server setting that is not valid stops the start, naming it, rather than becoming a default", async () => {
  const output = await refusedStart({ env: { SHUTDOWN_GRACE_MS: "soon", PORT: "http" } });
  expect(output).toEqual([
    expect.stringMatching(
      /^The server cannot start: PORT must be a port number from 1 to 65535; SHUTDOWN_GRACE_MS must be a number of milliseconds/,
    ),
  ]);
});

test("NODE_ENV=development is refused: server.ts serves the production build", async () => {
  const output = await refusedStart({ env: { NODE_ENV: "development" } });
  expect(output).toEqual([expect.stringMatching(/NODE_ENV=development .*npm run dev/)]);
});

test("the local start (`npm run start:local`) keeps a generated secret beside the database", async () => {
  const folder = scratchDirectory("start-local");
  const port = await freePort();
  // No NODE_ENV and no SESSION_SECRET: what a first `npm run start:local` on a laptop has.
  const child = spawn(process.execPath, ["scripts/start-local.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: path.join(folder, "app.db"),
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(200);
    expect(fs.readFileSync(path.join(folder, "session-secret"), "utf8").trim()).toMatch(
      /^[\w-]{64}$/,
    );
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
});
