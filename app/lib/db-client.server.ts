// Opens the SQLite database, tunes it for a web server, and brings its schema up to date.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../db/schema";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The database or a transaction in it: what every query function takes. */
export type Queryable = Pick<AppDatabase, "select" | "insert" | "update" | "delete">;

// Both app/db/ (source) and build/server/ (bundle) sit two levels below the project root.
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

const BUSY_TIMEOUT_MS = 5000;

/**
 * `migrate: false` is for a LiteFS replica, whose copy is read-only: the primary migrates and
 * the replica receives the new schema with the rest of the data.
 */
export function openDatabase(
  databasePath: string,
  { migrate: runMigrations = true } = {},
): AppDatabase {
  if (databasePath !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  }
  const sqlite = new Database(databasePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = drizzle(sqlite, { schema });
  if (runMigrations) migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}

// SQLite's answers when the disk rather than the query is at fault: full, read-only, failing, or
// a file it cannot open. The extended codes (SQLITE_IOERR_WRITE...) count with their family.
const SQLITE_STORAGE_FAILURE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)(_|$)/;
// The same from the file system, met when creating the database's folder.
const FILE_SYSTEM_STORAGE_FAILURES = new Set([
  "ENOSPC",
  "EDQUOT",
  "EROFS",
  "EIO",
  "EACCES",
  "EPERM",
  "ENOTDIR",
  "EEXIST",
]);

/**
 * The error code when `error` says the database's storage failed (disk full, read-only, I/O
 * error, folder not writable), else null. Drizzle wraps driver errors, so causes are followed.
 */
export function storageFailureCode(error: unknown): string | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") {
      if (cause instanceof Database.SqliteError && SQLITE_STORAGE_FAILURE.test(code)) return code;
      if ("syscall" in cause && FILE_SYSTEM_STORAGE_FAILURES.has(code)) return code;
    }
    cause = cause.cause;
  }
  return null;
}

// Below this, a write of a few pages (a sign-up and its email) may no longer fit.
const MIN_FREE_BYTES = 1024 * 1024;

/**
 * Why the database cannot take writes now, or null when it can: its file is on a read-only file
 * system (or one this user may not write) or the disk is (nearly) full. Two system calls and no
 * write, so it is cheap enough for every health check and never grows the database.
 */
export function databaseWriteProblem(databasePath: string): string | null {
  if (databasePath === ":memory:") return null;
  const file = path.resolve(databasePath);
  try {
    fs.accessSync(file, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(file);
    const free = bavail * bsize;
    return free < MIN_FREE_BYTES ? `only ${free} bytes free on the disk of ${file}` : null;
  } catch (error) {
    return String(error);
  }
}

/** True when the database answers a trivial query. */
export function isDatabaseHealthy(db: AppDatabase): boolean {
  try {
    return db.$client.prepare("select 1 as ok").get() !== undefined;
  } catch {
    return false;
  }
}
