// A cover's file answered from the media_files table, as a static file server would answer it:
// cached for a year, validated by its hash, and in byte ranges. The bytes are read only for a body
// that is sent, and a range reads only its slice (SQLite's substr on a blob counts bytes, from 1).
// X-Content-Type-Options: nosniff is on every answer already (server/security.ts).
import { eq, sql } from "drizzle-orm";
import { mediaFiles } from "~/db/schema";
import type { Queryable } from "~/lib/db-client.server";
import { noStore } from "~/lib/headers";

/** A byte range of a file: its first and last byte, both included. */
type ByteRange = { first: number; last: number };

/**
 * The answer for the file at `path` below /media/ (`covers/<id>/480.avif`). The address of a file
 * never changes meaning (a new upload has a new id), so it may be kept for a year unasked.
 */
export function coverFileResponse(db: Queryable, request: Request, path: string): Response {
  const file = db
    .select({
      contentType: mediaFiles.contentType,
      size: mediaFiles.size,
      sha256: mediaFiles.sha256,
    })
    .from(mediaFiles)
    .where(eq(mediaFiles.path, path))
    .get();
  if (!file) {
    // Not stored for long by anyone: on a replica the file may arrive with the next transaction.
    return new Response("There is no such image.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...noStore },
    });
  }
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Accept-Ranges": "bytes",
  });
  if (matchesAny(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const wantsBody = request.method !== "HEAD";
  const range = rangeAsked(request, etag, file.size);
  if (range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      headers: { "Content-Range": `bytes */${file.size}`, ...noStore },
    });
  }
  if (range) {
    const length = range.last - range.first + 1;
    headers.set("Content-Range", `bytes ${range.first}-${range.last}/${file.size}`);
    headers.set("Content-Length", String(length));
    const body = wantsBody ? bytesOf(db, path, range.first + 1, length) : null;
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(wantsBody ? bytesOf(db, path, 1, file.size) : null, { status: 200, headers });
}

/** `length` bytes of a stored file from byte `start`, counted from 1 as SQLite's substr does. */
function bytesOf(db: Queryable, path: string, start: number, length: number): BodyInit {
  const row = db
    .select({ bytes: sql<Buffer>`substr(${mediaFiles.bytes}, ${start}, ${length})` })
    .from(mediaFiles)
    .where(eq(mediaFiles.path, path))
    .get();
  const bytes = row?.bytes ?? Buffer.alloc(0);
  // The driver's own buffer, handed on without a copy.
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/** If-None-Match: `*`, or a list of tags compared weakly (`W/"x"` matches `"x"`), as RFC 9110 says. */
function matchesAny(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The one range asked for, "unsatisfiable" when it starts past the end, or null for the whole
 * file: no Range, a malformed one or another unit (ignored, as RFC 9110 allows), several ranges
 * (a whole body answers them too), or an If-Range naming another version.
 */
function rangeAsked(
  request: Request,
  etag: string,
  size: number,
): ByteRange | "unsatisfiable" | null {
  const header = request.headers.get("Range");
  if (header === null) return null;
  const ifRange = request.headers.get("If-Range");
  // If-Range's dates are never a strong validator here: these answers carry no Last-Modified.
  if (ifRange !== null && ifRange.trim() !== etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, from, to] = match;
  if (from === "") {
    // A suffix: the last N bytes, or the whole file when it is shorter.
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { first: Math.max(0, size - suffix), last: size - 1 };
  }
  const first = Number(from);
  if (to !== "" && Number(to) < first) return null;
  if (first >= size) return "unsatisfiable";
  return { first, last: to === "" ? size - 1 : Math.min(Number(to), size - 1) };
}
