// The raster icons drawn from the SVG favicon (app/lib/site-icons.ts names them), as bytes: for
// scripts/icons.ts to write under public/ and for the tests to compare with what is committed.
import sharp from "sharp";
import {
  appleTouchIcon,
  faviconIcoPath,
  faviconIcoSizes,
  iconColours,
  pngFavicons,
} from "../../app/lib/site-icons.ts";
import { icoOf } from "./ico.ts";

export async function drawSiteIcons(svg: Buffer) {
  // Drawn at each size from the vector, so small icons stay sharp; the density puts enough pixels
  // under a 32-unit viewBox for the largest.
  const png = (size: number, background?: string) => {
    const image = sharp(svg, { density: 72 * Math.ceil(size / 32) }).resize(size, size);
    return (background ? image.flatten({ background }) : image)
      .png({ compressionLevel: 9 })
      .toBuffer();
  };
  const ico = icoOf(
    await Promise.all(faviconIcoSizes.map(async (size) => ({ size, png: await png(size) }))),
  );
  return [
    ...(await Promise.all(
      pngFavicons.map(async ({ path, size }) => ({ path, bytes: await png(size) })),
    )),
    { path: appleTouchIcon.path, bytes: await png(appleTouchIcon.size, iconColours.tile) },
    { path: faviconIcoPath, bytes: ico },
  ];
}
