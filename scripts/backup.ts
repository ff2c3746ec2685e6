// Writes a consistent copy of the live database with SQLite's online backup while the server keeps
// running: `npm run backup -- /path/to/copy.db`. Writers are not blocked; the database is copied
// as of one moment, uploaded covers with it (they are rows, decision 041; the media folder holds
// only share cards, which any machine draws again). Works on the production image too (production
// packages only). The emails still queued are held in the copy: once restored, they wait for staff
// in /admin/outbox rather than go out a second time.
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

const started = Date.now();
const source = new Database(databasePath, { fileMustExist: true });
// The server may be writing: wait for its lock rather than fail at once.
source.pragma("busy_timeout = 5000");
const ALL_PAGES = 0x7fffffff;
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
const copy = new Database(destination, { fileMustExist: true });
const held = holdQueuedEmails(copy);
const integrity = copy.pragma("integrity_check", { simple: true });
const media = integrity === "ok" ? mediaIn(copy) : null;
copy.close();
if (integrity !== "ok") fail(`The copy at ${destination} failed its integrity check: ${integrity}`);
const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(
  `Backed up ${databasePath} to ${destination} (${megabytes(fs.statSync(destination).size)} MB) in ${Date.now() - started} ms.`,
);
if (media) {
  console.log(
    `The copy holds ${media.files} uploaded media ${media.files === 1 ? "file" : "files"} (${megabytes(media.bytes)} MB).`,
  );
}
if (held > 0) {
  console.log(
    `Held ${held} queued ${held === 1 ? "email" : "emails"} in the copy: restored, they wait in /admin/outbox for staff to send or discard, as this server may send them meanwhile.`,
  );
}

/** The covers' files the copy holds (media_files), or null for a database from before them. */
function mediaIn(copy: Database.Database): { files: number; bytes: number } | null {
  const hasMedia = copy
    .prepare("select 1 from sqlite_schema where type = 'table' and name = 'media_files'")
    .get();
  if (!hasMedia) return null;
  return copy
    .prepare("select count(*) as files, coalesce(sum(size), 0) as bytes from media_files")
    .get() as { files: number; bytes: number };
}
/**
 * Marks every email still queued in the copy as held (outbox.held_at). The live server goes on
 * sending them after this moment, so a restored copy that sent them again would send each twice:
 * held, they wait for staff. Marked in the copy itself, so any way of restoring it holds them.
 * Webhook deliveries are left due: each carries its event id, by which receivers drop repeats.
 */
function holdQueuedEmails(copy: Database.Database): number {
  const hasHeld = copy
    .prepare("select 1 from pragma_table_info('outbox') where name = 'held_at'")
    .get();
  if (!hasHeld) return 0;
  return copy
    .prepare(
      "update outbox set held_at = ?, claimed_until = null where channel = 'email' and sent_at is null and failed_at is null",
    )
    .run(Date.now()).changes;
}
