// Requests that failed because the database's disk did (full, read-only, failing) answer 503
// "temporarily unavailable" with Retry-After rather than 500: the visitor learns to come back,
// and the log says what broke. entry.server.tsx maps pages and their data, the root middleware
// below the rest (docs/decisions/022). Anything else a route throws is a bug: a 500, logged with
// its stack by entry.server.tsx's handleError.
import type { MiddlewareFunction } from "react-router";
import { storageFailureCode } from "~/lib/db-client.server";
import { noStore } from "./headers";
import { logEvent } from "./log.server";

const RETRY_AFTER_SECONDS = 60;

const failedRequests = new WeakSet<Request>();

/**
 * Logs `error` when it is a storage failure of `request`, and says whether it was. For the few
 * actions that answer one themselves, giving the visitor their form back; anything else they
 * throw on.
 */
export function logIfStorageFailure(error: unknown, request: Request): boolean {
  const code = storageFailureCode(error);
  if (!code) return false;
  logEvent("error", "storage_unavailable", {
    code,
    method: request.method,
    path: new URL(request.url).pathname,
  });
  return true;
}

/** Records and logs `error` when it is a storage failure of `request`; false otherwise. */
export function noteStorageFailure(error: unknown, request: Request): boolean {
  if (!logIfStorageFailure(error, request)) return false;
  failedRequests.add(request);
  return true;
}

export function failedOnStorage(request: Request): boolean {
  return failedRequests.has(request);
}

/** The plain answer of a request that failed on storage, where no page is drawn. */
export function temporarilyUnavailable(): Response {
  return new Response("Temporarily unavailable", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(RETRY_AFTER_SECONDS),
      ...noStore,
    },
  });
}

/**
 * Root middleware: a resource route (a feed, a report, a share card, a click) that failed on
 * storage reaches here as React Router's 500, after handleError noted why; it answers 503.
 */
export const answerStorageFailures: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  return response.status === 500 && failedOnStorage(request) ? temporarilyUnavailable() : response;
};

/** Any 503, the site's own or a route's, tells clients when to try again. */
export function setRetryAfter(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) {
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
}
