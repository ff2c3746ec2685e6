// A real HTTP server on 127.0.0.1 with server/page-cache.ts in front of a real Express app with the
// site's security headers, the way server.ts puts it together. The pages it renders are small
// HTML documents made by the test, each telling how many times it was rendered; a test may render
// its own instead.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createPageCache, type HitLine, type PageCacheOptions } from "../../server/page-cache.ts";
import { securityHeaders } from "../../server/security.ts";

type Site = {
  url: string;
  renders: Map<string, number>;
  /** Every request the cache asked the app to render, as the app got it. */
  renderRequests: Request[];
  hits: HitLine[];
  cache: ReturnType<typeof createPageCache>;
  close: () => Promise<void>;
};

const openSites: Site[] = [];

/** Closes every site started since the last call: each test file's afterEach. */
export async function closeSites() {
  await Promise.all(openSites.splice(0).map((site) => site.close()));
}

export const PUBLIC = "public, max-age=0, s-maxage=300";
export const SITE_ORIGIN = "https://www.example.com";
export const FEED_CHANGED = new Date("2026-11-20T09:30:00Z");

/** Pages of `size` bytes of filler; /tagged/<tag> pages name their tag in Cache-Tag. */
export async function startSite(
  options: Partial<PageCacheOptions> & { size?: number; renderDelayMs?: number } = {},
) {
  const renders = new Map<string, number>();
  const hits: HitLine[] = [];
  const renderRequests: Request[] = [];
  const cache = createPageCache({
    maxBytes: 1024 * 1024,
    origin: SITE_ORIGIN,
    keyOf: (method, url) =>
      (method === "GET" || method === "HEAD") && url.search === "" ? url.pathname : null,
    changedElsewhere: () => false,
    nextScheduledChange: () => null,
    nextCalendarChange: (now) => new Date(now.getTime() + 60_000),
    logHit: (line) => hits.push(line),
    render: async (request) => {
      renderRequests.push(request);
      const path = new URL(request.url).pathname;
      const count = (renders.get(path) ?? 0) + 1;
      renders.set(path, count);
      if (options.renderDelayMs) await new Promise((r) => setTimeout(r, options.renderDelayMs));
      if (path === "/personal") {
        return new Response("<p>yours</p>", { headers: { "Cache-Control": "no-store" } });
      }
      const tag = /^\/tagged\/(.+)$/.exec(path)?.[1];
      const filler = "x".repeat(options.size ?? 100);
      return new Response(
        `<!doctype html><p>${path} render ${count}</p><script>go(${count})</script><!--${filler}-->`,
        {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": PUBLIC,
            ...(tag ? { "Cache-Tag": `posts,tag:${tag}` } : {}),
            ...(path === "/feed.xml" ? { "Last-Modified": FEED_CHANGED.toUTCString() } : {}),
          },
        },
      );
    },
    ...options,
  });
  const app = express();
  app.use(securityHeaders({ https: false }));
  app.use(cache.renderOnMiss());
  app.use((_request, response) => response.status(404).send("rendered by the app"));
  const server = http.createServer((request, response) => {
    if (cache.answerFromCache(request, response)) return;
    app(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site: Site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders,
    renderRequests,
    hits,
    cache,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  openSites.push(site);
  return site;
}
