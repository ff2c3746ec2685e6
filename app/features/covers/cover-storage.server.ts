// A cover's files in the media folder: stored whole or not at all, and removed with their post.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { logEvent } from "~/lib/log.server";
import { mediaRoot } from "~/lib/media-storage.server";
import {
  COVER_REFUSALS,
  inspectCover,
  renderCover,
  type CoverFile,
  type CoverRefusal,
} from "./cover-image.server";
import { COVER_ID_PATTERN, COVER_LIMITS } from "./covers";

export type StoreCoverResult =
  | { ok: true; cover: { id: string; width: number; height: number } }
  | { ok: false; message: string };

// server.ts serves this folder at /media/covers, each cover's files in a folder named by its id.
const coversRoot = path.join(mediaRoot, "covers");
// Covers being written. The dot keeps them from being served or backed up before they are whole.
const uploadsRoot = path.join(coversRoot, ".uploads");
// An upload folder this old was left by a process that stopped while writing it.
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** A cover's folder; throws for anything but a cover id, so no path can lead outside. */
export function coverFolder(id: string): string {
  if (!COVER_ID_PATTERN.test(id)) throw new Error(`Not a cover id: ${JSON.stringify(id)}`);
  return path.join(coversRoot, id);
}

/**
 * Checks an uploaded image and stores its files under a new id. A refusal comes back as the
 * sentence to show the admin, with nothing written; a failure to write throws, with nothing left.
 */
export async function storeCover(file: File): Promise<StoreCoverResult> {
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
  await writeCoverFolder(id, files);
  const { width, height } = inspected;
  logEvent("info", "cover_stored", {
    id,
    width,
    height,
    bytes: bytes.length,
    durationMs: Math.round(performance.now() - started),
  });
  return { ok: true, cover: { id, width, height } };
}

/** Removes a cover's files; a cover already gone is fine. */
export async function removeCoverFiles(id: string): Promise<void> {
  await fs.rm(coverFolder(id), { recursive: true, force: true });
}

function refuse(refusal: CoverRefusal, error?: unknown): StoreCoverResult {
  const detail = error instanceof Error ? error.message : undefined;
  logEvent("warn", "cover_refused", { refusal, ...(detail ? { detail } : {}) });
  return { ok: false, message: COVER_REFUSALS[refusal] };
}

/**
 * Writes the files into a folder of their own beside the covers, then renames it into place: the
 * cover appears whole, or not at all. Each step reaches the disk before the next, so a post saved
 * after this never names a cover a power cut could lose.
 */
async function writeCoverFolder(id: string, files: CoverFile[]) {
  await fs.mkdir(uploadsRoot, { recursive: true });
  await removeAbandonedUploads();
  const upload = path.join(uploadsRoot, id);
  await fs.mkdir(upload);
  try {
    for (const file of files) {
      await fs.writeFile(path.join(upload, file.name), file.bytes, { flush: true });
    }
    await syncFolder(upload);
    await fs.rename(upload, coverFolder(id));
  } catch (error) {
    await fs.rm(upload, { recursive: true, force: true });
    throw error;
  }
  await syncFolder(coversRoot);
}

/** Makes a folder's entries (files added, renamed in) durable, as fsync does for a file's bytes. */
async function syncFolder(folder: string) {
  const handle = await fs.open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeAbandonedUploads() {
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  for (const entry of await fs.readdir(uploadsRoot)) {
    const folder = path.join(uploadsRoot, entry);
    const stats = await fs.stat(folder).catch(unlessMissing);
    if (stats && stats.mtimeMs < cutoff) await fs.rm(folder, { recursive: true, force: true });
  }
}

// Another upload may have removed the same abandoned folder a moment before.
function unlessMissing(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT") return null;
  throw error;
}
