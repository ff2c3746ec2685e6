// /site.webmanifest: what a browser needs to add the site to a home screen or app list: its name,
// its icons (app/lib/site-icons.ts) and its colours, from the site's configuration.
import type { Route } from "./+types/site[.]webmanifest";
import { generatedFileResponse } from "~/lib/feed-response.server";
import { siteBuiltAt } from "~/lib/build-info";
import { iconColours, pngFavicons } from "~/lib/site-icons";
import { siteConfig } from "~/lib/site-config.server";

export function loader({ request }: Route.LoaderArgs) {
  const manifest = {
    name: siteConfig.brand,
    // A launcher shows about twelve characters under an icon: the brand's first word.
    short_name: siteConfig.brand.split(/\s+/)[0],
    start_url: "/",
    scope: "/",
    display: "browser",
    theme_color: iconColours.theme,
    background_color: iconColours.background,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      ...pngFavicons.map(({ path, size }) => ({
        src: path,
        sizes: `${size}x${size}`,
        type: "image/png",
      })),
    ],
  };
  return generatedFileResponse(request, JSON.stringify(manifest), {
    contentType: "application/manifest+json",
    lastModified: siteBuiltAt,
  });
}
