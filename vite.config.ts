import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser code every page runs: React and React Router. One chunk, so pages share one
// cached file and no page pays for the imports and exports between several.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// What root.tsx draws on every page and shares with the routes (buttons, sections, notices, the
// error page, the meta tags and share cards every page's meta names, the heroes' copy), and the
// few hundred bytes every public form and dated list shares (the honeypot, the focus after a
// reply, the date formats): one file rather than one small file each, which gzip compresses
// separately, which cost /contact its last few hundred bytes of budget, and each of which is a
// request that Lighthouse counts before the largest paint (decision 074).
const SHELL =
  /[\\/]app[\\/](components[\\/](ui[\\/](button-link|section|toast-notice|form-field|skip-link|honeypot-field)|site-header|site-footer|page-loading)\.tsx|lib[\\/](error-page|site-config|nonce|site-styles|storage-unavailable|meta|dates|use-focus-after-reply)\.ts|content[\\/](calls-to-action|heroes|navigation)\.ts|features[\\/]share-cards[\\/]share-image\.ts)$/;

// The form library: only forms that check themselves in the browser load it (the admin's with
// their page, /contact's once the page is up, docs/decisions/057). Vite's helper for import() is
// not in it: /contact needs the helper with its first scripts and conform only later.
const FORMS =
  /[\\/]node_modules[\\/]@conform-to[\\/](react|dom)[\\/]|[\\/]app[\\/]features[\\/]contact[\\/]form\.ts$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The sitemap's lastmod for pages that change only when the site is rebuilt.
  define: { __SITE_BUILT_AT__: JSON.stringify(new Date().toISOString()) },
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // An import() in the browser (the contact form's check, on the first touch of the form;
        // passkeys in the admin) fetches what it needs as its module asks for it, rather than
        // naming every file up front in the page that imports it: /contact's initial JavaScript
        // does not carry that list.
        modulePreload: { resolveDependencies: () => [] },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK },
                { name: "shell", test: SHELL },
                { name: "forms", test: FORMS },
              ],
            },
          },
        },
      },
    },
    ssr: {
      resolve: {
        // Bundled rather than imported from node_modules: Node reads a package's package.json
        // again for every module it imports from it, and drizzle-orm's is 175 KB over more than a
        // hundred modules. Importing it at start made some 160 MB of garbage, which left V8's heap
        // grown long after (docs/decisions/044).
        noExternal: ["drizzle-orm"],
      },
      build: {
        // One server file: paths such as the database migrations' are relative to it.
        rolldownOptions: { output: { codeSplitting: false } },
      },
    },
  },
});
