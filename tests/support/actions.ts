// Calls a route's loader or action the way React Router does, and reads what it answered.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import type { AuditSource } from "~/lib/audit.server";
import { createRequestContext } from "~/lib/request-context";

/** Someone of the firm acting from a documentation address, for features that record who acted. */
export const STAFF: AuditSource = {
  actor: { id: 1, email: "staff@example.com" },
  ipAddress: "203.0.113.10",
};

type Action = (args: ActionFunctionArgs) => Promise<unknown> | unknown;

/** The arguments React Router hands a loader or an action for this request. */
export function routeArgs<Params extends Record<string, string> = Record<string, string>>(
  request: Request,
  { params, clientIp = "203.0.113.10" }: { params?: Params; clientIp?: string } = {},
): Omit<LoaderFunctionArgs & ActionFunctionArgs, "params"> & { params: Params } {
  const context = createRequestContext({ clientIp });
  return {
    request,
    url: new URL(request.url),
    pattern: "",
    params: params ?? ({} as Params),
    context,
  };
}

export async function callAction(
  action: Action,
  request: Request,
  clientIp = "203.0.113.10",
): Promise<{ status: number; body: unknown; headers: Headers }> {
  return answerOf(await action(routeArgs(request, { clientIp })));
}

/** A loader's or action's answer as React Router reads it: its status, data and headers. */
export function answerOf(result: unknown): { status: number; body: unknown; headers: Headers } {
  if (result instanceof Response) {
    return { status: result.status, body: null, headers: result.headers };
  }
  // React Router's data(): { type: "DataWithResponseInit", data, init }.
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return {
      status: wrapped.init?.status ?? 200,
      body: wrapped.data,
      headers: new Headers(wrapped.init?.headers),
    };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** A small deterministic random generator, so a failing fuzz case can be replayed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
