// Which accepted image type a file is, from its first bytes: never from its name or the MIME type
// the browser sent, which say what the file claims to be.

export type CoverImageType = "jpeg" | "png" | "webp" | "avif";

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// An AVIF file's first box names its brands; a real one lists a handful of four-letter names.
const MAX_FILE_TYPE_BOX = 256;

/**
 * The brands an ISO media file's `ftyp` box names (the major brand and the compatible ones), or
 * none when it does not start with one. HEIC photos share the container, and name other brands.
 */
function fileTypeBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return [];
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  if (boxSize < 16 || boxSize > Math.min(bytes.length, MAX_FILE_TYPE_BOX)) return [];
  const brands = [ascii(bytes, 8, 4)];
  // Bytes 12 to 16 are the minor version; the compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

export function imageTypeOf(bytes: Uint8Array): CoverImageType | null {
  if (startsWith(bytes, JPEG_SIGNATURE)) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    return "webp";
  }
  const brands = fileTypeBrands(bytes);
  if (brands.includes("avif") || brands.includes("avis")) return "avif";
  return null;
}

/**
 * Whether a PNG is animated (APNG): its `acTL` chunk, which the format puts before the first
 * `IDAT`. sharp reads such a file as one page, its first frame, so the pages it reports cannot
 * tell. Walks the chunks' headers only, and stops at the first `IDAT` or at a chunk that runs
 * past the end.
 */
export function isAnimatedPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, PNG_SIGNATURE)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Each chunk: its data's length (4 bytes), its type (4), the data, then a CRC-32 (4).
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= bytes.length;) {
    const type = ascii(bytes, offset + 4, 4);
    if (type === "acTL") return true;
    if (type === "IDAT") return false;
    offset += 12 + view.getUint32(offset);
  }
  return false;
}
