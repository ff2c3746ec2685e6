// Gzip (Zopfli's, about 4% smaller than zlib's best) and Brotli copies of the built browser
// files, written beside each as name.gz and name.br, for express-static-gzip in server.ts to send
// whichever the browser accepts. Done once at build time, so no request pays for compression.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);

/** Writes the compressed copies of every compressible file under `directory`; returns how many. */
export async function precompressBrowserFiles(directory: string) {
  const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.readFile(file);
      const [gzipped, brotlied] = await Promise.all([
        gzipAsync(source, { numiterations: 15 }),
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      ]);
      await fs.writeFile(`${file}.gz`, gzipped);
      await fs.writeFile(`${file}.br`, brotlied);
    }),
  );
  return files.length;
}
