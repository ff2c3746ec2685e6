// Writes a consistent copy of the live database with SQLite's online backup, while the server
// keeps running: `npm run backup -- /path/to/copy.db`. Writers are not blocked; the copy is the
// database as of one moment. Works on the production image too (production packages only).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target) fail("Usage: npm run backup -- /path/to/backup.db");
const destination = path.resolve(target);
if (fs.existsSync(destination)) fail(`${destination} already exists; choose a new file name.`);
const databasePath = path.resolve(process.env.DATABASE_PATH || "./data/app.db");
if (!fs.existsSync(databasePath)) fail(`There is no database at ${databasePath}.`);

const source = new Database(databasePath, { fileMustExist: true });
// The server may be writing: wait for its lock rather than fail at once.
source.pragma("busy_timeout = 5000");
const ALL_PAGES = 0x7fffffff;
const started = Date.now();
try {
  // All remaining pages in one step, inside one read transaction: copied a hundred pages at a
  // time, each write by the server restarts the copy, and a steady writer starves it for ever.
  await source.backup(destination, { progress: () => ALL_PAGES });
} catch (error) {
  fs.rmSync(destination, { force: true });
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  source.close();
}

// A copy nobody can open is no backup: check it before saying it is done.
const copy = new Database(destination, { readonly: true, fileMustExist: true });
const integrity = copy.pragma("integrity_check", { simple: true });
copy.close();
if (integrity !== "ok") fail(`The copy at ${destination} failed its integrity check: ${integrity}`);
const megabytes = (fs.statSync(destination).size / 1e6).toFixed(1);
console.log(
  `Backed up ${databasePath} to ${destination} (${megabytes} MB) in ${Date.now() - started} ms.`,
);
