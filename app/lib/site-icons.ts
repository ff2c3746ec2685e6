// The site's icons: each raster file under public/, drawn by scripts/icons.ts from
// public/favicon.svg, and named here once for the page's <link> tags, the web app manifest, the
// Organization's logo and the tests that read the files back.

export type RasterIcon = { path: string; size: number };

/** A browser tab's icon where the SVG one is not read. */
export const tabIcon: RasterIcon = { path: "/favicon-32x32.png", size: 32 };

/** The tab's icon and the manifest's two launcher sizes. */
export const pngFavicons: readonly RasterIcon[] = [
  tabIcon,
  { path: "/icon-192x192.png", size: 192 },
  { path: "/icon-512x512.png", size: 512 },
];

/** iOS draws transparent corners black, so this one is filled with the brand colour. */
export const appleTouchIcon: RasterIcon = { path: "/apple-touch-icon.png", size: 180 };

/** The Organization's logo in structured data: search engines take rasters, not SVG. */
export const logo: RasterIcon = { path: "/icon-512x512.png", size: 512 };

/** The sizes inside /favicon.ico, which browsers and feed readers fetch unasked. */
export const faviconIcoSizes: readonly number[] = [16, 32, 48];

export const faviconIcoPath = "/favicon.ico";

export const manifestPath = "/site.webmanifest";

/** The brand's colours (app/tailwind.css): the icon's tile and the page's darkest surface. */
export const iconColours = { tile: "#0f766e", theme: "#0a1628", background: "#f8fafc" } as const;
