// The process-wide database connection, opened (and migrated) when the server starts.
import { env } from "~/utils/env.server";
import { openDatabase, type AppDatabase } from "./client.server";

const globalForDb = globalThis as typeof globalThis & { __appDatabase?: AppDatabase };

// Vite's dev server re-evaluates modules on change; reuse the one connection across reloads.
export const db: AppDatabase = (globalForDb.__appDatabase ??= openDatabase(env.DATABASE_PATH));
