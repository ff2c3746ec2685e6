import type { Config } from "@react-router/dev/config";

// The framework's options; the React Router Vite plugin in vite.config.ts reads this file.
export default {
  // Rendered on the server: every page works without JavaScript.
  ssr: true,
  // Browsers learn routes as links appear instead of loading the whole route list up front.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
