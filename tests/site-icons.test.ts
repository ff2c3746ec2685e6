// The icons, the web app manifest and security.txt as a browser, a feed reader or a researcher
// fetches them: through their routes, and the committed files read back with sharp.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { siteConfig } from "~/lib/site-config.server";
import { appleTouchIcon, faviconIcoPath, faviconIcoSizes, pngFavicons } from "~/lib/site-icons";
import { loader as manifestLoader } from "~/routes/site[.]webmanifest";
import { loader as securityTxtLoader } from "~/routes/[.]well-known.security[.]txt";
import { drawSiteIcons } from "../scripts/lib/site-icons.ts";
import { routeArgs } from "./support/actions";

const publicDir = path.join(import.meta.dirname, "..", "public");
const publicFile = (urlPath: string) => fs.readFileSync(path.join(publicDir, urlPath));

const request = (urlPath: string) => routeArgs(new Request(`http://localhost${urlPath}`));

describe("the web app manifest", () => {
  test("names the site, starts at /, and lists icons that exist at the sizes it states", async () => {
    const response = manifestLoader(request("/site.webmanifest"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
    const manifest = JSON.parse(await response.text()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBe(siteConfig.brand);
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe("/");
    expect(["browser", "standalone"]).toContain(manifest.display);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const rasters = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(rasters.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of rasters) {
      const { width, height, format } = await sharp(publicFile(icon.src)).metadata();
      expect(format, icon.src).toBe("png");
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.some((icon) => icon.src === "/favicon.svg")).toBe(true);
  });
});

describe("the raster icons", () => {
  test("the apple-touch-icon is a 180x180 PNG with no transparent corner", async () => {
    const image = sharp(publicFile(appleTouchIcon.path));
    const { width, height, format, hasAlpha } = await image.metadata();
    expect({ width, height, format }).toEqual({ width: 180, height: 180, format: "png" });
    expect(hasAlpha).toBe(false);
  });

  test("each PNG favicon has the size it is named for", async () => {
    for (const icon of pngFavicons) {
      const { width, height } = await sharp(publicFile(icon.path)).metadata();
      expect({ width, height }, icon.path).toEqual({ width: icon.size, height: icon.size });
    }
  });

  test("/favicon.ico is an ICO whose entries point at PNGs of the sizes they state", async () => {
    const ico = publicFile(faviconIcoPath);
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    expect(count).toBe(faviconIcoSizes.length);
    const sizes: number[] = [];
    for (let index = 0; index < count; index++) {
      const entry = 6 + 16 * index;
      const side = ico.readUInt8(entry);
      expect(ico.readUInt8(entry + 1)).toBe(side);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const { width, height, format } = await sharp(
        ico.subarray(offset, offset + length),
      ).metadata();
      expect({ width, height, format }).toEqual({ width: side, height: side, format: "png" });
      sizes.push(side);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  test("the committed files are what scripts/icons.ts draws from public/favicon.svg today", async () => {
    const drawn = await drawSiteIcons(publicFile("/favicon.svg"));
    for (const file of drawn) {
      expect(publicFile(file.path).equals(file.bytes), `${file.path}: run scripts/icons.ts`).toBe(
        true,
      );
    }
  });
});

describe("/.well-known/security.txt", () => {
  test("names the contact, a future expiry under a year away, the canonical address and English", async () => {
    const before = Date.now();
    const response = securityTxtLoader(request("/.well-known/security.txt"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const fields = new Map(
      (await response.text())
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => {
          const colon = line.indexOf(": ");
          return [line.slice(0, colon), line.slice(colon + 2)] as const;
        }),
    );
    expect(fields.get("Contact")).toBe(`mailto:${siteConfig.email}`);
    expect(fields.get("Canonical")).toBe(`${siteConfig.origin}/.well-known/security.txt`);
    expect(fields.get("Preferred-Languages")).toBe("en");
    const expires = fields.get("Expires") ?? "";
    // RFC 9116 takes the Internet date format (RFC 3339), e.g. 2027-02-25T03:50:00Z.
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const expiresAt = Date.parse(expires);
    expect(expiresAt).toBeGreaterThan(before);
    expect(expiresAt).toBeLessThan(before + 365 * 24 * 60 * 60 * 1000);
  });
});
