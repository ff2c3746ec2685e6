// How many bytes of request body each route accepts, and the Express middleware that holds every
// request to it before React Router reads a byte. See docs/decisions/021-request-body-limits.md.
import type { NextFunction, Request, Response } from "express";

const KB = 1024;
const MB = 1024 * KB;

// The largest body of each route that has an action. Forms are URL-encoded, where one character
// of text can take up to 9 bytes (%E2%80%94), so each limit leaves room for its longest valid form.
const BODY_LIMITS = new Map<string, number>([
  // A ping's body is the four bytes "PING" and a beacon's is empty.
  ["/cta-clicks", 64],
  // Name, email, phone and a message of at most 5,000 characters.
  ["/contact", 64 * KB],
  // One step's answers, or the contact details of the last step.
  ["/efficiency-assessment", 16 * KB],
  // An email address and a password of at most 128 characters, or a passkey's answer (about 1 KB
  // of JSON, some 2 KB once URL-encoded).
  ["/admin/auth", 8 * KB],
  // A confirmation link's token and the password chosen with it.
  ["/admin/confirm", 8 * KB],
  // An email address; a password link's token and the new password.
  ["/admin/forgot-password", 8 * KB],
  ["/admin/reset-password", 8 * KB],
  // A post of up to 200,000 characters with its markup, excerpt, tags and link previews, and one
  // cover image of up to 10 MB (COVER_LIMITS.maxBytes in app/features/covers). With a file the
  // form goes as multipart/form-data: fields are sent unescaped, so the post fits as before, and
  // each part adds only its boundary and headers, well within the 64 KB to spare.
  ["/admin/blog", 512 * KB + 10 * MB + 64 * KB],
  // A code, or a new passkey's answer: its attestation and public key, some 3 KB URL-encoded.
  ["/admin/security", 8 * KB],
  // A code from the app (or a recovery code) of at most 40 characters.
  ["/admin/two-factor", 1 * KB],
  // An address of at most 2,000 characters, a description of at most 200 and the events chosen.
  ["/admin/webhooks", 32 * KB],
  // One-button forms: an intent and a record's id.
  ["/admin/users", 1 * KB],
  ["/admin/leads/messages", 1 * KB],
  ["/admin/outbox", 1 * KB],
  ["/admin/webhooks/:id", 1 * KB],
  // Bodies read only to be refused past this: a passkey challenge's request is empty, and
  // signing out reads nothing.
  ["/admin/passkey-registration", 1 * KB],
  ["/admin/passkey-sign-in", 1 * KB],
  ["/admin/sign-out", 1 * KB],
]);

// Every other path: no action there reads a body, and this still lets a stray small post reach
// React Router, which answers it 405.
const DEFAULT_LIMIT = 1 * KB;

/**
 * The limit of the route `pathname` belongs to, or null for a path with no row in the table. React
 * Router serves the same action at `/contact`, `/contact/`, `/Contact` and, for a script's fetch,
 * `/contact.data`; a row's `:name` segment stands for any one segment, as in the route's path.
 */
export function ownBodyLimitFor(pathname: string): number | null {
  const segments = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1")
    .split("/");
  for (const [route, limit] of BODY_LIMITS) {
    const routeSegments = route.split("/");
    const matches =
      routeSegments.length === segments.length &&
      routeSegments.every(
        (segment, index) =>
          segment === segments[index] || (segment.startsWith(":") && segments[index] !== ""),
      );
    if (matches) return limit;
  }
  return null;
}

/** The most bytes of body a request to `pathname` may carry. */
export function bodyLimitFor(pathname: string): number {
  return ownBodyLimitFor(pathname) ?? DEFAULT_LIMIT;
}

/** True when `pathname` is a page with an action: only those have a body limit of their own. */
export function takesPosts(pathname: string): boolean {
  return ownBodyLimitFor(pathname) !== null;
}

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
