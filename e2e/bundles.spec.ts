// The editor is heavy and only admins need it: no public page may load it, at once or later,
// whatever imports change. Read from the built route manifest, so a new public route is covered too.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import {
  JAVASCRIPT_BUDGET_BYTES,
  javaScriptWeight,
  kilobytes,
} from "../scripts/lib/bench-weight.ts";
import { expect, test } from "./support/fixtures";
import { openTimePaths } from "./support/booking";
import { firstArticlePath } from "./support/insights";
import { marketingPages } from "./support/public-pages";

type ManifestRoute = { id: string; path?: string; module: string; imports?: string[] };

const clientRoot = path.resolve(import.meta.dirname, "../build/client");

function manifestRoutes(): ManifestRoute[] {
  const assets = path.join(clientRoot, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No route manifest in build/client/assets: run `npm run build`.");
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  return Object.values(manifest.routes);
}

// A chunk's import() of another chunk, in any of the minifier's quotes.
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g;

/**
 * Every script a route can load when it is the page shown: its module, what it imports, and what
 * any of those may import() later (the editor comes that way), followed to the end.
 */
function scriptsOf(route: ManifestRoute): string[] {
  const files = new Set([route.module, ...(route.imports ?? [])]);
  const sources: string[] = [];
  for (const url of files) {
    const source = fs.readFileSync(path.join(clientRoot, url), "utf8");
    sources.push(source);
    for (const [, relative = ""] of source.matchAll(DYNAMIC_IMPORT)) {
      files.add(path.posix.join(path.posix.dirname(url), relative));
    }
  }
  return sources;
}

// ProseMirror's class name is in its view code; tiptap cannot run without it. The minifier may
// quote a string with any of the three quotes.
const loadsEditor = (route: ManifestRoute) =>
  scriptsOf(route).some((source) => /["'`]ProseMirror["'`]/.test(source));

test.describe("the editor's JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "reads the build: once is enough");

  test("loads on the blog administration and on no other route", () => {
    const routes = manifestRoutes();
    const blogAdmin = routes.find((route) => route.id === "routes/admin.blog");
    expect(blogAdmin && loadsEditor(blogAdmin), "the check finds the editor where it is").toBe(
      true,
    );
    const others = routes.filter((route) => route.id !== "routes/admin.blog");
    expect(others.length).toBeGreaterThan(15);
    expect(others.filter(loadsEditor).map((route) => route.id)).toEqual([]);
  });
});

// zod is the forms' validation library: no public route's module may bring it (the admin's router
// can load them).
const loadsZod = (route: ManifestRoute) =>
  scriptsOf(route).some((source) => /["'`]ZodError["'`]/.test(source));

test.describe("the validation library's JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "reads the build: once is enough");

  test("loads with no public page", () => {
    const routes = manifestRoutes();
    const adminAuth = routes.find((route) => route.id === "routes/admin.auth");
    expect(adminAuth && loadsZod(adminAuth), "the check finds zod where it is").toBe(true);
    const publicRoutes = routes.filter((route) => !route.id.startsWith("routes/admin"));
    expect(publicRoutes.length).toBeGreaterThan(10);
    expect(publicRoutes.filter(loadsZod).map((route) => route.id)).toEqual([]);
  });
});

/** What a route's page loads with its first scripts: its module and what that imports. */
function firstScriptsOf(route: ManifestRoute): string[] {
  return [route.module, ...(route.imports ?? [])].map((url) =>
    fs.readFileSync(path.join(clientRoot, url), "utf8"),
  );
}

// A chunk's static or dynamic import of another chunk, in any of the minifier's quotes.
const ANY_IMPORT = /\b(?:from|import\(?)\s*["'`](\.\/[^"'`]+\.js)["'`]/g;

/** Every script a route's page can come to run: each import followed, static or import(). */
function everyScriptOf(route: ManifestRoute): string[] {
  const files = new Set([route.module, ...(route.imports ?? [])]);
  const sources: string[] = [];
  for (const url of files) {
    const source = fs.readFileSync(path.join(clientRoot, url), "utf8");
    sources.push(source);
    for (const [, relative = ""] of source.matchAll(ANY_IMPORT)) {
      files.add(path.posix.join(path.posix.dirname(url), relative));
    }
  }
  return sources;
}

// conform's name for the field that carries a form's intent (validate, reset, ...).
const carriesConform = (sources: string[]) =>
  sources.some((source) => /["'`]__intent__["'`]/.test(source));

// Decision 057: the form library is most of a form page's own code. A public page's first scripts
// leave it out (its form's code, conform with it, comes once the page is up), which leaves room
// under the budget for the public forms.
test.describe("the form library's JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "reads the build: once is enough");

  test("is in no public page's first scripts, and comes later to the contact form", () => {
    const routes = manifestRoutes();
    const adminAuth = routes.find((route) => route.id === "routes/admin.auth");
    expect(adminAuth && carriesConform(firstScriptsOf(adminAuth)), "found where it is").toBe(true);
    const contact = routes.find((route) => route.id === "routes/contact");
    expect(contact && carriesConform(everyScriptOf(contact)), "/contact's form brings it").toBe(
      true,
    );
    const publicRoutes = routes.filter((route) => !route.id.startsWith("routes/admin"));
    expect(publicRoutes.length).toBeGreaterThan(10);
    expect(
      publicRoutes
        .filter((route) => carriesConform(firstScriptsOf(route)))
        .map((route) => route.id),
    ).toEqual([]);
  });
});

/** The status, headers and bytes as the server sent them: fetch() would decode the body. */
function getRaw(url: string, acceptEncoding: string) {
  return new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": acceptEncoding } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () =>
            resolve({
              status: answer.statusCode,
              headers: answer.headers,
              body: Buffer.concat(chunks),
            }),
          );
          answer.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

test.describe("the browser's files", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "asks the server directly: once is enough",
  );

  test("are sent compressed at build time, Brotli or gzip as the browser accepts", async ({
    app,
  }) => {
    const home = manifestRoutes().find((route) => route.id === "routes/_index");
    const framework = home?.imports?.find((url) => /\/framework-[^/]+\.js$/.test(url));
    expect(framework, "the home page imports the framework chunk").toBeTruthy();
    const built = fs.readFileSync(path.join(clientRoot, framework!));
    const url = `${app.url}${framework}`;

    const brotli = await getRaw(url, "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(brotli.body).equals(built)).toBe(true);
    // The stored copy, at Brotli's best: smaller than zlib's gzip at its best.
    expect(brotli.body.length).toBeLessThan(zlib.gzipSync(built, { level: 9 }).length);

    const gzip = await getRaw(url, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(built)).toBe(true);
    // Zopfli's gzip, which beats zlib's best level.
    expect(gzip.body.length).toBeLessThan(zlib.gzipSync(built, { level: 9 }).length);

    const plain = await getRaw(url, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(built)).toBe(true);

    const icon = await getRaw(`${app.url}/favicon.svg`, "br");
    expect(icon.status).toBe(200);
    expect(icon.headers["content-encoding"]).toBe("br");
  });
});

// Issue 33's budget: what a public page makes the browser fetch before its code runs (module scripts
// and module preloads in the served HTML, as gzip as the server sends them) stays under 120 KB.
test.describe("each public page's initial JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "asks the server directly: once is enough",
  );

  test(`stays within ${kilobytes(JAVASCRIPT_BUDGET_BYTES)} KB gzip`, async ({ app }) => {
    const article = await firstArticlePath(app.url);
    const [openTime] = await openTimePaths(app.url);
    if (!openTime) throw new Error("/book lists no open time");
    const pages = [...marketingPages.map(({ path }) => path), article, "/book", openTime];

    const weights = [];
    for (const pagePath of pages) {
      const { status, files } = await javaScriptWeight(app.url, pagePath);
      expect(status, pagePath).toBe(200);
      // The framework alone is most of the budget: a page that names no script measured nothing.
      expect(files.count, `${pagePath} loads its scripts`).toBeGreaterThan(2);
      weights.push({ pagePath, gzip: files.gzip });
    }
    const figures = weights.map(({ pagePath, gzip }) => `${pagePath} ${kilobytes(gzip)} KB`);
    const over = weights
      .filter(({ gzip }) => gzip > JAVASCRIPT_BUDGET_BYTES)
      .map(({ pagePath, gzip }) => `${pagePath}: ${kilobytes(gzip)} KB gzip`);
    expect(
      over,
      `over ${kilobytes(JAVASCRIPT_BUDGET_BYTES)} KB; all: ${figures.join(", ")}`,
    ).toEqual([]);
  });
});
