// Covers stored as files by versions before decision 041 (MEDIA_DIR/covers/<id>/), copied into the
// media_files table at start so that an existing install keeps them and every machine serves them.
// A cover is copied whole in one transaction, one file read at a time, and only once: a cover with
// rows is skipped, so running it again copies nothing. The files are left where they were.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { mediaFiles } from "~/db/schema";
import type { AppDatabase } from "~/lib/db-client.server";
import { logEvent } from "~/lib/log.server";
import { mediaRoot } from "~/lib/media-storage.server";
import { coverContentType, insertCoverFile } from "./cover-storage.server";
import { COVER_ID_PATTERN } from "./covers";

const folder = path.join(mediaRoot, "covers");

/**
 * Copies the files of each cover in `coverIds` (the covers posts name: a folder no post names was
 * left by a cover already replaced) that the table does not hold yet. Logs how many it copied.
 */
export function importCoverFiles(db: AppDatabase, coverIds: Iterable<string>): void {
  const imported = { covers: 0, files: 0 };
  for (const id of coverIds) {
    if (!COVER_ID_PATTERN.test(id) || isStored(db, id)) continue;
    const names = fileNamesIn(path.join(folder, id));
    if (names.length === 0) continue;
    db.transaction(
      (tx) => {
        for (const name of names) {
          const bytes = fs.readFileSync(path.join(folder, id, name));
          if (insertCoverFile(tx, id, { name, bytes })) imported.files += 1;
        }
      },
      { behavior: "immediate" },
    );
    imported.covers += 1;
  }
  if (imported.covers > 0) logEvent("info", "cover_files_imported", { ...imported, folder });
}

function isStored(db: AppDatabase, coverId: string): boolean {
  const row = db
    .select({ path: mediaFiles.path })
    .from(mediaFiles)
    .where(eq(mediaFiles.coverId, coverId))
    .limit(1)
    .get();
  return row !== undefined;
}

/** The cover files in a folder, by name; none when there is no such folder. */
function fileNamesIn(folder: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && coverContentType(entry.name) !== null)
    .map((entry) => entry.name)
    .sort();
}
