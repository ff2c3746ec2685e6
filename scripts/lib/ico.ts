// An ICO container holding PNG images, which every browser since Windows Vista's era reads: a
// 6-byte header, a 16-byte entry per image, then the images as they are.

/** The ICO file of `images` (PNG bytes, square, at most 256 pixels a side). */
export function icoOf(images: readonly { size: number; png: Buffer }[]) {
  const HEADER = 6;
  const ENTRY = 16;
  const header = Buffer.alloc(HEADER + ENTRY * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = HEADER + ENTRY * index;
    // One byte a side, where 0 stands for 256.
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}
