// A disk that refuses writes, as a file system remounted read-only does: SQLite answers every
// write with SQLITE_READONLY, a storage failure (app/lib/db-client.server.ts), while reads go on.
import { db } from "~/lib/db.server";

/** Runs `work` while the app's database takes no writes; they resume afterwards. */
export async function whileDatabaseIsReadOnly<T>(work: () => Promise<T>): Promise<T> {
  db.$client.pragma("query_only = ON");
  try {
    return await work();
  } finally {
    db.$client.pragma("query_only = OFF");
  }
}
