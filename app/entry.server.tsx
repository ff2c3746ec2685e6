// Renders every document request: bots get the whole page at once, browsers get it streamed.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type {
  RouterContextProvider,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
// Opened at start: the database (migrated) and the outbox worker that delivers queued email.
import { db } from "~/lib/db.server";
import {
  nextScheduledPublication,
  prepareInsightsAtStart,
  sanitizeStalePostsInBackground,
} from "~/features/insights/index.server";
import { startBookingJobs } from "~/features/booking/index.server";
import { sealTotpSecretsAtStart } from "~/features/accounts/index.server";
import { startNewsletterJobs } from "~/features/subscribers/index.server";
import { startRetentionJobs } from "~/features/retention/index.server";
import { mayDeliver, startOutbox } from "~/features/outbox/index.server";
import { webhookTargetOf } from "~/features/webhooks/index.server";
import { keepPersonalAnswersPrivate, noStore, publicCacheControl } from "~/lib/headers";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import { startRenderPool as startPool, stopRenderPool } from "~/lib/render-pool.server";
import { NonceContext } from "~/lib/nonce";
import { SiteStylesContext } from "~/lib/site-styles";
import siteStyles from "~/tailwind.css?inline";
import { createRequestContext, cspNonceOf } from "~/lib/request-context";
import {
  failedOnStorage,
  noteStorageFailure,
  setRetryAfter,
  temporarilyUnavailable,
} from "~/lib/storage-failure.server";
import { StorageUnavailableContext } from "~/lib/storage-unavailable";
import { pageCacheKey } from "~/page-cache-policy";
import { changedElsewhere, onPublicContentChange } from "~/lib/content-changes.server";
import { startOfNextYear } from "~/lib/zoned-time";
import { siteConfig } from "~/lib/site-config.server";
import type { AppServerHooks } from "~/lib/server-contract";

export const streamTimeout = 5000;

prepareInsightsAtStart();
// Two-factor secrets stored plain, or under the key being rotated away from, are sealed anew.
sealTotpSecretsAtStart();
// The outbox delivers what the features queue; the webhooks feature says where each endpoint is.
const outboxWorker = startOutbox({ webhookTargetOf });
// The booking feature's periodic work (reading staff calendars) runs where the outbox delivers.
const bookingJobs = startBookingJobs({ mayRun: mayDeliver });
// Each new Insights post is queued for its subscribers there too, within a minute of going live.
const newsletterJobs = startNewsletterJobs({ mayRun: mayDeliver });
// And the retention sweep, once a day, deleting what has outlived its period.
const retentionJobs = startRetentionJobs({ mayRun: mayDeliver });

/**
 * What server.ts asks of the app besides rendering (app/lib/server-contract.ts): each request's
 * context, the site's address, the render pool, closing down, and what the page cache needs to
 * know (which requests it may answer, when stored pages go stale, when the blog next changes by
 * itself, and the year every footer shows).
 */
export const forServer = {
  createRequestContext,
  siteUrl: env.SITE_URL,
  startRenderPool: async (workersFolder: string) => {
    // From then on PDF reports, share cards and post sanitising run off the main thread; posts an
    // older sanitiser stored are then sanitised again, in the pool's worker.
    await startPool({ workersFolder, queueLimit: env.RENDER_QUEUE_LIMIT });
    sanitizeStalePostsInBackground();
  },
  // The outbox worker finishes the email it is sending, the booking, newsletter and retention jobs
  // their run and the render pool the drawings under way, then the database closes, so nothing is left
  // half-written.
  shutdown: async () => {
    await Promise.all([
      outboxWorker.stop(),
      bookingJobs.stop(),
      newsletterJobs.stop(),
      retentionJobs.stop(),
      stopRenderPool(),
    ]);
    db.$client.close();
  },
  pageCacheKey,
  changedElsewhere,
  nextScheduledChange: (now: Date) => nextScheduledPublication(db, now),
  nextCalendarChange: (now: Date) => startOfNextYear(siteConfig.timeZone, now),
  onPublicContentChange,
} satisfies AppServerHooks;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = cspNonceOf(loadContext);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  // React Router has already replaced the error with a generic one; handleError saw the original.
  const storageFailed = failedOnStorage(request);
  if (storageFailed) responseStatusCode = 503;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <SiteStylesContext.Provider value={siteStyles}>
          <StorageUnavailableContext.Provider value={storageFailed}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </StorageUnavailableContext.Provider>
        </SiteStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary React has finished (a part whose browser code comes later, decision
        // 057) is sent in its place: past this many bytes React would send it after the page, for
        // a script to move in, and a browser without JavaScript would never show it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          setAllowOnMethodNotAllowed(responseStatusCode, responseHeaders);
          setDefaultCacheControl(request, responseStatusCode, responseHeaders);
          keepPersonalAnswersPrivate(request, responseHeaders);
          setRetryAfter(responseStatusCode, responseHeaders);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are streamed into the page; log them since nothing else will.
          if (shellRendered) logEvent("error", "render_error", { message: String(error) });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Pages that say nothing about caching: a public page a CDN may keep for a while; anything
 * personal (it sets a cookie), failed, or under /admin is never stored.
 */
function setDefaultCacheControl(request: Request, status: number, headers: Headers) {
  if (headers.has("Cache-Control")) return;
  const isAdmin = new URL(request.url).pathname.startsWith("/admin");
  const shareable = status === 200 && !isAdmin && !headers.has("Set-Cookie");
  headers.set(
    "Cache-Control",
    shareable ? publicCacheControl["Cache-Control"] : noStore["Cache-Control"],
  );
}

/**
 * Answers of client-side navigations and submissions. A storage failure becomes a plain 503: an
 * answer without React Router's own header reaches the browser's router as a 503 route error,
 * which the error page can name, where the generic error it would otherwise get cannot be told
 * from a bug. A script's request for a page's data (`/ethos.data`) gets the same Allow as the page.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (!failedOnStorage(request)) {
    keepPersonalAnswersPrivate(request, response.headers);
    setRetryAfter(response.status, response.headers);
    setAllowOnMethodNotAllowed(response.status, response.headers);
    return response;
  }
  return temporarilyUnavailable();
};

/**
 * React Router answers 405 to a POST (or PUT, DELETE…) to a page that has no action: such a page
 * answers only GET and HEAD, and the answer must say so.
 */
function setAllowOnMethodNotAllowed(status: number, headers: Headers) {
  if (status === 405) headers.set("Allow", "GET, HEAD");
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (noteStorageFailure(error, request)) return;
  const fields = { method: request.method, path: new URL(request.url).pathname };
  // React Router's own 4xx answers (a 405 for a page without an action) are the client's
  // mistake, already answered: worth a line, not an alarm.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logEvent("info", "request_refused", {
      ...fields,
      status: error.status,
      reason: error.statusText,
    });
    return;
  }
  logEvent("error", "request_error", {
    ...fields,
    message: messageOf(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return String(error);
}
