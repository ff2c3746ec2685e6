// Requests that failed because the database's disk did (full, read-only, failing) answer 503
// "temporarily unavailable" with Retry-After rather than 500: the visitor learns to come back,
// and the log says what broke. entry.server.tsx maps them (docs/decisions/022).
import { storageFailureCode } from "~/lib/db-client.server";
import { logEvent } from "./log.server";

export const RETRY_AFTER_SECONDS = 60;

const failedRequests = new WeakSet<Request>();

/** Records and logs `error` when it is a storage failure of `request`; false otherwise. */
export function noteStorageFailure(error: unknown, request: Request): boolean {
  const code = storageFailureCode(error);
  if (!code) return false;
  failedRequests.add(request);
  logEvent("error", "storage_unavailable", {
    code,
    method: request.method,
    path: new URL(request.url).pathname,
  });
  return true;
}

export function failedOnStorage(request: Request): boolean {
  return failedRequests.has(request);
}

/** Any 503, the site's own or a route's, tells clients when to try again. */
export function setRetryAfter(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) {
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
}
