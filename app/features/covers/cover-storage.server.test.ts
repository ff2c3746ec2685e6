// prepareCover, saveCoverFiles and removeCoverFiles with real sharp and this test file's own
// scratch SQLite file (tests/setup/scratch-database.ts).
import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { COVER_ID_PATTERN, COVER_LIMITS, COVER_SHARE_SIZE, coverWidths } from ".";
import { prepareCover, removeCoverFiles, saveCoverFiles } from "./index.server";
import { animatedPng, pngChunk, pngFile, pngHeader } from "../../../tests/support/png";

type StoredRow = {
  path: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Buffer;
};

/** A cover's stored files, by name. */
function storedFiles(coverId: string): Map<string, StoredRow> {
  const rows = db.$client
    .prepare("select * from media_files where cover_id = ? order by path")
    .all(coverId) as StoredRow[];
  return new Map(rows.map((row) => [row.path.slice(`covers/${coverId}/`.length), row]));
}

const storedFileCount = () =>
  (db.$client.prepare("select count(*) as n from media_files").get() as { n: number }).n;

const upload = (bytes: Uint8Array, name = "cover", type = "") =>
  new File([new Uint8Array(bytes)], name, { type });

/** A photo-like picture: enough detail that a cut-off file is missing real image data. */
const picture = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  });

/** An upload prepared and stored, as a post's save does. */
async function storedCover(bytes: Uint8Array, name?: string, type?: string) {
  const result = await prepareCover(upload(bytes, name, type));
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  db.transaction((tx) => saveCoverFiles(tx, result));
  return result.cover;
}

describe("a cover keeps each accepted type", () => {
  test.each([
    ["JPEG", () => picture(2000, 1500).jpeg().toBuffer(), 2000, 1500],
    ["PNG", () => picture(700, 500).png().toBuffer(), 700, 500],
    ["WebP", () => picture(300, 200).webp().toBuffer(), 300, 200],
    ["AVIF", () => picture(1000, 800).avif({ effort: 0 }).toBuffer(), 1000, 800],
  ])(
    "%s: every width in AVIF and WebP, and the share card",
    async (_type, make, width, height) => {
      const cover = await storedCover(await make());
      expect(cover).toEqual({ id: expect.stringMatching(COVER_ID_PATTERN), width, height });

      const files = storedFiles(cover.id);
      const widths = coverWidths(width);
      const expected = [
        ...widths.flatMap((stored) => [`${stored}.avif`, `${stored}.webp`]),
        "share.jpg",
      ];
      expect([...files.keys()].sort()).toEqual(expected.sort());
      for (const [name, row] of files) {
        expect(row.content_type).toBe(
          { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[name.split(".")[1]!],
        );
        expect(row.size).toBe(row.bytes.length);
        expect(row.sha256).toBe(crypto.createHash("sha256").update(row.bytes).digest("hex"));
      }
      for (const stored of widths) {
        for (const format of ["avif", "webp"] as const) {
          const metadata = await sharp(files.get(`${stored}.${format}`)!.bytes).metadata();
          expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
          expect([metadata.width, metadata.height]).toEqual([
            stored,
            Math.round((stored * height) / width),
          ]);
        }
      }
      const share = await sharp(files.get("share.jpg")!.bytes).metadata();
      expect([share.format, share.width, share.height]).toEqual([
        "jpeg",
        COVER_SHARE_SIZE.width,
        COVER_SHARE_SIZE.height,
      ]);
      // A 2000-pixel JPEG is encoded at every width in two formats: seconds on a loaded machine.
    },
    30_000,
  );
});

test("the type comes from the bytes, whatever the file's name and MIME type say", async () => {
  const png = await picture(600, 400).png().toBuffer();
  const cover = await storedCover(png, "notes.txt", "text/plain");
  expect(cover.width).toBe(600);
});

test("EXIF orientation is applied, and no metadata is kept", async () => {
  // Stored sideways: red on the left, blue on the right. Orientation 6 says "turn 90° clockwise
  // to show", which puts red at the top.
  const halves = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#ff0000" },
  })
    .composite([
      {
        input: { create: { width: 400, height: 600, channels: 3, background: "#0000ff" } },
        left: 400,
        top: 0,
      },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: "Someone", Artist: "A camera" } })
    .toBuffer();
  expect((await sharp(halves).metadata()).exif).toBeDefined();

  const cover = await storedCover(halves);
  expect([cover.width, cover.height]).toEqual([600, 800]);

  const stored = sharp(storedFiles(cover.id).get("480.webp")!.bytes);
  const metadata = await stored.metadata();
  expect([metadata.width, metadata.height]).toEqual([480, 640]);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  const { data, info } = await stored.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colourAt = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return data[at]! > 200 && data[at + 2]! < 60 ? "red" : data[at + 2]! > 200 ? "blue" : "?";
  };
  expect([colourAt(240, 100), colourAt(240, 540)]).toEqual(["red", "blue"]);
});

/** A valid PNG whose header declares `width` x `height`, with almost no pixel data behind it. */
function pngDeclaring(width: number, height: number): Uint8Array {
  return pngFile(
    pngHeader(width, height),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND"),
  );
}

describe("refusals store nothing", () => {
  const TYPE = "Please choose a JPEG, PNG, WebP or AVIF image.";
  const UNREADABLE = "This image could not be read. Please choose another file.";
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await picture(1200, 900).jpeg().toBuffer();
  });

  test.each([
    ["a text file named photo.jpg", () => Buffer.from("Not a picture at all.\n"), TYPE],
    ["a GIF", () => picture(64, 48).gif().toBuffer(), TYPE],
    [
      "an SVG",
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48"/></svg>',
        ),
      TYPE,
    ],
    ["a HEIC photo's container", () => fileTypeBoxOnly("heic"), TYPE],
    ["a truncated JPEG", () => jpeg.subarray(0, Math.floor(jpeg.length / 2)), UNREADABLE],
    ["an AVIF header with nothing behind it", () => fileTypeBoxOnly("avif"), UNREADABLE],
    [
      "a file over the byte limit",
      () => Buffer.concat([jpeg, Buffer.alloc(COVER_LIMITS.maxBytes + 1 - jpeg.length)]),
      "Please choose an image under 10 MB.",
    ],
    [
      "a PNG declaring 60,000 x 60,000 pixels",
      () => pngDeclaring(60_000, 60_000),
      "This image is too large: please use one under 40 megapixels.",
    ],
    [
      // Under sharp's own limit (268 megapixels), over ours.
      "a PNG declaring 10,000 x 10,000 pixels",
      () => pngDeclaring(10_000, 10_000),
      "This image is too large: please use one under 40 megapixels.",
    ],
    [
      "an animated WebP",
      async () => {
        const frame = () => picture(64, 48).png().toBuffer();
        const frames = [await frame(), await frame()];
        return sharp(frames, { join: { animated: true } })
          .webp()
          .toBuffer();
      },
      "Please choose a still image: an animated one cannot be a cover.",
    ],
    [
      // sharp reads an APNG as one page, its first frame.
      "an animated PNG",
      () => animatedPng(64, 48),
      "Please choose a still image: an animated one cannot be a cover.",
    ],
    [
      "a panorama five times as wide as it is high",
      () => picture(1000, 200).png().toBuffer(),
      "This image is too long and thin for a cover: please crop it so its longer side is at most 4 times its shorter side.",
    ],
  ])("%s", async (_label, make, message) => {
    const bytes = await make();
    const before = storedFileCount();
    const result = await prepareCover(upload(bytes, "photo.jpg", "image/jpeg"));
    expect(result).toEqual({ ok: false, message });
    expect(storedFileCount()).toBe(before);
  });

  test("the bomb is refused from its header, without decoding it", async () => {
    const started = performance.now();
    const bomb = pngDeclaring(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2048);
    await prepareCover(upload(bomb));
    expect(performance.now() - started).toBeLessThan(500);
  });
});

function fileTypeBoxOnly(brand: string) {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from(`ftyp${brand}`, "latin1"),
    Buffer.alloc(4),
    Buffer.from(`mif1${brand}`, "latin1"),
  ]);
}

describe("removeCoverFiles", () => {
  test("removes the cover's files and no other's, and a cover already gone is fine", async () => {
    const cover = await storedCover(await picture(500, 300).png().toBuffer());
    const other = await storedCover(await picture(500, 300).png().toBuffer());
    db.transaction((tx) => removeCoverFiles(tx, cover.id));
    expect(storedFiles(cover.id).size).toBe(0);
    expect(storedFiles(other.id).size).toBe(3);
    expect(() => db.transaction((tx) => removeCoverFiles(tx, cover.id))).not.toThrow();
  });
});
