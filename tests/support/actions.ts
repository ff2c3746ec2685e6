// Calls a route's action the way Remix does, and reads the status of whatever it answered.
import type { ActionFunctionArgs } from "@remix-run/node";

type Action = (args: ActionFunctionArgs) => Promise<unknown> | unknown;

export async function callAction(
  action: Action,
  request: Request,
  clientIp = "203.0.113.10",
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const result = await action({ request, params: {}, context: { clientIp } });
  if (result instanceof Response) {
    return { status: result.status, body: null, headers: result.headers };
  }
  // Remix's data(): { type: "DataWithResponseInit", data, init }.
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
