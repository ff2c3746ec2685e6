// PNG files written chunk by chunk (length, type, data, CRC-32), for tests that need a file sharp
// would never write: a header declaring a huge image, or an animated PNG.
import zlib from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The signature and these chunks, in order. */
export function pngFile(...chunks: Buffer[]): Buffer {
  return Buffer.concat([SIGNATURE, ...chunks]);
}

/** An IHDR chunk: 8 bits per sample, RGB, the standard methods, no interlace. */
export function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return pngChunk("IHDR", header);
}

/** Deflated RGB rows of one colour, each behind its filter byte (0, none). */
function pixels(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  return zlib.deflateSync(Buffer.concat(Array<Buffer>(height).fill(row)));
}

/**
 * An animated PNG (APNG) of two frames, red then blue: `acTL` (two frames, looping) and the first
 * frame's `fcTL` before the `IDAT` that is also the still image, then the second frame as
 * `fcTL` and `fdAT`. A viewer that knows no APNG shows the first frame.
 */
export function animatedPng(width: number, height: number): Buffer {
  const u32 = (...values: number[]) => {
    const bytes = Buffer.alloc(4 * values.length);
    values.forEach((value, index) => bytes.writeUInt32BE(value, 4 * index));
    return bytes;
  };
  // Sequence number, size, offset, then a delay of 1/10 s, no disposal, no blending.
  const frameControl = (sequence: number) =>
    pngChunk(
      "fcTL",
      Buffer.concat([u32(sequence, width, height, 0, 0), Buffer.from([0, 1, 0, 10, 0, 0])]),
    );
  return pngFile(
    pngHeader(width, height),
    pngChunk("acTL", u32(2, 0)),
    frameControl(0),
    pngChunk("IDAT", pixels(width, height, [255, 0, 0])),
    frameControl(1),
    pngChunk("fdAT", Buffer.concat([u32(2), pixels(width, height, [0, 0, 255])])),
    pngChunk("IEND"),
  );
}
