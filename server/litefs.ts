// Sending the requests that write to the LiteFS primary; which machine that is, the app's own
// app/lib/litefs.server.ts says. See docs/decisions/013-scale-out-with-litefs.md.
import type { NextFunction, Request, Response } from "express";
import { currentPrimary } from "../app/lib/litefs.server.ts";

// GET requests that write too: admin pages keep their session's last-seen time. (The assessment
// records a visit only when a step is posted.) `.data` is React Router's client-side navigation
// request for the same loader.
const WRITING_PAGE = /^\/admin(\/|\.data$|$)/;

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when a request may write to the database. */
export function writesToDatabase(method: string, pathname: string) {
  return !READ_ONLY_METHODS.has(method) || WRITING_PAGE.test(pathname);
}

/**
 * On a replica, answers every request that may write with `fly-replay`, which makes Fly's proxy
 * send the same request to the primary. LiteFS's own proxy does this for non-GET requests before
 * they reach us; this also covers the GET pages that write, and any request that bypassed it.
 */
export function replayWritesToPrimary({
  litefsDir,
  onReplay = () => {},
}: {
  litefsDir: string | undefined;
  onReplay?: (primary: string) => void;
}) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!litefsDir || !writesToDatabase(request.method, request.path)) return next();
    const primary = currentPrimary(litefsDir);
    if (!primary) return next();
    onReplay(primary);
    response.setHeader("fly-replay", `instance=${primary}`);
    response.setHeader("Cache-Control", "no-store");
    response.status(409).type("text/plain").send("This request is replayed on the primary.");
  };
}
