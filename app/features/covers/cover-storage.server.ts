// A cover's files in the database (media_files): encoded before the post's write, stored in the
// transaction that saves the post naming them, and deleted in the one that drops the cover. See
// docs/decisions/041-media-in-sqlite.md.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { mediaFiles } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";
import { logEvent } from "~/lib/log.server";
import {
  COVER_REFUSALS,
  inspectCover,
  renderCover,
  type CoverFile,
  type CoverRefusal,
} from "./cover-image.server";
import { COVER_ID_PATTERN, COVER_LIMITS, coverFilePath } from "./covers";

/** An upload checked and encoded, not yet stored: `saveCoverFiles` stores it with its post. */
export type PreparedCover = {
  cover: { id: string; width: number; height: number };
  files: CoverFile[];
};

export type PrepareCoverResult = ({ ok: true } & PreparedCover) | { ok: false; message: string };

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** The type a cover's file is served as, from its name; null for a name no cover file has. */
export function coverContentType(name: string): string | null {
  return CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? null;
}

/**
 * Checks an uploaded image and encodes its files under a new id, in memory (a few hundred KB). A
 * refusal comes back as the sentence to show the admin.
 */
export async function prepareCover(file: File): Promise<PrepareCoverResult> {
  const started = performance.now();
  if (file.size > COVER_LIMITS.maxBytes) return refuse("too-many-bytes");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const inspected = await inspectCover(bytes);
  if (!inspected.ok) return refuse(inspected.refusal);
  let files: CoverFile[];
  try {
    files = await renderCover(bytes, inspected);
  } catch (error) {
    return refuse("unreadable", error);
  }
  const id = crypto.randomBytes(16).toString("hex");
  const { width, height } = inspected;
  logEvent("info", "cover_encoded", {
    id,
    width,
    height,
    bytes: bytes.length,
    storedBytes: files.reduce((sum, stored) => sum + stored.bytes.length, 0),
    durationMs: Math.round(performance.now() - started),
  });
  return { ok: true, cover: { id, width, height }, files };
}

/** Stores a cover's files; call it in the transaction that writes the post naming the cover. */
export function saveCoverFiles(tx: Queryable, { cover, files }: PreparedCover): void {
  for (const file of files) insertCoverFile(tx, cover.id, file);
}

/** Stores one file of a cover, or nothing when it is already stored (an import run again). */
export function insertCoverFile(tx: Queryable, coverId: string, file: CoverFile): boolean {
  const contentType = coverContentType(file.name);
  if (!COVER_ID_PATTERN.test(coverId) || !contentType) {
    throw new Error(`Not a cover file: ${JSON.stringify(`${coverId}/${file.name}`)}`);
  }
  const inserted = tx
    .insert(mediaFiles)
    .values({
      path: coverFilePath(coverId, file.name),
      coverId,
      contentType,
      size: file.bytes.length,
      sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
      bytes: file.bytes,
    })
    .onConflictDoNothing()
    .returning({ path: mediaFiles.path })
    .all();
  return inserted.length === 1;
}

/** Deletes a cover's files; a cover already gone is fine. Call it in the post's transaction. */
export function removeCoverFiles(tx: Queryable, coverId: string): void {
  tx.delete(mediaFiles).where(eq(mediaFiles.coverId, coverId)).run();
}

function refuse(refusal: CoverRefusal, error?: unknown): PrepareCoverResult {
  const detail = error instanceof Error ? error.message : undefined;
  logEvent("warn", "cover_refused", { refusal, ...(detail ? { detail } : {}) });
  return { ok: false, message: COVER_REFUSALS[refusal] };
}
