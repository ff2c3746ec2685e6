// Draws the site's raster icons from public/favicon.svg: run after changing the SVG
// (`scripts/node24.sh node scripts/icons.ts`) and commit what it writes. tests/site-icons.test.ts
// draws them again and compares, so a changed SVG with stale rasters fails the tests.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drawSiteIcons } from "./lib/site-icons.ts";

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const files = await drawSiteIcons(await fs.readFile(path.join(publicDir, "favicon.svg")));
await Promise.all(
  files.map(({ path: file, bytes }) => fs.writeFile(path.join(publicDir, file), bytes)),
);
console.log(files.map(({ path: file }) => file).join("\n"));
