// `npm run backup`: a consistent copy of the database taken while another process keeps writing,
// with the media folder (uploaded covers) copied beside it.
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

/** Files in a media folder as the app writes them: a cover, one still being written, and more. */
function writeMedia(media: string) {
  const files = {
    [`covers/${COVER_ID}/480.avif`]: "avif bytes",
    [`covers/${COVER_ID}/share.jpg`]: "jpeg bytes",
    "share-cards/about.png": "png bytes",
  };
  for (const [file, text] of Object.entries({
    ...files,
    "covers/.uploads/fedcba9876543210fedcba9876543210/480.avif": "half written",
  })) {
    fs.mkdirSync(path.dirname(path.join(media, file)), { recursive: true });
    fs.writeFileSync(path.join(media, file), text);
  }
  return files;
}

/** Every file under a folder, relative to it, with its text. */
function filesIn(folder: string) {
  return Object.fromEntries(
    fs
      .readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => fs.statSync(path.join(folder, file)).isFile())
      .map((file) => [file, fs.readFileSync(path.join(folder, file), "utf8")]),
  );
}

/** A database with one post naming `coverId`, as the app's blog_posts table does. */
function databaseWithCover(databasePath: string, coverId: string) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.exec("create table blog_posts (id text primary key, cover_id text)");
  db.prepare("insert into blog_posts values ('post-1', ?)").run(coverId);
  db.close();
}

test("backs up under write load; the copy opens, passes its integrity check, holds whole transactions", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
  const databasePath = path.join(folder, "app.db");
  // No MEDIA_DIR: the media folder is the one beside the database.
  const mediaFiles = writeMedia(path.join(folder, "media"));
  databaseWithCover(databasePath, COVER_ID);
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
    expect(result.stdout).toMatch(
      /^Copied 3 media files \([\d.]+ MB\) from .*\/media to .*\/copy-media\.$/m,
    );
    expect(result.stderr).toBe("");
    console.log(result.stdout.trim());

    // The media folder beside the copy holds every finished file, and no upload in progress.
    expect(filesIn(path.join(folder, "copy-media"))).toEqual(mediaFiles);

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
    // Nor a media folder: a copy.db removed by hand leaves its copy-media behind.
    fs.rmSync(copyPath);
    const overMedia = spawnSync(process.execPath, [script, copyPath], {
      env: { ...process.env, DATABASE_PATH: databasePath },
      encoding: "utf8",
    });
    expect(overMedia.status).toBe(1);
    expect(overMedia.stderr).toContain(`${path.join(folder, "copy-media")} already exists`);
  } finally {
    child.kill();
  }
}, 30_000);

test("MEDIA_DIR names the media folder; a cover the copy names without its files is reported", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
  const databasePath = path.join(folder, "data", "app.db");
  fs.mkdirSync(path.dirname(databasePath));
  const mediaFiles = writeMedia(path.join(folder, "volume", "media"));
  const missing = "ffffffffffffffffffffffffffffffff";
  databaseWithCover(databasePath, missing);

  const result = spawnSync(process.execPath, [script, path.join(folder, "backups", "monday")], {
    env: {
      ...process.env,
      DATABASE_PATH: databasePath,
      MEDIA_DIR: path.join(folder, "volume", "media"),
    },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status, result.stderr).toBe(0);
  expect(filesIn(path.join(folder, "backups", "monday-media"))).toEqual(mediaFiles);
  expect(result.stderr).toContain(`names 1 cover(s) with no files: ${missing}`);
});
