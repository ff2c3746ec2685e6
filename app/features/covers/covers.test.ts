import { describe, expect, test } from "vitest";
import { coverImageUrl, coverShareImageUrl, coverWidths } from ".";
import { imageTypeOf, isAnimatedPng } from "./image-type";
import { animatedPng, pngChunk, pngFile, pngHeader } from "../../../tests/support/png";

describe("coverWidths", () => {
  test.each([
    [4000, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1599, [480, 960]],
    [960, [480, 960]],
    [700, [480]],
    [480, [480]],
    [479, [479]],
    [120, [120]],
    [1, [1]],
  ])("an original %i wide is stored at %j", (width, expected) => {
    expect(coverWidths(width)).toEqual(expected);
  });
});

test("a cover's files are served under /media/covers/<id>/", () => {
  const id = "0123456789abcdef0123456789abcdef";
  expect(coverImageUrl(id, 960, "avif")).toBe(`/media/covers/${id}/960.avif`);
  expect(coverImageUrl(id, 480, "webp")).toBe(`/media/covers/${id}/480.webp`);
  expect(coverShareImageUrl(id)).toBe(`/media/covers/${id}/share.jpg`);
});

describe("imageTypeOf", () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)),
    );
  const fileTypeBox = (major: string, ...compatible: string[]) =>
    bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], ...compatible);

  test.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "jpeg"],
    ["PNG", bytes([0x89], "PNG\r\n\x1a\n"), "png"],
    ["WebP", bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "), "webp"],
    ["AVIF", fileTypeBox("avif", "mif1", "miaf"), "avif"],
    ["AVIF named only among the compatible brands", fileTypeBox("mif1", "avif"), "avif"],
    ["an AVIF sequence", fileTypeBox("avis", "avif"), "avif"],
    ["HEIC", fileTypeBox("heic", "mif1", "heic"), null],
    ["an ftyp box longer than the file", bytes([0, 0, 1, 0], "ftypavif", [0, 0, 0, 0]), null],
    ["GIF", bytes("GIF89a"), null],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ["RIFF that is not WebP", bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "), null],
    ["text", bytes("hello"), null],
    ["nothing", bytes(), null],
  ])("%s is %s", (_label, file, expected) => {
    expect(imageTypeOf(file)).toBe(expected);
  });
});

describe("isAnimatedPng", () => {
  const apng = animatedPng(4, 3);
  const control = pngChunk("acTL", Buffer.alloc(8));
  const image = pngChunk("IDAT", Buffer.alloc(16));
  const end = pngChunk("IEND");

  test.each([
    ["a two-frame APNG", apng, true],
    [
      "acTL before IDAT, after other chunks",
      pngFile(pngHeader(4, 3), pngChunk("tEXt"), control, image),
      true,
    ],
    ["a still PNG", pngFile(pngHeader(4, 3), image, end), false],
    // The format places acTL before the image data; one after it does not make an animation.
    ["acTL only after IDAT", pngFile(pngHeader(4, 3), image, control, end), false],
    ["an APNG cut off before its acTL", apng.subarray(0, 8 + 25 + 4), false],
    [
      "a chunk whose length runs past the end",
      pngFile(pngChunk("IHDR").fill(0xff, 0, 4), control),
      false,
    ],
    ["a JPEG", new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), false],
    ["nothing", new Uint8Array(), false],
  ])("%s: %s", (_label, file, expected) => {
    expect(isAnimatedPng(file)).toBe(expected);
  });
});
