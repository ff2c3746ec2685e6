// Share cards kept on the data volume: each is drawn on its first request and read from disk after
// that. A card is answered only when its name's fingerprint is that of the text it would show now,
// so no request can make the server draw words of its choosing.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { logEvent } from "~/lib/log.server";
import { mediaRoot } from "~/lib/media-storage.server";
import type { ShareCardText } from "./page-cards";
import { RenderPoolBusy, runInPool } from "~/lib/render-pool.server";
import { SHARE_CARD_WORKER, shareCard } from "./share-card.worker";
import {
  cardFingerprint,
  fingerprint,
  shareCardSubjectName,
  type ShareCardFile,
  type ShareCardSubject,
} from "./share-card-files.server";

// One folder per page or post, so a post's cards go with one call, whatever their titles were.
const shareCardsRoot = path.join(mediaRoot, "share-cards");

// Requests for a card that is being read or drawn wait for that one, so a link shared to a busy
// channel, fetched by many unfurlers at once, is drawn once.
const pending = new Map<string, Promise<Uint8Array>>();

/**
 * The PNG of the requested card, or null when `card` (the text its subject has now) is not what
 * the name's fingerprint says: a title changed since the link was shared, or a made-up name.
 */
export async function shareCardResponse(
  requested: ShareCardFile,
  card: ShareCardText,
  brand: string,
): Promise<Response | null> {
  if (requested.fingerprint !== cardFingerprint(card)) return null;
  let png: Uint8Array;
  try {
    png = await storedShareCard(requested, card, brand);
  } catch (error) {
    if (error instanceof RenderPoolBusy) return error.response();
    throw error;
  }
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      // The name changes with the text, so a name's image never does.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

/** Removes every card of the post: its title changed, or the post is gone. */
export async function dropPostShareCards(postId: string): Promise<void> {
  const folder = subjectFolder({ kind: "post", postId });
  if (folder) await fs.rm(folder, { recursive: true, force: true });
}

function storedShareCard(requested: ShareCardFile, card: ShareCardText, brand: string) {
  const folder = subjectFolder(requested);
  if (!folder) throw new Error(`A share card's subject cannot name a folder: ${requested.kind}`);
  // The brand is drawn on every card, but is not in the URL: a new brand draws the card again.
  const file = path.join(folder, `${requested.fingerprint}-${fingerprint(brand)}.png`);
  let png = pending.get(file);
  if (!png) {
    png = readOrDraw(file, card, brand).finally(() => pending.delete(file));
    pending.set(file, png);
  }
  return png;
}

async function readOrDraw(file: string, card: ShareCardText, brand: string): Promise<Uint8Array> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const started = performance.now();
  const input = { card, brand };
  const png = await runInPool({ workerFile: SHARE_CARD_WORKER, task: "shareCard", input }, () =>
    shareCard(input),
  );
  logEvent("info", "share_card_rendered", {
    file: path.relative(shareCardsRoot, file),
    ms: Math.round(performance.now() - started),
  });
  await store(file, png);
  return png;
}

/**
 * Written whole under a temporary name, then renamed, so a reader never sees half a file; the
 * subject's older cards (an earlier title or brand) go. A card that could not be stored is still
 * sent: it is drawn again on the next request.
 */
async function store(file: string, png: Uint8Array) {
  const folder = path.dirname(file);
  const temporary = `${file}.${crypto.randomUUID()}.tmp`;
  try {
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(temporary, png);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    logEvent("warn", "share_card_not_stored", {
      file: path.relative(shareCardsRoot, file),
      code: (error as NodeJS.ErrnoException).code ?? String(error),
    });
    return;
  }
  const older = (await cardsIn(folder)).filter((name) => name !== path.basename(file));
  await Promise.all(older.map((name) => fs.rm(path.join(folder, name), { force: true })));
}

/** The stored cards in a folder; none once the post's cards have been dropped meanwhile. */
async function cardsIn(folder: string): Promise<string[]> {
  try {
    return (await fs.readdir(folder)).filter((name) => name.endsWith(".png"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The subject's folder, or null for a post id that would lead out of the cards' folder. */
function subjectFolder(subject: ShareCardSubject): string | null {
  const folder = path.join(shareCardsRoot, shareCardSubjectName(subject));
  return path.dirname(folder) === shareCardsRoot ? folder : null;
}
