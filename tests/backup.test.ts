// `npm run backup`: a consistent copy of the database taken while another process keeps writing,
// uploaded covers in it (media_files rows) and no media folder beside it.
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

const COVER_ID = "0123456789abcdef0123456789abcdef";
const COVER_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);

/** A database with one post and its cover's file, as the app's blog_posts and media_files hold them. */
function databaseWithCover(databasePath: string) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.exec("create table blog_posts (id text primary key, cover_id text)");
  db.exec(
    "create table media_files (path text primary key, cover_id text not null, content_type text not null, size integer not null, sha256 text not null, bytes blob not null)",
  );
  db.prepare("insert into blog_posts values ('post-1', ?)").run(COVER_ID);
  db.prepare("insert into media_files values (?, ?, 'image/jpeg', ?, 'hash', ?)").run(
    `covers/${COVER_ID}/share.jpg`,
    COVER_ID,
    COVER_BYTES.length,
    COVER_BYTES,
  );
  db.close();
}

test("backs up under write load; the copy opens, passes its integrity check, holds whole transactions", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
  const databasePath = path.join(folder, "app.db");
  // A media folder as an install has it: share cards, and covers from before decision 041.
  fs.mkdirSync(path.join(folder, "media", "share-cards"), { recursive: true });
  fs.writeFileSync(path.join(folder, "media", "share-cards", "about.png"), "png bytes");
  databaseWithCover(databasePath);
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
    expect(result.stdout).toMatch(/^The copy holds 1 uploaded media file \(0\.0 MB\)\.$/m);
    expect(result.stderr).toBe("");
    console.log(result.stdout.trim());

    // The covers are in the copy itself; the media folder, share cards only, is not copied.
    expect(fs.existsSync(path.join(folder, "copy-media"))).toBe(false);

    const copy = new Database(copyPath, { readonly: true });
    expect(copy.prepare("select path, bytes from media_files").all()).toEqual([
      { path: `covers/${COVER_ID}/share.jpg`, bytes: COVER_BYTES },
    ]);
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
