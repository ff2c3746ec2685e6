// Each route's body limit (app/lib/body-limits.server.ts) and server/body-limits.ts on a real
// Express server on 127.0.0.1: what the client is answered, and what a reader of the body sees
// when a body is refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bodyLimitFor, ownBodyLimitFor } from "~/lib/body-limits.server";
import { keepRefusals, limitRequestBodies } from "../server/body-limits.ts";

/** Every route of app/routes.ts, read as the React Router build reads it, with its whole path. */
async function appRoutes(): Promise<{ file: string; path: string }[]> {
  // What the React Router plugin sets before it loads app/routes.ts.
  Object.assign(globalThis, { __reactRouterAppDirectory: path.resolve("app") });
  const { default: config } = await import("~/routes");
  const flatten = (entries: RouteConfigEntry[], parent: string): { file: string; path: string }[] =>
    entries.flatMap((entry) => {
      const full = entry.path ? `${parent}/${entry.path}` : parent;
      return [{ file: entry.file, path: full || "/" }, ...flatten(entry.children ?? [], full)];
    });
  return flatten(await config, "");
}

describe("bodyLimitFor", () => {
  test("a route's limit holds for every spelling React Router serves it under", () => {
    const contact = bodyLimitFor("/contact");
    for (const path of ["/contact/", "/Contact", "/contact.data"]) {
      expect(bodyLimitFor(path), path).toBe(contact);
    }
  });

  test("the blog editor takes a long post, beacons and one-button forms almost nothing", () => {
    expect(bodyLimitFor("/admin/blog")).toBeGreaterThanOrEqual(512 * 1024);
    expect(bodyLimitFor("/cta-clicks")).toBeLessThanOrEqual(64);
    expect(bodyLimitFor("/admin/users")).toBeLessThanOrEqual(1024);
  });

  test("every route with an action has a limit of its own", async () => {
    const routes = await appRoutes();
    const withAction: string[] = [];
    for (const route of routes) {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as {
        action?: unknown;
      };
      if (module.action) withAction.push(route.path);
    }
    // The routes with forms of their own, so the list read from app/routes.ts is not empty.
    expect(withAction).toEqual(expect.arrayContaining(["/contact", "/admin/webhooks/:id"]));
    // A route's :param stands for any one segment of its addresses.
    const unlimited = withAction.filter(
      (route) => ownBodyLimitFor(route.replace(/:\w+/g, "7")) === null,
    );
    expect(unlimited).toEqual([]);
    // Importing every route module takes seconds on a loaded machine.
  }, 30_000);

  test("a row's :id segment matches one segment, not none or two", () => {
    const endpoint = ownBodyLimitFor("/admin/webhooks/12");
    expect(endpoint).not.toBeNull();
    expect(ownBodyLimitFor("/admin/webhooks/12.data")).toBe(endpoint);
    expect(ownBodyLimitFor("/admin/webhooks/12/extra")).toBeNull();
    expect(bodyLimitFor("/admin/webhooks/")).toBe(bodyLimitFor("/admin/webhooks"));
  });

  test("a path without an action takes no more than a stray small post", () => {
    for (const path of ["/", "/_root.data", "/ethos", "/admin/blogs", "/%63ontact"]) {
      expect(bodyLimitFor(path), path).toBeLessThanOrEqual(1024);
    }
  });
});

type Seen = { bytes: number; outcome: "end" | "error" };

describe("limitRequestBodies on a live server", () => {
  let origin = "";
  let close = () => {};
  // What the route's reader saw, by request id: the whole body, or an error.
  const seen = new Map<string, Seen>();
  const refusals: { path: string; limit: number }[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(limitRequestBodies({ onRefused: (details) => refusals.push(details) }));
    app.post("/cta-clicks", (request, response) => {
      let bytes = 0;
      const id = String(request.get("X-Test-Id"));
      request.on("data", (chunk: Buffer) => (bytes += chunk.length));
      request.once("end", () => {
        seen.set(id, { bytes, outcome: "end" });
        response.status(204).end();
      });
      request.once("error", () => seen.set(id, { bytes, outcome: "error" }));
    });
    app.use(keepRefusals);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  /** Sends `chunks` as a chunked body, then waits for the answer and for the connection to end. */
  function post(id: string, chunks: string[], headers: Record<string, string> = {}) {
    return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      const request = http.request(`${origin}/cta-clicks`, {
        method: "POST",
        headers: { "X-Test-Id": id, ...headers },
      });
      request.once("error", reject);
      request.once("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (text: string) => (body += text));
        response.once("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
      });
      for (const chunk of chunks) request.write(chunk);
      if (headers["Content-Length"]) request.flushHeaders();
      else request.end();
    });
  }

  test("a chunked body within the limit reaches the route whole", async () => {
    const answer = await post("within", ["PI", "NG"]);
    expect(answer.status).toBe(204);
    expect(seen.get("within")).toEqual({ bytes: 4, outcome: "end" });
  });

  test("a chunked body past the limit is answered 413 and its reader gets an error, not a shortened body", async () => {
    const answer = await post("past", ["x".repeat(40), "x".repeat(40), "x".repeat(40)]);
    expect(answer).toEqual({
      status: 413,
      connection: "close",
      body: "This request is too large.",
    });
    // The reader fails when the connection closes, once the client has had time to read the 413.
    await expect
      .poll(() => seen.get("past"), { timeout: 5000 })
      .toEqual({ bytes: 40, outcome: "error" });
    expect(refusals).toContainEqual({ path: "/cta-clicks", limit: bodyLimitFor("/cta-clicks") });
  });

  test("a declared Content-Length past the limit is answered before the route runs", async () => {
    const answer = await post("declared", [], { "Content-Length": "1000000" });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    expect(seen.has("declared")).toBe(false);
  });
});
