// The install's own facts, one value per key (such as when the demo content was decided).
import { eq } from "drizzle-orm";
import { appSettings } from "~/db/schema";
import type { Queryable } from "./db-client.server";

export function findSetting(db: Queryable, key: string): string | undefined {
  return db.select().from(appSettings).where(eq(appSettings.key, key)).get()?.value;
}

/** Sets a key's value, replacing any it had. */
export function saveSetting(db: Queryable, key: string, value: string, now = new Date()) {
  db.insert(appSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}

export function insertSetting(db: Queryable, key: string, value: string) {
  db.insert(appSettings).values({ key, value }).run();
}
