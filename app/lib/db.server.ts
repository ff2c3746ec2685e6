// The process-wide database connection, opened (and migrated) when the server starts.
import path from "node:path";
import { env } from "~/lib/env.server";
import { currentPrimary } from "~/lib/litefs.server";
import { logEvent } from "~/lib/log.server";
import { StartupError } from "~/lib/startup-error.server";
import {
  databaseWriteProblem,
  isDatabaseHealthy,
  openDatabase,
  storageFailureCode,
  type AppDatabase,
} from "./db-client.server";

const globalForDb = globalThis as typeof globalThis & { __appDatabase?: AppDatabase };

// Under LiteFS, the name of the primary when this machine is a replica (read once, at start).
const litefsPrimary = currentPrimary(env.LITEFS_DIR);

/** A replica reads the primary's copy: it neither migrates nor writes at start. */
export const databaseIsPrimary = !litefsPrimary;

// Vite's dev server re-evaluates modules on change; reuse the one connection across reloads.
export const db: AppDatabase = (globalForDb.__appDatabase ??= openWritableDatabase());

/** Opens the database, or says in one line which path cannot be written (see StartupError). */
function openWritableDatabase() {
  try {
    return openAppDatabase();
  } catch (error) {
    const code = storageFailureCode(error);
    if (!code) throw error;
    // A file-system error names the path that failed (a folder on the way, say); SQLite's do not.
    const failedPath = (error as { path?: string }).path ?? path.resolve(env.DATABASE_PATH);
    throw new StartupError(
      `The server cannot start: ${failedPath} is not writable (${code}), so the database at ${env.DATABASE_PATH} cannot be opened. Check DATABASE_PATH and the disk or volume it is on.`,
    );
  }
}

function openAppDatabase() {
  if (litefsPrimary) {
    logEvent("info", "database_opened_as_replica", { primary: litefsPrimary });
    return openDatabase(env.DATABASE_PATH, { migrate: false });
  }
  return openDatabase(env.DATABASE_PATH);
}

/**
 * A feature's query bound to this process's database, for its door to hand routes: routes never
 * hold the database, and the query itself still takes any Queryable, so it composes in a
 * transaction inside the feature.
 */
export function onDatabase<Args extends unknown[], Result>(
  query: (database: AppDatabase, ...args: Args) => Result,
): (...args: Args) => Result {
  return (...args) => query(db, ...args);
}

/**
 * Why the database cannot serve (for /healthz), or null: it must answer, and take writes unless
 * this machine is a LiteFS replica, whose copy is read-only by design and whose writes go to the
 * primary. Asked each time: the primary can change while the server runs.
 */
export function databaseProblem(): "Database unavailable" | "Database not writable" | null {
  if (!isDatabaseHealthy(db)) return "Database unavailable";
  if (currentPrimary(env.LITEFS_DIR)) return null;
  const problem = databaseWriteProblem(env.DATABASE_PATH);
  if (!problem) return null;
  logEvent("error", "database_not_writable", { problem });
  return "Database not writable";
}
