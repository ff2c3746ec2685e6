// The render pool's workers (app/lib/render-pool.server.ts), built on their own after the app:
// each *.worker.ts becomes build/workers/<name>.js, which a worker thread loads by its path. The
// app's own server build is one file with no chunks, so it cannot hold them. Dependencies stay in
// node_modules, as they do for the app.
import path from "node:path";
import { defineConfig } from "vite";

const workers = {
  "report-pdf.worker": "app/features/assessment/report-pdf.worker.ts",
  "share-card.worker": "app/features/share-cards/share-card.worker.ts",
  "post-sanitiser.worker": "app/features/insights/post-sanitiser.worker.ts",
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The site's public files are the app build's to copy.
  publicDir: false,
  build: {
    ssr: true,
    target: "node24",
    outDir: path.join("build", "workers"),
    emptyOutDir: true,
    rolldownOptions: {
      input: workers,
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
});
