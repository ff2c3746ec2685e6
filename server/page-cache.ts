// The page cache (docs/decisions/030): anonymous visitors all get the same public pages, so each is
// rendered once, kept in memory with its headers, its ETag and its gzip and Brotli copies, and
// answered before Express and React Router run. Which requests it may answer and when a copy goes
// stale is the app's to say (app/page-cache-policy.ts, app/lib/content-changes.server.ts);
// this file keeps the copies and answers with them.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { inlineScriptHashes, withScriptHashes } from "./security.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const LARGE_BODY_BYTES = 256 * 1024;
const CHANGE_CHECK_INTERVAL_MS = 1;

type Encoding = "br" | "gzip" | "identity";

/**
 * The smallest window that holds the whole body: a larger one compresses no better, and Brotli's
 * memory grows with it (its default 4 MB window left tens of MB in the allocator per page).
 */
function brotliWindowBits(bytes: number) {
  const { BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
  const fitting = Math.ceil(Math.log2(bytes + 1));
  return Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, fitting));
}
// Brotli first when the client takes both: it is the smaller.
const ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];

type StoredPage = {
  /**
   * Every header of a 200 in each encoding, as writeHead takes them (name, value, name, value…):
   * the ones the page was rendered with but for those of one answer, its ETag, Vary, its
   * encoding and length.
   */
  headersFor: Record<Encoding, string[]>;
  /** The same for a 304. */
  notModifiedHeaders: Record<Encoding, string[]>;
  /**
   * One strong validator per copy: each encoding is a representation of its own (RFC 9110
   * 8.8.3), and a client sends back the one it got.
   */
  etags: Record<Encoding, string>;
  /** From the page's Last-Modified, when it has one (feeds and the sitemap). */
  lastModified: number | null;
  bodies: Record<Encoding, Buffer>;
  cacheTags: ReadonlySet<string>;
};

// Headers of one answer (its id, its encoding, its cookies), never of the stored page.
const PER_ANSWER_HEADERS = new Set([
  "x-request-id",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "x-cache",
]);

export type HitLine = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
};

export type PageCacheOptions = {
  /** What the stored pages may take in memory, all three copies and headers counted. */
  maxBytes: number;
  /** The key of a request the cache may answer, or null (app/page-cache-policy.ts). */
  keyOf: (method: string, url: URL, cookieHeader: string | undefined) => string | null;
  /**
   * The site's own origin (SITE_URL's): a stored page is rendered at it and its key, never at what
   * the request's Host or X-Forwarded-Proto say, since the page then answers everyone.
   */
  origin: string;
  /** Renders a page as React Router does, without a nonce: its inline scripts get hashes instead. */
  render: (request: globalThis.Request) => Promise<globalThis.Response>;
  /** True when the database changed under the app: another process, or the LiteFS primary. */
  changedElsewhere: () => boolean;
  /** When the public pages next change without a write (a scheduled post going live). */
  nextScheduledChange: (now: Date) => Date | null;
  /** When a date every page shows next changes (the footer's year): no copy outlives it. */
  nextCalendarChange: (now: Date) => Date;
  /** Logs a hit's request line, as pino-http logs every other request. */
  logHit: (line: HitLine) => void;
};

export function createPageCache(options: PageCacheOptions) {
  const pages = new LRUCache<string, StoredPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page, key) => sizeOf(page, key),
  });
  const rendering = new Map<string, Promise<StoredPage | null>>();
  // Counts the drops: a render that started before one may hold what the drop removed.
  let generation = 0;

  function keyOf(request: IncomingMessage) {
    // Only a path (not a proxy's absolute URL), joined to an origin rather than resolved against
    // it: resolved, "//[" would throw here, outside Express, and "//host/x" would read as "/x".
    const target = `http://localhost${request.url ?? ""}`;
    if (!request.url?.startsWith("/") || !URL.canParse(target)) return null;
    const key = options.keyOf(request.method ?? "GET", new URL(target), request.headers.cookie);
    if (key !== null) dropAllIfChangedElsewhere();
    return key;
  }

  // Asking SQLite costs a few microseconds, a large share of a hit's time under load: it is asked
  // at most once a millisecond, so a page is never more than that older than the database.
  let checkedAt = Number.NEGATIVE_INFINITY;
  function dropAllIfChangedElsewhere() {
    const now = performance.now();
    if (now - checkedAt < CHANGE_CHECK_INTERVAL_MS) return;
    checkedAt = now;
    if (options.changedElsewhere()) dropAll();
  }

  function dropAll() {
    generation += 1;
    rendering.clear();
    pages.clear();
  }

  /** Drops every page that carries one of the tags (see app/lib/headers.ts, cacheTagHeader). */
  function dropTagged(cacheTags: readonly string[]) {
    generation += 1;
    // A render that began before the change may show what it changed: later requests start anew.
    rendering.clear();
    const stale = [...pages.entries()]
      .filter(([, page]) => cacheTags.some((tag) => page.cacheTags.has(tag)))
      .map(([key]) => key);
    for (const key of stale) pages.delete(key);
  }

  /**
   * In front of Express: answers a request from a stored page and returns true, or returns false
   * and leaves the request alone.
   */
  function answerFromCache(request: IncomingMessage, response: ServerResponse): boolean {
    const key = keyOf(request);
    const page = key === null ? undefined : pages.get(key);
    if (!page) return false;
    const started = performance.now();
    const requestId = crypto.randomUUID();
    sendPage(request, response, page, ["X-Cache", "HIT", "X-Request-Id", requestId]);
    // The answer is in the socket's hands once end() returns: logged now, with no listener to add.
    options.logHit({
      requestId,
      method: request.method ?? "GET",
      // The path only, as every request line: a query string may carry what a visitor typed.
      path: (request.url ?? "/").split("?")[0] ?? "/",
      status: response.statusCode,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    });
    return true;
  }

  /**
   * Inside Express, after the security headers and the request log: a request the cache may
   * answer, missed, is rendered once for everyone asking at the same time, stored when the page
   * is shareable, and sent. Anything else goes on to React Router's own handler.
   */
  function renderOnMiss() {
    return async (request: Request, response: Response, next: NextFunction) => {
      const key = keyOf(request);
      if (key === null) return next();
      try {
        const page = pages.get(key) ?? (await renderOnce(key, response));
        if (!page) return next();
        sendPage(request, response, page, ["X-Cache", "MISS"]);
      } catch (error) {
        next(error);
      }
    };
  }

  function renderOnce(key: string, response: Response) {
    let pending = rendering.get(key);
    if (!pending) {
      const started = renderAndStore(key, response).finally(() => {
        // A drop may have replaced it with a newer render meanwhile.
        if (rendering.get(key) === started) rendering.delete(key);
      });
      pending = started;
      rendering.set(key, pending);
    }
    return pending;
  }

  async function renderAndStore(key: string, response: Response) {
    const startedAt = generation;
    const now = new Date();
    const rendered = await options.render(anonymousRequestFor(options.origin, key));
    if (rendered.status !== 200 || !isShareable(rendered.headers)) {
      await rendered.body?.cancel();
      return null;
    }
    const page = await storedPage(Buffer.from(await rendered.arrayBuffer()), rendered, response);
    if (generation === startedAt) pages.set(key, page, { ttl: timeToLive(page, now) });
    return page;
  }

  /**
   * Every page is kept until the date it shows changes at the latest; a page that shows posts,
   * only until the next scheduled post goes live.
   */
  function timeToLive(page: StoredPage, renderedAt: Date) {
    const deadlines = [options.nextCalendarChange(renderedAt)];
    const scheduled = page.cacheTags.size === 0 ? null : options.nextScheduledChange(renderedAt);
    if (scheduled) deadlines.push(scheduled);
    const soonest = Math.min(...deadlines.map((deadline) => deadline.getTime()));
    // Counted from now, when the copy is stored: a slow render must not carry it past the deadline.
    return Math.max(1, soonest - Date.now());
  }

  return {
    answerFromCache,
    renderOnMiss,
    dropTagged,
    /** How many pages are stored, and their bytes. */
    stats: () => ({ pages: pages.size, bytes: pages.calculatedSize }),
  };
}

function isShareable(headers: Headers) {
  return (
    !headers.has("Set-Cookie") && /(^|,)\s*public\s*(,|$)/.test(headers.get("Cache-Control") ?? "")
  );
}

/**
 * The request a stored page is rendered from: exactly the key's path and query at the site's
 * origin, with none of the visitor's headers, since what a header could change would then reach
 * everyone who gets the copy. A HEAD renders the GET.
 */
function anonymousRequestFor(origin: string, key: string) {
  // Joined, not resolved: a key is a path, and "//host/x" must not read as another origin.
  return new globalThis.Request(`${origin}${key}`, { method: "GET" });
}

async function storedPage(html: Buffer, rendered: globalThis.Response, response: Response) {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined)
      headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
  }
  for (const [name, value] of rendered.headers) headers.set(name, value);
  const policy = headers.get("content-security-policy");
  if (policy) {
    const hashes = inlineScriptHashes(html.toString("utf8"));
    headers.set(
      "content-security-policy",
      withScriptHashes(policy, response.locals.cspNonce, hashes),
    );
  }
  // The smallest copies for pages (milliseconds, once); a large sitemap part at Brotli's top level
  // would keep its first visitor waiting for seconds, so big bodies get the everyday levels.
  const large = html.length > LARGE_BODY_BYTES;
  const [gzipped, brotlied] = await Promise.all([
    gzip(html, {
      level: large ? zlib.constants.Z_DEFAULT_COMPRESSION : zlib.constants.Z_BEST_COMPRESSION,
    }),
    brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 5 : zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(html.length),
      },
    }),
  ]);
  const hash = crypto.createHash("sha256").update(html).digest("base64url").slice(0, 27);
  const etags = { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` };
  const bodies = { identity: html, gzip: gzipped, br: brotlied };
  // A 304 has no body: no type, encoding or length.
  const flat = (encoding: Encoding, withType: boolean) =>
    [...headers]
      .filter(([name]) => !PER_ANSWER_HEADERS.has(name) && (withType || name !== "content-type"))
      .flatMap(([name, value]) => [name, value])
      .concat("ETag", etags[encoding], "Vary", "Accept-Encoding");
  const headersFor = (encoding: Encoding) => [
    ...flat(encoding, true),
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
    "Content-Length",
    String(bodies[encoding].length),
  ];
  const perEncoding = <T>(of: (encoding: Encoding) => T) => ({
    br: of("br"),
    gzip: of("gzip"),
    identity: of("identity"),
  });
  return {
    headersFor: perEncoding(headersFor),
    notModifiedHeaders: perEncoding((encoding) => flat(encoding, false)),
    lastModified: headers.has("last-modified")
      ? Date.parse(headers.get("last-modified") ?? "")
      : null,
    etags,
    bodies,
    cacheTags: new Set(
      (rendered.headers.get("Cache-Tag") ?? "")
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  } satisfies StoredPage;
}

function sendPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: StoredPage,
  perAnswer: string[],
) {
  // One writeHead with every header: it replaces what Express set before (helmet's, with the
  // request's nonce) and costs less than a setHeader per header on the hit path.
  const encoding = encodingFor(request);
  if (notModified(request, page)) {
    response.writeHead(304, [...page.notModifiedHeaders[encoding], ...perAnswer]);
    response.end();
    return;
  }
  response.writeHead(200, [...page.headersFor[encoding], ...perAnswer]);
  response.end(request.method === "HEAD" ? undefined : page.bodies[encoding]);
}

// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const encodingByHeader = new Map<string, Encoding>();
const MAX_REMEMBERED_HEADERS = 100;

function encodingFor(request: IncomingMessage): Encoding {
  const header = request.headers["accept-encoding"] ?? "";
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding =
      (new Negotiator(request).encoding(ENCODINGS, { preferred: ENCODINGS }) as
        Encoding | undefined) ?? "identity";
    if (encodingByHeader.size >= MAX_REMEMBERED_HEADERS) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/**
 * The client's copy is current: it names one of the page's copies (If-None-Match compares weakly,
 * and every copy holds the same page), or, when it sends no ETag, its date is recent.
 */
function notModified(request: IncomingMessage, page: StoredPage) {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch) {
    const current = new Set(Object.values(page.etags));
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === "*" || current.has(tag));
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return page.lastModified !== null && !Number.isNaN(since) && page.lastModified <= since;
}

function sizeOf(page: StoredPage, key: string) {
  const headerBytes = page.headersFor.identity.reduce((sum, text) => sum + text.length, 0);
  const bodyBytes = page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length;
  return key.length + 3 * headerBytes + bodyBytes;
}
