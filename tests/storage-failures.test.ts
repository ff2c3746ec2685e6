// A request that fails because the database's disk did answers 503 with Retry-After wherever it
// failed: a page (entry.server.tsx draws the error page), a page's data, or a resource route,
// whose 500 the root middleware turns into 503. A failure that is not the disk's stays a 500.
import { describe, expect, test } from "vitest";
import { callsToAction } from "~/content/calls-to-action";
import { handleDataRequest, handleError } from "~/entry.server";
import { answerStorageFailures } from "~/lib/storage-failure.server";
import { action as recordClick } from "~/routes/cta-clicks";
import { routeArgs } from "./support/actions";
import { captureLogLines } from "./support/logs";
import { whileDatabaseIsReadOnly } from "./support/storage";

const clickPost = () =>
  new Request(
    `http://localhost/cta-clicks?source=${encodeURIComponent(callsToAction.scheduleDiscoveryCall.label)}&path=%2F`,
    { method: "POST" },
  );

/**
 * The resource route as React Router runs it inside the root middleware: what the action throws
 * goes to handleError, and the answer becomes React Router's own 500.
 */
async function throughMiddleware(request: Request, run: () => Promise<Response>) {
  const args = routeArgs(request);
  const middlewareArgs = args as Parameters<typeof answerStorageFailures>[0];
  return (await answerStorageFailures(middlewareArgs, async () => {
    try {
      return await run();
    } catch (error) {
      handleError(error, { request, params: {}, context: args.context });
      return new Response("Unexpected Server Error", { status: 500 });
    }
  })) as Response;
}

describe("a resource route", () => {
  test("whose write the disk refuses answers 503, plain, with Retry-After, and logs the code", async () => {
    const request = clickPost();
    const logs = captureLogLines();
    const response = await whileDatabaseIsReadOnly(() =>
      throughMiddleware(request, async () => (await recordClick(routeArgs(request))) as Response),
    ).finally(logs.restore);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("Temporarily unavailable");
    expect(logs.lines.join("\n")).toContain(
      '"event":"storage_unavailable","code":"SQLITE_READONLY","method":"POST","path":"/cta-clicks"',
    );
  });

  test("that fails for any other reason keeps React Router's 500, logged with its stack", async () => {
    const request = clickPost();
    const logs = captureLogLines();
    const response = await throughMiddleware(request, async () => {
      throw new Error("a bug in the route");
    }).finally(logs.restore);
    expect(response.status).toBe(500);
    const line = logs.lines.find((entry) => entry.includes('"event":"request_error"'));
    expect(line).toContain("a bug in the route");
    expect(line).toMatch(/"stack":"Error: a bug in the route\\n\s+at /);
  });

  test("answers that did not fail pass through untouched", async () => {
    const request = clickPost();
    const response = await throughMiddleware(
      request,
      async () => (await recordClick(routeArgs(request))) as Response,
    );
    expect(response.status).toBe(204);
  });
});

test("a page's data whose write the disk refused answers 503 to the browser's router", async () => {
  const request = new Request("http://localhost/contact.data", { method: "POST" });
  const refused = await whileDatabaseIsReadOnly(async () => {
    try {
      await recordClick(routeArgs(clickPost()));
    } catch (error) {
      return error;
    }
  });
  const logs = captureLogLines();
  try {
    handleError(refused, { request, params: {}, context: routeArgs(request).context });
  } finally {
    logs.restore();
  }
  const answer = handleDataRequest(new Response(null, { status: 500 }), {
    request,
    params: {},
    context: routeArgs(request).context,
  }) as Response;
  expect(answer.status).toBe(503);
  expect(answer.headers.get("Retry-After")).toBe("60");
});
