import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

// The browser code every page runs: React and React Router. One chunk, so pages share one
// cached file and no page pays for the imports and exports between several.
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

/**
 * The modules that those matching `isStart` import, directly or not (not what they load on
 * demand), the start modules included; stopping at packages when `appOnly`.
 */
function importedModules(
  getModuleInfo: Rollup.GetModuleInfo,
  moduleIds: Iterable<string>,
  isStart: (id: string) => boolean,
  { appOnly }: { appOnly: boolean },
) {
  const found = new Set<string>();
  const pending = [...moduleIds].filter(isStart);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || (appOnly && id.includes("/node_modules/"))) continue;
    found.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

const isRootRoute = (id: string) => /\/app\/root\.tsx(\?|$)/.test(id);

// Public pages do not hydrate (decision 017): they load this one small script instead.
const PUBLIC_PAGE_SCRIPT = "app/browser/public-page.ts";
const PUBLIC_PAGE_SCRIPT_MODULE = "virtual:public-page-script";
const CLIENT_BUILD = "build/client";

/** Builds the public pages' script with the browser build and tells the server its file names. */
function publicPageScript({ ssrBuild }: { ssrBuild: boolean }): Plugin {
  const resolvedId = `\0${PUBLIC_PAGE_SCRIPT_MODULE}`;
  let serving = false;
  return {
    name: "public-page-script",
    configResolved(config) {
      serving = config.command === "serve";
    },
    buildStart() {
      if (!serving && !ssrBuild) {
        this.emitFile({ type: "chunk", id: PUBLIC_PAGE_SCRIPT, name: "public-page" });
      }
    },
    resolveId(id) {
      return id === PUBLIC_PAGE_SCRIPT_MODULE ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (!serving && !ssrBuild) {
        throw new Error(
          `${PUBLIC_PAGE_SCRIPT_MODULE} is for the server: import it from *.server.ts`,
        );
      }
      if (serving)
        return `export default ${JSON.stringify({ src: `/${PUBLIC_PAGE_SCRIPT}`, imports: [] })};`;
      // The server is built after the browser, whose manifest names the script's files.
      const manifestFile = path.resolve(CLIENT_BUILD, ".vite/manifest.json");
      const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<
        string,
        { file: string; imports?: string[] }
      >;
      const entry = manifest[PUBLIC_PAGE_SCRIPT];
      if (!entry) throw new Error(`${PUBLIC_PAGE_SCRIPT} is missing from ${manifestFile}`);
      const imports = (entry.imports ?? []).map((key) => `/${manifest[key]!.file}`);
      return `export default ${JSON.stringify({ src: `/${entry.file}`, imports })};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  let shared: Set<string> | undefined;
  let publicPage: Set<string> | undefined;
  return {
    plugins: [tailwindcss(), reactRouter(), publicPageScript({ ssrBuild: Boolean(isSsrBuild) })],
    // The sitemap's lastmod for pages that change only when the site is rebuilt.
    define: { __SITE_BUILT_AT__: JSON.stringify(new Date().toISOString()) },
    server: { port: 3000 },
    resolve: { tsconfigPaths: true },
    build: {
      rollupOptions: {
        output: isSsrBuild
          ? // One server file, as before pages loaded code on demand: paths such as the database
            // migrations' are relative to it.
            { inlineDynamicImports: true }
          : {
              // Everything every page needs in two files (the framework, and the app's layout,
              // header, footer and buttons) instead of about ten: about 2 KB gzip less per page.
              manualChunks(id, { getModuleInfo }) {
                // What the public pages' script imports goes in one chunk of its own: left to
                // Rollup, modules it shares with the root would join the shared chunk, and that
                // imports React.
                publicPage ??= importedModules(
                  getModuleInfo,
                  [path.resolve(PUBLIC_PAGE_SCRIPT)],
                  (moduleId) => moduleId.endsWith(PUBLIC_PAGE_SCRIPT),
                  { appOnly: false },
                );
                if (publicPage.has(id)) {
                  return id.endsWith(PUBLIC_PAGE_SCRIPT) ? undefined : "public-page-modules";
                }
                if (FRAMEWORK.test(id)) return "framework";
                // The app's own modules the root route imports: every page loads them.
                shared ??= importedModules(
                  getModuleInfo,
                  [path.resolve("app/root.tsx")],
                  isRootRoute,
                  {
                    appOnly: true,
                  },
                );
                // The root route module itself stays its own chunk.
                if (shared.has(id) && !isRootRoute(id)) return "shared";
                return undefined;
              },
            },
      },
    },
  };
});
