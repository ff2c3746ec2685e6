// `npm run backup`: a consistent copy of the database taken while another process keeps writing.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "vitest";

const script = path.resolve(import.meta.dirname, "../scripts/backup.ts");

// A writer in its own process, as the server would be: WAL mode, a write every few milliseconds,
// each a transaction of two rows that must never be seen apart.
const writer = `
  const Database = require("better-sqlite3");
  const db = new Database(process.argv[1]);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec("create table if not exists pairs (batch integer, half integer, payload text)");
  const insert = db.prepare("insert into pairs values (?, ?, ?)");
  const pair = db.transaction((batch) => { insert.run(batch, 1, "x".repeat(500)); insert.run(batch, 2, "y".repeat(500)); });
  let batch = 0;
  setInterval(() => { for (let i = 0; i < 20; i++) pair(batch++); }, 2);
  process.stdout.write("ready\\n");
`;

test("backs up under write load; the copy opens, passes its integrity check, holds whole transactions", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
  const databasePath = path.join(folder, "app.db");
  const child = spawn(process.execPath, ["-e", writer, databasePath], {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const copyPath = path.join(folder, "copy.db");
    const result = spawnSync(process.execPath, [script, copyPath], {
      env: { ...process.env, DATABASE_PATH: databasePath },
      encoding: "utf8",
      // spawnSync blocks the test's own timeout: a backup that never ends must still fail.
      timeout: 20_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Backed up .* to .*copy\.db \([\d.]+ MB\) in \d+ ms\.$/m);
    console.log(result.stdout.trim());

    const copy = new Database(copyPath, { readonly: true });
    const { rows, halves } = copy
      .prepare("select count(*) as rows, count(distinct batch) * 2 as halves from pairs")
      .get() as { rows: number; halves: number };
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
    expect(rows).toBeGreaterThan(100);
    // Every transaction is in the copy whole or not at all.
    expect(rows).toBe(halves);

    // The writer kept going during the backup: the live database has moved on.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const live = new Database(databasePath, { readonly: true });
    const liveRows = (live.prepare("select count(*) as n from pairs").get() as { n: number }).n;
    live.close();
    expect(liveRows).toBeGreaterThan(rows);

    // It never overwrites a file, and says why.
    const again = spawnSync(process.execPath, [script, copyPath], {
      env: { ...process.env, DATABASE_PATH: databasePath },
      encoding: "utf8",
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already exists");
  } finally {
    child.kill();
  }
}, 30_000);
