// What the HTTP server knows about a request and the app cannot see for itself: the client's
// address (behind the trusted proxy) and this response's CSP nonce. server.ts hands them over
// through React Router's context, via `createLoadContext` in entry.server.tsx.
import { createContext, RouterContextProvider } from "react-router";

export type RequestFacts = {
  /** The client's address; "unknown" under Vite's dev server, which sets no context. */
  clientIp: string;
  /** This request's Content-Security-Policy nonce. */
  cspNonce?: string;
};

const requestFacts = createContext<RequestFacts>({ clientIp: "unknown" });

export function createRequestContext(facts: RequestFacts) {
  const context = new RouterContextProvider();
  context.set(requestFacts, facts);
  return context;
}

type ContextReader = Pick<RouterContextProvider, "get">;

export const clientIpOf = (context: ContextReader) => context.get(requestFacts).clientIp;

export const cspNonceOf = (context: ContextReader) => context.get(requestFacts).cspNonce;
