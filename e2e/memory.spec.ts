// What the server holds in memory for visitors: the heavy libraries (the post sanitiser's jsdom,
// the PDF renderer, the share-card renderer, the image library, the link-preview parser, the
// email renderer) load when staff or a report need them, never for a visitor reading pages; and
// the sanitiser loads in the render pool's worker, whose memory goes back when it idles.
import path from "node:path";
import { signInAsAdmin } from "./support/admin";
import { modulesLoadedBy } from "./support/module-load-recorder";
import { marketingPages } from "./support/public-pages";
import { expect, test } from "./support/fixtures";
import { scratchDirectory, startServer } from "./support/server";

const recorder = path.resolve(import.meta.dirname, "support/module-load-recorder.ts");

// Each as its package's folder in node_modules.
const HEAVY = [
  "jsdom",
  "isomorphic-dompurify",
  "@react-pdf/renderer",
  "satori",
  "@resvg/resvg-js",
  "sharp",
  "unfurl.js",
  "@react-email/render",
];

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the server's memory: once is enough");

test("serving every public page and an article, uncached, loads none of the heavy libraries", async () => {
  const moduleLog = path.join(scratchDirectory("modules"), "loaded.txt");
  const server = await startServer({
    env: {
      PAGE_CACHE_MB: "0",
      NODE_OPTIONS: `--import=${recorder}`,
      MODULE_LOAD_LOG: moduleLog,
    },
  });
  try {
    const list = await (await fetch(`${server.url}/insights`)).text();
    const article = /href="(\/insights\/[a-z0-9-]+)"/.exec(list)?.[1];
    expect(article).toBeTruthy();
    const paths = [
      ...marketingPages.map((page) => page.path),
      "/efficiency-assessment",
      "/assessment-results",
      String(article),
      "/insights/rss.xml",
      "/sitemap.xml",
    ];
    for (const pagePath of paths) {
      const answer = await fetch(`${server.url}${pagePath}`);
      expect(answer.status, pagePath).toBe(200);
      await answer.arrayBuffer();
    }
    // A start in the background (posts sanitised again) must have had its chance to load them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const loaded = modulesLoadedBy(moduleLog, "main");
    expect(loaded.length).toBeGreaterThan(100);
    const heavy = HEAVY.filter((name) =>
      loaded.some((url) => url.includes(`/node_modules/${name}/`)),
    );
    expect(heavy).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("saving a post sanitises it in the render pool's worker: the main thread never loads jsdom", async ({
  browser,
}) => {
  const directory = scratchDirectory("modules-save");
  const moduleLog = path.join(directory, "loaded.txt");
  const databasePath = path.join(directory, "app.db");
  const server = await startServer({
    databasePath,
    env: { NODE_OPTIONS: `--import=${recorder}`, MODULE_LOAD_LOG: moduleLog },
  });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInAsAdmin(page, server);
    await page.getByRole("link", { name: "Add New Post" }).click();
    await page
      .getByRole("textbox", { name: "Title", exact: true })
      .fill("Kept off the main thread");
    await page.getByLabel("Excerpt").fill("Sanitised where visitors never wait.");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Made safe in the worker.");
    await page.getByRole("button", { name: "Create Post" }).click();
    // The first save starts the render pool's worker, which loads jsdom: seconds on a busy machine.
    await expect(page.getByText("Blog post created successfully")).toBeVisible({
      timeout: 30_000,
    });
    await context.close();

    const inPackage = (name: string) => (url: string) => url.includes(`/node_modules/${name}/`);
    expect(modulesLoadedBy(moduleLog, "worker").some(inPackage("jsdom"))).toBe(true);
    expect(modulesLoadedBy(moduleLog, "main").filter(inPackage("jsdom"))).toEqual([]);
  } finally {
    await server.stop();
  }
});
