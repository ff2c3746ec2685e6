// server/unserved-requests.ts on a real Express app on 127.0.0.1: a method no page takes, and an
// error that reaches the end of the chain, whether or not an answer had begun.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { answerUnhandledErrors, refuseUnservedMethods } from "../server/unserved-requests.ts";

type Logged = { method: string; path: string; message: string; stack?: string };
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function startApp() {
  const logged: Logged[] = [];
  const app = express();
  app.use(refuseUnservedMethods({ takesPosts: (path) => path === "/form" }));
  app.get("/fails", () => {
    throw new Error("the render broke");
  });
  app.get("/fails-midway", (_request, response, next) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.write("<p>half");
    next(new Error("the stream broke"));
  });
  app.use((_request, response) => response.send("served"));
  app.use(answerUnhandledErrors({ onError: (details) => logged.push(details) }));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logged };
}

test.each([
  ["PUT", "/form", "GET, HEAD, POST"],
  ["DELETE", "/page", "GET, HEAD"],
  ["OPTIONS", "/page", "GET, HEAD"],
])("%s %s answers 405 with Allow: %s", async (method, path, allow) => {
  const { url } = await startApp();
  const answer = await fetch(`${url}${path}`, { method });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("Allow")).toBe(allow);
  expect(await answer.text()).toContain("<h1>Method not allowed</h1>");
});

test("GET, HEAD and POST go on to the app", async () => {
  const { url } = await startApp();
  for (const method of ["GET", "POST"]) {
    expect(await (await fetch(`${url}/page`, { method })).text()).toBe("served");
  }
  expect((await fetch(`${url}/page`, { method: "HEAD" })).status).toBe(200);
});

test("an error nothing answered is logged with its stack and answered with the plain error page", async () => {
  const { url, logged } = await startApp();
  const answer = await fetch(`${url}/fails`);
  expect(answer.status).toBe(500);
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  expect(await answer.text()).toContain("<h1>Something went wrong on our side</h1>");
  expect(logged).toEqual([
    expect.objectContaining({ method: "GET", path: "/fails", message: "the render broke" }),
  ]);
  expect(logged[0]?.stack).toMatch(/Error: the render broke\n\s+at /);
});

test("an error after the answer began closes the connection: half a page is never taken for a whole one", async () => {
  const { url, logged } = await startApp();
  await expect(fetch(`${url}/fails-midway`).then((answer) => answer.text())).rejects.toThrow();
  expect(logged.map((entry) => entry.message)).toEqual(["the stream broke"]);
});
