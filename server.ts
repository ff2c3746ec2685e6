// The production HTTP server: static files, compression, the client's IP for rate limits, and the
// React Router app. A stock server cannot tell the app who is calling; see docs/decisions/005.
// First, so that every module below sees NODE_ENV=production (docs/decisions/022).
import "./server/production-mode.ts";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import express, { type RequestHandler, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { createRequestHandler, type ServerBuild } from "react-router";
import { takesPosts } from "./app/lib/body-limits.server.ts";
import { batchedLogger, sharedLogger } from "./app/lib/logger.server.ts";
import type { AppServerHooks } from "./app/lib/server-contract.ts";
import { keepRefusals, limitRequestBodies } from "./server/body-limits.ts";
import { serverConfig } from "./server/config.ts";
import { replayWritesToPrimary } from "./server/litefs.ts";
import { createPageCache } from "./server/page-cache.ts";
import { refuseMalformedTarget } from "./server/request-target.ts";
import { sameOriginRequests, securityHeaders } from "./server/security.ts";
import { answerUnhandledErrors, refuseUnservedMethods } from "./server/unserved-requests.ts";

/** The app's build, with what app/entry.server.tsx gives this server beside its handler. */
type AppBuild = ServerBuild & { entry: { module: { forServer: AppServerHooks } } };
type LogLevel = "info" | "warn" | "error";

const root = path.dirname(fileURLToPath(import.meta.url));
const logger = sharedLogger();
// Checked before the app loads, so a wrong value stops the server before it opens anything.
const config = serverConfig();
// Node refuses this V8 flag in NODE_OPTIONS, so the image's setting arrives here; V8 reads it at
// each full collection, so setting it before the app loads covers the whole run (decision 047).
if (config.heapGrowingPercent > 0) {
  v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
}
const build = await importBuild();
const appHooks = build.entry.module.forServer;
const siteUrl = new URL(appHooks.siteUrl);
// PDF reports and share cards are drawn by worker threads from build/workers (vite.workers.config.ts).
await appHooks.startRenderPool(path.join(root, "build/workers"));

// The one React Router handler: every request the page cache does not answer from memory, and
// each page it renders to keep.
const handleRequest = createRequestHandler(build, config.mode);
const pageCache = config.pageCacheBytes > 0 ? startPageCache(config.pageCacheBytes) : null;

const app = express();
app.disable("x-powered-by");
// Which proxies may tell us the client's address (X-Forwarded-For): by default only one on this
// machine; on Fly.io the one edge proxy in front, so fly.toml sets TRUST_PROXY=1.
app.set("trust proxy", config.trustProxy);
// The page cache's answers carry their own encodings and validators (X-Cache marks them): one
// compressed again here would go out under the ETag of its uncompressed copy.
app.use(
  compression({
    filter: (request, response) =>
      !response.hasHeader("X-Cache") && compression.filter(request, response),
  }),
);
app.use(securityHeaders({ https: siteUrl.protocol === "https:" }));
// The build stores a Brotli and a gzip copy of each browser file (react-router.config.ts): the one
// the browser accepts is sent as it is; compression() above leaves an encoded answer alone.
const precompressed = { enableBrotli: true, orderPreference: ["br", "gz"] };
app.use(
  "/assets",
  expressStaticGzip(path.join(root, "build/client/assets"), {
    ...precompressed,
    serveStatic: { immutable: true, maxAge: "1y" },
  }),
);
app.use(
  expressStaticGzip(path.join(root, "build/client"), {
    ...precompressed,
    serveStatic: { maxAge: "1h" },
  }),
);
app.use(requestLog());
app.use(refuseUnservedMethods({ takesPosts }));
// Before anything reads a body: each route's limit, from app/lib/body-limits.server.ts (decision 021).
app.use(
  limitRequestBodies({ onRefused: (details) => log("warn", "request_body_too_large", details) }),
);
// Set only on a LiteFS cluster (fly.toml): a replica hands requests that write to the primary.
app.use(
  replayWritesToPrimary({
    litefsDir: config.litefsDir,
    onReplay: (primary) => log("info", "replayed_to_primary", { primary }),
  }),
);
app.use(sameOriginRequests({ siteOrigin: siteUrl.origin }));
if (pageCache) app.use(pageCache.renderOnMiss());
app.all("/{*path}", answerFromApp());
app.use(keepRefusals);
app.use(answerUnhandledErrors({ onError: (details) => log("error", "request_failed", details) }));

// A request whose Host or forwarding headers are not a host and a scheme is refused before
// anything builds a URL from them; a stored page is answered before Express sees the request;
// everything else goes to Express.
const server = http.createServer((request, response) => {
  const refused = refuseMalformedTarget(request, response, (details) =>
    log("info", "request_target_refused", details),
  );
  if (refused || pageCache?.answerFromCache(request, response)) return;
  app(request, response);
});
if (config.host) server.listen(config.port, config.host, announce);
else server.listen(config.port, announce);

// How long closing may take in all before the process exits anyway (code 1).
const SHUTDOWN_LIMIT_MS = config.shutdownGraceMs + 5_000;

// On SIGTERM or SIGINT (and on a crash, with its error): stop taking connections, let requests in
// flight finish, then let the app close its resources (the outbox's current send, the database).
closeWithGrace(
  {
    delay: SHUTDOWN_LIMIT_MS,
    logger: {
      error: (message: unknown) => log("error", "shutdown_failed", { message: String(message) }),
    },
  },
  async ({ signal, err }) => {
    if (err) log("error", "crashed", { message: String(err), stack: err.stack });
    log("info", "shutdown_started", { signal: signal ?? null });
    await closeServer();
    await appHooks.shutdown();
    log("info", "shutdown_complete", {});
  },
);

function closeServer() {
  return new Promise<void>((resolve) => {
    const forced = setTimeout(() => {
      log("warn", "shutdown_forced", { afterMs: config.shutdownGraceMs });
      server.closeAllConnections();
    }, config.shutdownGraceMs);
    forced.unref();
    server.close(() => {
      clearTimeout(forced);
      resolve();
    });
    // Keep-alive connections with no request in flight would otherwise hold the server open.
    server.closeIdleConnections();
  });
}

/**
 * Loads the app, which validates its environment and opens the database. A problem the operator
 * can fix (a missing variable, a data folder it cannot write) is printed as its one-line message
 * and the process exits with code 1; anything else is a bug and keeps its stack trace.
 */
async function importBuild(): Promise<AppBuild> {
  try {
    return await import(path.join(root, "build/server/index.js"));
  } catch (error) {
    if (!(error instanceof Error && "isStartupError" in error && error.isStartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The page cache for anonymous visitors (server/page-cache.ts, decision 030). */
function startPageCache(maxBytes: number) {
  const hitLog = batchedLogger();
  const cache = createPageCache({
    maxBytes,
    keyOf: appHooks.pageCacheKey,
    origin: siteUrl.origin,
    // No nonce: a stored page's inline scripts are allowed by their hashes.
    render: (request) =>
      handleRequest(request, appHooks.createRequestContext({ clientIp: "unknown" })),
    changedElsewhere: appHooks.changedElsewhere,
    nextScheduledChange: appHooks.nextScheduledChange,
    nextCalendarChange: appHooks.nextCalendarChange,
    logHit: (line) => hitLog.info({ event: "request", ...line, cache: "hit" }),
  });
  appHooks.onPublicContentChange((cacheTags) => cache.dropTagged(cacheTags));
  return cache;
}

/**
 * Hands a request to the app as a Fetch API Request, at the address Express read from the Host
 * and, from trusted proxies, the forwarding headers (refuseMalformedTarget checked them), with
 * its context: the client's address and the nonce securityHeaders chose for its inline scripts.
 */
function answerFromApp(): RequestHandler {
  return async (request, response, next) => {
    try {
      const fetchRequest = createRequest(request, response, {
        protocol: `${request.protocol}:`,
        host: request.host,
      });
      const context = appHooks.createRequestContext({
        clientIp: request.ip ?? "unknown",
        cspNonce: response.locals.cspNonce,
      });
      await sendResponse(response, await handleRequest(fetchRequest, context));
    } catch (error) {
      next(error);
    }
  };
}

function log(level: LogLevel, event: string, fields: Record<string, unknown>) {
  logger[level]({ event, ...fields });
}

function announce() {
  log("info", "server_started", { url: `http://${config.host ?? "localhost"}:${config.port}` });
}

/** One line per request, with an id the response also carries, to find it from a bug report. */
function requestLog() {
  // pino-http's types ask for a message, but it hands undefined on to pino, which then writes no
  // `msg` at all: a request line is told by its event name.
  const noMessage = (() => undefined) as unknown as () => string;
  return pinoHttp<Request, Response>({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: "requestId" },
    genReqId: (_request, response) => {
      const requestId = crypto.randomUUID();
      response.setHeader("X-Request-Id", requestId);
      return requestId;
    },
    // React Router answers a failed render itself and the app logs why; the request line is info.
    customLogLevel: () => "info",
    customSuccessObject: (request, response, { responseTime }: { responseTime: number }) =>
      requestLine(request, response, responseTime),
    customErrorObject: (request, response, _error, { responseTime }: { responseTime: number }) =>
      requestLine(request, response, responseTime),
    customSuccessMessage: noMessage,
    customErrorMessage: noMessage,
  });
}

function requestLine(request: Request, response: Response, durationMs: number) {
  // The path only: a query string may carry what a visitor typed.
  return {
    event: "request",
    method: request.method,
    path: request.path,
    status: response.statusCode,
    durationMs,
  };
}
