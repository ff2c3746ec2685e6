// Opens the SQLite database, tunes it for a web server, and brings its schema up to date.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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

/** True when the database answers a trivial query. */
export function isDatabaseHealthy(db: AppDatabase): boolean {
  try {
    return db.$client.prepare("select 1 as ok").get() !== undefined;
  } catch {
    return false;
  }
}
