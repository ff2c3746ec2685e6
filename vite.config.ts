import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser code every page runs: React and React Router. One chunk, so pages share one
// cached file and no page pays for the imports and exports between several.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

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
          output: { codeSplitting: { groups: [{ name: "framework", test: FRAMEWORK }] } },
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
