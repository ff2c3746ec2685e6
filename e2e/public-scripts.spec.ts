// Public pages are HTML from the server plus one small script (decision 017): no React, no router
// runtime, and well within the 90 KB JavaScript budget. Read from what the server actually sends.
import zlib from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { marketingPages } from "./support/public-pages";

const BUDGET_BYTES = 90 * 1024;

const publicPaths = new Set([
  ...marketingPages.map((page) => page.path),
  "/insights",
  "an article",
  "/contact",
  "/efficiency-assessment",
  "/assessment-results",
  "/no-such-page",
]);

async function anArticle(request: APIRequestContext) {
  const listing = await (await request.get("/insights")).text();
  const href = /href="(\/insights\/[0-9a-f-]{36})"/.exec(listing)?.[1];
  if (!href) throw new Error("no article linked from /insights");
  return href;
}

/** The code a page runs: module scripts and preloads it names, and its inline scripts. */
async function scriptsOf(request: APIRequestContext, path: string) {
  const html = await (
    await request.get(path === "an article" ? await anArticle(request) : path)
  ).text();
  const urls = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1]!);
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes!))
    .map(([, , body]) => body!);
  const files = await Promise.all(urls.map(async (url) => (await request.get(url)).body()));
  return { html, urls, code: [...files.map(String), ...inline] };
}

test.describe("public pages' JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "reads the server's answers: once is enough",
  );

  for (const path of publicPaths) {
    test(`${path} loads the public-page script alone, without React, under 90 KB gzip`, async ({
      request,
    }) => {
      const { html, urls, code } = await scriptsOf(request, path);
      expect(urls.some((url) => /\/assets\/public-page-[\w-]+\.js$/.test(url))).toBe(true);
      expect(html).not.toContain("__reactRouterContext");
      for (const source of code) {
        // React DOM's production build names its error decoder; the router names its context.
        expect(source).not.toContain("reactjs.org/docs/error-decoder");
        expect(source).not.toContain("__reactRouterContext");
        // zod comes only on demand, with the contact form's check (browser/contact-form.ts).
        expect(source).not.toContain('"ZodError"');
      }
      const gzipBytes = code.reduce((sum, source) => sum + zlib.gzipSync(source).length, 0);
      expect(gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  test("the admin still runs React in the browser", async ({ request }) => {
    const { html, code } = await scriptsOf(request, "/admin/auth");
    expect(html).toContain("__reactRouterContext");
    expect(code.some((source) => source.includes("reactjs.org/docs/error-decoder"))).toBe(true);
  });
});
