import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser code every page runs: React and React Router. One chunk, so pages share one
// cached file and no page pays for the imports and exports between several.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// What root.tsx draws on every page and shares with the routes (buttons, sections, notices, the
// error page): every page loads it all anyway, so one file rather than one small file each, which
// gzip compresses separately and which cost /contact its last few hundred bytes of budget.
const SHELL =
  /[\\/]app[\\/](components[\\/]ui[\\/](button-link|section|toast-notice|skip-link)\.tsx|lib[\\/](error-page|site-config|nonce|storage-unavailable)\.ts|content[\\/]calls-to-action\.ts)$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The sitemap's lastmod for pages that change only when the site is rebuilt.
  define: { __SITE_BUILT_AT__: JSON.stringify(new Date().toISOString()) },
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK },
                { name: "shell", test: SHELL },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // One server file: paths such as the database migrations' are relative to it.
        rolldownOptions: { output: { codeSplitting: false } },
      },
    },
  },
});
