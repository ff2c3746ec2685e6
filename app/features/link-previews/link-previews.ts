// Link previews as stored on a post: whatever the column holds, read back as a clean list.
import type { LinkPreview } from "~/db/schema";

const MAX_TEXT = 300;
const MAX_URL = 2000;

function text(value: unknown, maxLength = MAX_TEXT): string | null {
  if (typeof value !== "string") return null;
  const cleaned = value.replace(/\p{Cc}/gu, " ").trim();
  return cleaned === "" ? null : cleaned.slice(0, maxLength);
}

/** An absolute http(s) URL, or null. */
export function httpUrl(value: unknown): URL | null {
  const raw = text(value, MAX_URL);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * A preview image: an absolute http(s) URL, or a path on this site (demo content ships its
 * illustrations in public/). Anything else (javascript:, data:, protocol-relative) is dropped.
 */
function imageUrl(value: unknown): string | null {
  const raw = text(value, MAX_URL);
  if (raw && /^\/(?![/\\])[\w\-./]+$/.test(raw)) return raw;
  return httpUrl(raw)?.href ?? null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The one reader of `link_previews` (JSON text, or already parsed): absent or not a list gives [], and each entry is kept only
 * with an http(s) URL, its text trimmed and bounded, and its domain taken from the URL when missing.
 */
export function normaliseLinkPreviews(stored: unknown): LinkPreview[] {
  const list = typeof stored === "string" ? parseJson(stored) : stored;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): LinkPreview[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const record = entry as Record<string, unknown>;
    const url = httpUrl(record.url);
    if (!url) return [];
    const domain = url.hostname.replace(/^www\./, "");
    return [
      {
        url: url.href,
        image: imageUrl(record.image),
        title: text(record.title) ?? domain,
        description: text(record.description, 600),
        domain: text(record.domain, 253) ?? domain,
      },
    ];
  });
}
