// An uploaded cover, read with sharp: first its header, refusing what should not be decoded; then
// every stored file, made from one decode of the image.
import type { Metadata, SharpOptions } from "sharp";
import {
  COVER_LIMITS,
  COVER_SHARE_FILE,
  COVER_SHARE_SIZE,
  coverFileName,
  coverWidths,
} from "./covers";
import { imageTypeOf, isAnimatedPng, type CoverImageType } from "./image-type";

export type CoverRefusal =
  | "too-many-bytes"
  | "not-an-accepted-type"
  | "animated"
  | "too-many-pixels"
  | "aspect-ratio"
  | "unreadable";

const MEGABYTE = 1024 * 1024;

/** What the admin is told, one sentence each, beside the form's cover field. */
export const COVER_REFUSALS: Record<CoverRefusal, string> = {
  "too-many-bytes": `Please choose an image under ${COVER_LIMITS.maxBytes / MEGABYTE} MB.`,
  "not-an-accepted-type": "Please choose a JPEG, PNG, WebP or AVIF image.",
  animated: "Please choose a still image: an animated one cannot be a cover.",
  "too-many-pixels": `This image is too large: please use one under ${COVER_LIMITS.maxPixels / 1e6} megapixels.`,
  "aspect-ratio": `This image is too long and thin for a cover: please crop it so its longer side is at most ${COVER_LIMITS.maxAspectRatio} times its shorter side.`,
  unreadable: "This image could not be read. Please choose another file.",
};

type InspectedCover =
  { ok: true; width: number; height: number } | { ok: false; refusal: CoverRefusal };

export type CoverFile = { name: string; bytes: Buffer };

// sharp (libvips) takes some 30 MB once loaded: only an upload needs it, so it loads on the first.
async function loadSharp() {
  const sharp = (await import("sharp")).default;
  sharp.cache(false);
  return sharp;
}

// The name sharp gives each accepted type's decoder; AVIF is HEIF compressed with AV1.
const SHARP_FORMATS: Record<CoverImageType, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
};

const DECODING: SharpOptions = {
  // Checked again by the decoder itself, whatever the header claimed.
  limitInputPixels: COVER_LIMITS.maxPixels,
  // Refuses truncated and corrupt files, but not the harmless warnings many cameras' JPEGs raise.
  failOn: "error",
};

// Effort 2 makes AVIF about six times faster than sharp's default (4) for files a few percent
// larger: a 4000x3000 photo is done in about a second. 4:2:0 suits photographs.
const AVIF = { quality: 50, effort: 2, chromaSubsampling: "4:2:0" } as const;
const WEBP = { quality: 78, effort: 4 } as const;
const JPEG = { quality: 82, mozjpeg: true } as const;

/**
 * Reads only the header: the type (from the bytes, then as sharp's decoder sees it), the number
 * of frames and the size, so a decompression bomb is refused before a pixel is allocated. The
 * size given back is the image as it is meant to be seen (EXIF orientation applied).
 */
export async function inspectCover(bytes: Uint8Array): Promise<InspectedCover> {
  const type = imageTypeOf(bytes);
  if (!type) return { ok: false, refusal: "not-an-accepted-type" };
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Only the header is read here, so sharp's own limit would merely turn an oversized image
    // into an unreadable one; ours, below, says what is wrong.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: "unreadable" };
  }
  const sameType = metadata.format === SHARP_FORMATS[type];
  if (!sameType || (type === "avif" && metadata.compression !== "av1")) {
    return { ok: false, refusal: "not-an-accepted-type" };
  }
  if ((metadata.pages ?? 1) > 1 || (type === "png" && isAnimatedPng(bytes))) {
    return { ok: false, refusal: "animated" };
  }
  const { width, height } = metadata.autoOrient;
  if (width * height > COVER_LIMITS.maxPixels) return { ok: false, refusal: "too-many-pixels" };
  if (Math.max(width, height) > COVER_LIMITS.maxAspectRatio * Math.min(width, height)) {
    return { ok: false, refusal: "aspect-ratio" };
  }
  return { ok: true, width, height };
}

/**
 * The size of the one decode every file is made from: wide enough for the widest stored width
 * and large enough to fill the share card, never larger than the original.
 */
function workingSize({ width, height }: { width: number; height: number }) {
  const widest = Math.max(...coverWidths(width));
  const scale = Math.min(
    1,
    Math.max(widest / width, COVER_SHARE_SIZE.width / width, COVER_SHARE_SIZE.height / height),
  );
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * Every file of a cover: each stored width in AVIF and WebP, and the share card, a JPEG cropped
 * from the middle (enlarged when the original is smaller). Oriented, converted to sRGB, and with
 * no metadata: a photo's EXIF can say where it was taken. Throws when the image cannot be decoded.
 */
export async function renderCover(
  bytes: Uint8Array,
  original: { width: number; height: number },
): Promise<CoverFile[]> {
  // One decode, scaled down once (JPEG decodes straight at a smaller scale); every file is made
  // from these pixels rather than decoding the upload again for each.
  const working = workingSize(original);
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, DECODING)
    .autoOrient()
    .resize(working.width, working.height, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  // One after another: encoding them at once measured no faster on a busy two-core machine, the
  // Fly VM has one CPU, and an upload must not take every core from visitors.
  const files: CoverFile[] = [];
  for (const width of coverWidths(original.width)) {
    // From the original's proportions, so every width has exactly its aspect ratio.
    const height = Math.max(1, Math.round((width * original.height) / original.width));
    const resized = () => pixels().resize(width, height, { fit: "fill" });
    files.push({
      name: coverFileName(width, "avif"),
      bytes: await resized().avif(AVIF).toBuffer(),
    });
    files.push({
      name: coverFileName(width, "webp"),
      bytes: await resized().webp(WEBP).toBuffer(),
    });
  }
  const share = await pixels()
    .resize(COVER_SHARE_SIZE.width, COVER_SHARE_SIZE.height, { fit: "cover" })
    // JPEG has no transparency: what was transparent shows as white, as on the page.
    .flatten({ background: "#ffffff" })
    .jpeg(JPEG)
    .toBuffer();
  files.push({ name: COVER_SHARE_FILE, bytes: share });
  return files;
}
