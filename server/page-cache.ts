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
  notModifiedHeaders: string[];
  etag: string;
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
  /** Renders a page as React Router does, without a nonce: its inline scripts get hashes instead. */
  render: (request: globalThis.Request) => Promise<globalThis.Response>;
  /** True when the database changed under the app: another process, or the LiteFS primary. */
  changedElsewhere: () => boolean;
  /** When the public pages next change without a write (a scheduled post going live). */
  nextScheduledChange: (now: Date) => Date | null;
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
    pages.clear();
  }

  /** Drops every page that carries one of the tags (see app/lib/headers.ts, cacheTagHeader). */
  function dropTagged(cacheTags: readonly string[]) {
    generation += 1;
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
        const page = pages.get(key) ?? (await renderOnce(key, request, response));
        if (!page) return next();
        sendPage(request, response, page, ["X-Cache", "MISS"]);
      } catch (error) {
        next(error);
      }
    };
  }

  function renderOnce(key: string, request: Request, response: Response) {
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderAndStore(key, request, response).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  async function renderAndStore(key: string, request: Request, response: Response) {
    const startedAt = generation;
    const now = new Date();
    const rendered = await options.render(webRequestOf(request));
    if (rendered.status !== 200 || !isShareable(rendered.headers)) {
      await rendered.body?.cancel();
      return null;
    }
    const page = await storedPage(Buffer.from(await rendered.arrayBuffer()), rendered, response);
    if (generation === startedAt) pages.set(key, page, { ttl: timeToLive(page, now) });
    return page;
  }

  /** A page that shows posts is kept only until the next scheduled post goes live. */
  function timeToLive(page: StoredPage, now: Date) {
    if (page.cacheTags.size === 0) return undefined;
    const next = options.nextScheduledChange(now);
    return next ? Math.max(1, next.getTime() - now.getTime()) : undefined;
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

/** The same request as React Router's Express adapter would hand over; a HEAD renders the GET. */
function webRequestOf(request: Request) {
  // Joined, not resolved: "//host/x" is a path here, as in keyOf, not another origin.
  const url = new URL(`${request.protocol}://${request.get("host")}${request.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new globalThis.Request(url, { method: "GET", headers });
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
      },
    }),
  ]);
  const etag = `"${crypto.createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  const bodies = { identity: html, gzip: gzipped, br: brotlied };
  // A 304 has no body: no type, encoding or length.
  const flat = (withType: boolean) =>
    [...headers]
      .filter(([name]) => !PER_ANSWER_HEADERS.has(name) && (withType || name !== "content-type"))
      .flatMap(([name, value]) => [name, value])
      .concat("ETag", etag, "Vary", "Accept-Encoding");
  const headersFor = (encoding: Encoding) => [
    ...flat(true),
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
    "Content-Length",
    String(bodies[encoding].length),
  ];
  return {
    headersFor: {
      br: headersFor("br"),
      gzip: headersFor("gzip"),
      identity: headersFor("identity"),
    },
    notModifiedHeaders: flat(false),
    lastModified: headers.has("last-modified")
      ? Date.parse(headers.get("last-modified") ?? "")
      : null,
    etag,
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
  if (notModified(request, page)) {
    response.writeHead(304, [...page.notModifiedHeaders, ...perAnswer]);
    response.end();
    return;
  }
  const encoding = encodingFor(request);
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

/** The client's copy is current: its ETag matches, or, when it sends none, its date is recent. */
function notModified(request: IncomingMessage, page: StoredPage) {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === page.etag || tag === "*");
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return page.lastModified !== null && !Number.isNaN(since) && page.lastModified <= since;
}

function sizeOf(page: StoredPage, key: string) {
  const headerBytes = page.headersFor.identity.reduce((sum, text) => sum + text.length, 0);
  const bodyBytes = page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length;
  return key.length + 3 * headerBytes + bodyBytes;
}
