// The production HTTP server: static files, compression, the client's IP for rate limits, and the
// React Router app. A stock server cannot tell the app who is calling; see docs/decisions/005.
// First, so that every module below sees NODE_ENV=production (docs/decisions/022).
import "./server/production-mode.js";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { keepRefusals, limitRequestBodies } from "./server/body-limits.js";
import { replayWritesToPrimary } from "./server/litefs.js";
import { sameOriginRequests, securityHeaders } from "./server/security.js";

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await importBuild();

const app = express();
app.disable("x-powered-by");
// Which proxies may tell us the client's address (X-Forwarded-For): by default only one on this
// machine; on Fly.io the one edge proxy in front, so fly.toml sets TRUST_PROXY=1.
app.set("trust proxy", parseTrustProxy(process.env.TRUST_PROXY ?? "loopback"));
app.use(compression());
const siteUrl = process.env.SITE_URL ? new URL(process.env.SITE_URL) : null;
app.use(securityHeaders({ https: siteUrl?.protocol === "https:" }));
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
app.use(logRequest);
// Before anything reads a body: each route's limit, from server/body-limits.js (decision 021).
app.use(
  limitRequestBodies({ onRefused: (details) => log("warn", "request_body_too_large", details) }),
);
// Set only on a LiteFS cluster (fly.toml): a replica hands requests that write to the primary.
app.use(
  replayWritesToPrimary({
    litefsDir: process.env.LITEFS_DIR,
    onReplay: (primary) => log("info", "replayed_to_primary", { primary }),
  }),
);
app.use(sameOriginRequests({ siteOrigin: siteUrl?.origin }));
app.all(
  "/{*path}",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (request, response) =>
      build.entry.module.createRequestContext({
        clientIp: request.ip ?? "unknown",
        cspNonce: response.locals.cspNonce,
      }),
  }),
);
app.use(keepRefusals);

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST;
const server = host ? app.listen(port, host, announce) : app.listen(port, announce);

// Requests in flight get this long to finish after a stop signal; then their connections close.
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) || 10_000;

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => shutDown(signal));
}

/** Stops taking connections, lets requests in flight finish, then closes the app's resources. */
function shutDown(signal) {
  log("info", "shutdown_started", { signal });
  const forced = setTimeout(() => {
    log("warn", "shutdown_forced", { afterMs: SHUTDOWN_GRACE_MS });
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  server.close(async () => {
    clearTimeout(forced);
    try {
      await build.entry.module.shutdown();
      log("info", "shutdown_complete", {});
      process.exit(0);
    } catch (error) {
      log("error", "shutdown_failed", { message: String(error) });
      process.exit(1);
    }
  });
  // Keep-alive connections with no request in flight would otherwise hold the server open.
  server.closeIdleConnections();
}

/**
 * Loads the app, which validates its environment and opens the database. A problem the operator
 * can fix (a missing variable, a data folder it cannot write) is printed as its one-line message
 * and the process exits with code 1; anything else is a bug and keeps its stack trace.
 */
async function importBuild() {
  try {
    return await import(path.join(root, "build/server/index.js"));
  } catch (error) {
    if (!error?.isStartupError) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function log(level, event, fields) {
  console.log(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
}

function announce() {
  log("info", "server_started", { url: `http://${host ?? "localhost"}:${port}` });
}

/** One line per request, with an id the response also carries, to find it from a bug report. */
function logRequest(request, response, next) {
  const started = process.hrtime.bigint();
  const requestId = crypto.randomUUID();
  response.setHeader("X-Request-Id", requestId);
  response.once("finish", () => {
    log("info", "request", {
      requestId,
      method: request.method,
      path: request.path,
      status: response.statusCode,
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  });
  next();
}

function parseTrustProxy(value) {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}
