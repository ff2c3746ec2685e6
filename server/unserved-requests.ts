// What the app does not serve is answered here, as the client's mistake or as the server's, with
// the site's plain page and one JSON log line: a method no page takes (TRACE, which the fetch API
// the app runs on cannot even represent), and an error that reached Express instead of the app.
import type { NextFunction, Request, Response } from "express";
import { plainPage, plainPageHeaders } from "./plain-page.ts";

const SERVED_METHODS = new Set(["GET", "HEAD", "POST"]);

const METHOD_NOT_ALLOWED_PAGE = plainPage(
  "Method not allowed",
  "This address answers only to a browser opening it or sending its form.",
);
const SERVER_ERROR_PAGE = plainPage(
  "Something went wrong on our side",
  "We could not answer this request just now. Please try again in a moment.",
);

/**
 * Answers 405 with Allow to a method other than GET, HEAD and POST. Allow names POST only where a
 * page takes posts (`takesPosts`, from the body limits every action has).
 */
export function refuseUnservedMethods({ takesPosts }: { takesPosts: (path: string) => boolean }) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (SERVED_METHODS.has(request.method)) return next();
    const allow = takesPosts(request.path) ? "GET, HEAD, POST" : "GET, HEAD";
    response.writeHead(405, { ...plainPageHeaders(METHOD_NOT_ALLOWED_PAGE), Allow: allow });
    response.end(METHOD_NOT_ALLOWED_PAGE);
  };
}

/**
 * The end of the Express chain: an error nothing else answered is logged as one JSON line with its
 * stack, and the client gets the plain error page (or, when an answer had begun, a closed
 * connection, so that it cannot take half a page for a whole one).
 */
export function answerUnhandledErrors({
  onError,
}: {
  onError: (details: { method: string; path: string; message: string; stack?: string }) => void;
}) {
  return (error: unknown, request: Request, response: Response, _next: NextFunction) => {
    onError({
      method: request.method,
      path: request.path,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(500, plainPageHeaders(SERVER_ERROR_PAGE));
    response.end(request.method === "HEAD" ? undefined : SERVER_ERROR_PAGE);
  };
}
