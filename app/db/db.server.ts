// The process-wide database connection, opened (and migrated) when the server starts.
import { seedDemoContent } from "~/services/demo-content.server";
import { env } from "~/utils/env.server";
import { logEvent } from "~/utils/log.server";
import { currentPrimary } from "../../server/litefs.js";
import { openDatabase, type AppDatabase } from "./client.server";

const globalForDb = globalThis as typeof globalThis & { __appDatabase?: AppDatabase };

// Vite's dev server re-evaluates modules on change; reuse the one connection across reloads.
export const db: AppDatabase = (globalForDb.__appDatabase ??= openAppDatabase());

function openAppDatabase() {
  const primary = currentPrimary(env.LITEFS_DIR);
  if (primary) {
    logEvent("info", "database_opened_as_replica", { primary });
    return openDatabase(env.DATABASE_PATH, { migrate: false });
  }
  const opened = openDatabase(env.DATABASE_PATH);
  if (env.SEED_DEMO_CONTENT) {
    const outcome = seedDemoContent(opened);
    if (outcome === "seeded") logEvent("info", "demo_content_seeded", {});
  }
  return opened;
}
