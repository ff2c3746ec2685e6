// Writes a consistent copy of the live database with SQLite's online backup, and a copy of the
// media folder (uploaded covers) beside it, while the server keeps running:
// `npm run backup -- /path/to/copy.db` writes copy.db and the folder copy-media/. Writers are not
// blocked; the database is copied as of one moment. Works on the production image too
// (production packages only). The emails still queued are held in the copy: once restored, they wait
// for staff in /admin/outbox rather than go out a second time.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { mediaFolder } from "../server/media.ts";

type Copied = { files: number; bytes: number };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target) fail("Usage: npm run backup -- /path/to/backup.db");
const destination = path.resolve(target);
const { dir, name } = path.parse(destination);
const mediaDestination = path.join(dir, `${name}-media`);
for (const taken of [destination, mediaDestination]) {
  if (fs.existsSync(taken)) fail(`${taken} already exists; choose a new file name.`);
}
const databasePath = path.resolve(process.env.DATABASE_PATH || "./data/app.db");
if (!fs.existsSync(databasePath)) fail(`There is no database at ${databasePath}.`);
const mediaSource = mediaFolder(process.env);
if (`${destination}/`.startsWith(`${mediaSource}/`)) {
  fail(`Choose a place outside the media folder ${mediaSource}: the backup would copy itself.`);
}

const started = Date.now();
// Files first, then the database, then the files again: a cover is written before the post that
// names it, so every cover the copied database names was on disk by the second pass.
fs.mkdirSync(mediaDestination, { recursive: true });
const copied = copyNewFiles(mediaSource, mediaDestination);

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
  fs.rmSync(mediaDestination, { recursive: true, force: true });
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  source.close();
}

const copiedAfter = copyNewFiles(mediaSource, mediaDestination);

// A copy nobody can open is no backup: check it before saying it is done.
const copy = new Database(destination, { fileMustExist: true });
const held = holdQueuedEmails(copy);
const integrity = copy.pragma("integrity_check", { simple: true });
const missingCovers = integrity === "ok" ? coversWithoutFiles(copy, mediaDestination) : [];
copy.close();
if (integrity !== "ok") fail(`The copy at ${destination} failed its integrity check: ${integrity}`);
const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(
  `Backed up ${databasePath} to ${destination} (${megabytes(fs.statSync(destination).size)} MB) in ${Date.now() - started} ms.`,
);
const files = copied.files + copiedAfter.files;
console.log(
  `Copied ${files} media ${files === 1 ? "file" : "files"} (${megabytes(copied.bytes + copiedAfter.bytes)} MB) from ${mediaSource} to ${mediaDestination}.`,
);
if (held > 0) {
  console.log(
    `Held ${held} queued ${held === 1 ? "email" : "emails"} in the copy: restored, they wait in /admin/outbox for staff to send or discard, as this server may send them meanwhile.`,
  );
}
if (missingCovers.length > 0) {
  console.error(
    `Warning: the copied database names ${missingCovers.length} cover(s) with no files: ${missingCovers.join(", ")}. They were replaced while the backup ran (run it again) or are missing from ${mediaSource} too.`,
  );
}

/**
 * Copies every file under `from` that `to` does not hold yet (or holds at another size or time),
 * keeping its modification time. Names starting with a dot are left out: covers still being
 * written. A file that goes while it is copied was removed by the server, which no longer needs it.
 */
function copyNewFiles(from: string, to: string): Copied {
  const copied: Copied = { files: 0, bytes: 0 };
  for (const entry of entriesOf(from)) {
    if (entry.name.startsWith(".")) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyNewFiles(source, target);
      copied.files += inner.files;
      copied.bytes += inner.bytes;
    } else if (entry.isFile()) {
      const stats = statOf(source);
      if (!stats || sameFile(stats, statOf(target))) continue;
      // A folder is made for its first file, so a cover removed meanwhile leaves no empty one.
      fs.mkdirSync(to, { recursive: true });
      if (!unlessRemoved(() => fs.copyFileSync(source, target))) continue;
      fs.utimesSync(target, stats.atime, stats.mtime);
      copied.files += 1;
      copied.bytes += stats.size;
    }
  }
  return copied;
}

/** A folder's entries; none when it does not exist (no upload yet) or was removed meanwhile. */
function entriesOf(folder: string): fs.Dirent[] {
  let entries: fs.Dirent[] = [];
  unlessRemoved(() => (entries = fs.readdirSync(folder, { withFileTypes: true })));
  return entries;
}

function statOf(file: string) {
  return fs.statSync(file, { throwIfNoEntry: false });
}

// A copy keeps its source's time to about the millisecond (utimes takes seconds as a float).
function sameFile(source: fs.Stats, copy: fs.Stats | undefined) {
  return (
    copy !== undefined && copy.size === source.size && Math.abs(copy.mtimeMs - source.mtimeMs) < 1
  );
}

/** Runs `action`: false when a file it reads was removed meanwhile, true when it is done. */
function unlessRemoved(action: () => unknown): boolean {
  try {
    action();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
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

/** The covers the copied database names whose folder is not in the copied media. */
function coversWithoutFiles(copy: Database.Database, media: string): string[] {
  const hasCovers = copy
    .prepare("select 1 from pragma_table_info('blog_posts') where name = 'cover_id'")
    .get();
  if (!hasCovers) return [];
  const ids = copy
    .prepare("select distinct cover_id as id from blog_posts where cover_id is not null")
    .pluck()
    .all() as string[];
  return ids.filter((id) => entriesOf(path.join(media, "covers", id)).length === 0);
}
