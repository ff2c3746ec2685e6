// The Express middleware that holds every request to its route's body limit (the table is the
// app's, app/lib/body-limits.server.ts) before React Router reads a byte. See
// docs/decisions/021-request-body-limits.md.
import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor } from "../app/lib/body-limits.server.ts";

const TOO_LARGE_MESSAGE = "This request is too large.";

// How long a refused client has to read the answer before its connection closes. Closing at once
// would reset a connection the client is still sending on, and the reset can reach it before the
// answer does.
const CLOSE_DELAY_MS = 2000;

/**
 * Refuses a request whose body is larger than its route's limit with 413 and `Connection: close`,
 * and reads no further: a declared Content-Length is refused before a byte is read, and a chunked
 * body is counted as it arrives. Only the bytes within the limit ever reach React Router; past it,
 * whoever is reading the body gets an error, never a shortened body that looks whole.
 */
export function limitRequestBodies({
  onRefused = () => {},
}: { onRefused?: (details: { path: string; limit: number }) => void } = {}) {
  return (request: Request, response: Response, next: NextFunction) => {
    const limit = bodyLimitFor(request.path);
    let refused = false;
    const refuse = () => {
      refused = true;
      response.locals.bodyRefused = true;
      onRefused({ path: request.path, limit });
      refuseBody(request, response);
    };

    const declared = Number(request.get("Content-Length") ?? "0");
    if (declared > limit) return refuse();

    // Node's HTTP parser hands every chunk of the body to the request through push(); counting
    // there sees each byte before any reader can, whoever reads it (React Router's adapter, or
    // Node discarding an unread body). Returning false tells the parser to stop reading the socket.
    let received = 0;
    const push = request.push;
    request.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk !== null) {
        received += chunk.length;
        if (received > limit) {
          refuse();
          return false;
        }
      }
      return push.call(request, chunk, encoding);
    };
    return next();
  };
}

/** Answers 413 and ends the connection, with nothing more of the body read. */
function refuseBody(request: Request, response: Response) {
  // An answer is already on its way (an action that answered without reading the body, or Node
  // discarding the unread body of a request already answered): the connection ends with it.
  if (response.headersSent) {
    if (response.writableFinished) request.destroy();
    else response.once("finish", () => request.destroy());
    return;
  }
  // The whole answer goes out now, but the response ends (and Node, for `Connection: close`,
  // closes the connection) only once the client has had time to read it. Anything still waiting
  // for the body then fails, as the connection goes.
  response.writeHead(413, {
    Connection: "close",
    "Cache-Control": "no-store",
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(TOO_LARGE_MESSAGE),
  });
  response.write(TOO_LARGE_MESSAGE);
  const end = setTimeout(() => response.end(), CLOSE_DELAY_MS);
  response.once("close", () => clearTimeout(end));
}

/**
 * Error middleware for after React Router: an action that answered without reading the body
 * (a 405, a redirect to sign in) can finish while the 413 is still waiting to close its
 * connection, and the adapter then fails to send that second answer. The 413 stands; anything
 * else goes on to Express's handler.
 */
export function keepRefusals(
  error: unknown,
  request: Request,
  response: Response,
  next: NextFunction,
) {
  if (!response.locals.bodyRefused) return next(error);
  // The adapter set its own status before it failed; the request log must show what was sent.
  response.statusCode = 413;
}
