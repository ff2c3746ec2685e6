// The Remix options; vite.config.ts hands them to the Remix Vite plugin.
/** @type {import("@remix-run/dev").VitePluginConfig} */
export default {
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};
