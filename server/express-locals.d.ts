// What this server's middleware leaves in `response.locals` for the handlers after it.
declare global {
  namespace Express {
    interface Locals {
      /** This response's Content-Security-Policy nonce, for the page's inline scripts. */
      cspNonce: string;
      /** Set once a request has been refused 413 for its body (server/body-limits.ts). */
      bodyRefused?: boolean;
    }
  }
}

export {};
