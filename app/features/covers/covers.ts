// What a stored cover is, what an upload may be, and where each of its files is served.

/** A post's cover: its files' id, the oriented original's size, and its text alternative. */
export type Cover = { id: string; width: number; height: number; alt: string };

export const COVER_LIMITS = {
  /** The upload itself: a phone's photo is 2 to 6 MB; the request body limit leaves room for it. */
  maxBytes: 10 * 1024 * 1024,
  /**
   * Width times height, read from the file's header before anything is decoded: a small file can
   * declare an enormous image (a decompression bomb). 40 megapixels takes any phone or most
   * cameras, and decodes in under 200 MB.
   */
  maxPixels: 40_000_000,
  /**
   * Longer side over shorter side. Covers are shown cropped to about 2:1; past 4:1 either way the
   * crop would be a sliver, and a resized width could be taller than WebP allows (16,383 pixels).
   */
  maxAspectRatio: 4,
} as const;

/** For the file input's `accept`: what the server takes, though it decides from the bytes. */
export const COVER_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/** A cover's id: 128 random bits in lowercase hex, the middle of its files' addresses. */
export const COVER_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The widths each cover is stored at: a card (at most about 400 CSS pixels wide) at 1x and 2x,
 * and the article's full width (at most 800) at 2x.
 */
const STORED_WIDTHS = [480, 960, 1600];

/** Open Graph's recommended card: what social sites show for a shared link. */
export const COVER_SHARE_SIZE = { width: 1200, height: 630 } as const;

export type CoverFormat = "avif" | "webp";

/** The widths stored for an original this wide: never wider than the original itself. */
export function coverWidths(width: number): number[] {
  const fitting = STORED_WIDTHS.filter((stored) => stored <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** The name of one resized file of a cover; file names are the end of their address. */
export function coverFileName(width: number, format: CoverFormat): string {
  return `${width}.${format}`;
}

/** The share card's file: a JPEG, which every site that reads Open Graph tags can show. */
export const COVER_SHARE_FILE = "share.jpg";

/**
 * A cover's file's address below /media/, which is also its key in the media_files table. The id
 * is random and new for each upload, so an address never changes meaning.
 */
export function coverFilePath(id: string, name: string): string {
  return `covers/${id}/${name}`;
}

export function coverImageUrl(id: string, width: number, format: CoverFormat): string {
  return `/media/${coverFilePath(id, coverFileName(width, format))}`;
}

export function coverShareImageUrl(id: string): string {
  return `/media/${coverFilePath(id, COVER_SHARE_FILE)}`;
}
