import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressBrowserFiles } from "./scripts/lib/precompress.ts";

// The framework's options; the React Router Vite plugin in vite.config.ts reads this file.
export default {
  // Rendered on the server: every page works without JavaScript.
  ssr: true,
  // Browsers learn routes as links appear instead of loading the whole route list up front.
  routeDiscovery: { mode: "lazy" },
  // The browser's files never change once built: compress each once, as hard as it goes, for
  // server.ts to send the stored copy a browser accepts.
  async buildEnd({ reactRouterConfig }) {
    await precompressBrowserFiles(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
