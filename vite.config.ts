import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The browser code every page runs: React and React Router. One chunk, so pages share one
// cached file and no page pays for the imports and exports between several.
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

/** The app's own modules the root route imports, directly or not: every page loads them. */
function rootModules(getModuleInfo: Rollup.GetModuleInfo, moduleIds: Iterable<string>) {
  const found = new Set<string>();
  const pending = [...moduleIds].filter((id) => /\/app\/root\.tsx(\?|$)/.test(id));
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || id.includes("/node_modules/")) continue;
    found.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

export default defineConfig(({ isSsrBuild }) => {
  let shared: Set<string> | undefined;
  return {
    plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
    // The sitemap's lastmod for pages that change only when the site is rebuilt.
    define: { __SITE_BUILT_AT__: JSON.stringify(new Date().toISOString()) },
    server: { port: 3000 },
    build: {
      rollupOptions: {
        output: isSsrBuild
          ? // One server file, as before pages loaded code on demand: paths such as the database
            // migrations' are relative to it.
            { inlineDynamicImports: true }
          : {
              // Everything every page needs in two files (the framework, and the app's layout,
              // header, footer and buttons) instead of about ten: about 2 KB gzip less per page.
              manualChunks(id, { getModuleInfo, getModuleIds }) {
                if (FRAMEWORK.test(id)) return "framework";
                shared ??= rootModules(getModuleInfo, getModuleIds());
                // The root route module itself stays its own chunk.
                if (shared.has(id) && !/\/app\/root\.tsx(\?|$)/.test(id)) return "shared";
                return undefined;
              },
            },
      },
    },
  };
});
