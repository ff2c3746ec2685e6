// A POST to a page that has no action: the built server answers 405 with the methods the page
// does take, and logs it as the client's mistake (an info line), not as a server error.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startServer, type RunningServer } from "./support/server";

type LogEntry = { level: string; event: string; method?: string; path?: string; status?: number };

test.describe("a page without an action", () => {
  let server: RunningServer;
  test.beforeEach(async ({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
    server = await startServer();
  });
  test.afterEach(async () => {
    await server?.stop();
  });

  test("answers a POST 405 with Allow: GET, HEAD and an info line, never an error", async () => {
    // The home page, another page, and a script's data request for a page.
    const paths = ["/", "/ethos", "/solutions.data"];
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { Origin: server.url },
        body: new URLSearchParams({ anything: "at all" }),
      });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
    }

    await expect
      .poll(() => server.logs.filter((line) => line.includes('"request_refused"')).length)
      .toBe(paths.length);
    const entries = server.logs
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogEntry);
    for (const path of paths) {
      expect(entries).toContainEqual(
        expect.objectContaining({
          level: "info",
          event: "request_refused",
          method: "POST",
          path,
          status: 405,
        }),
      );
    }
    expect(entries.filter((entry) => entry.level === "error")).toEqual([]);
    expect(server.logs.join("\n")).not.toContain("[object Object]");
  });

  test("a method no page takes (TRACE, PUT, OPTIONS…) answers 405 with Allow, logged in JSON, no stack printed", async () => {
    const asked = [
      ["TRACE", "/healthz", "GET, HEAD"],
      ["TRACE", "/contact", "GET, HEAD, POST"],
      ["PUT", "/contact", "GET, HEAD, POST"],
      ["DELETE", "/ethos", "GET, HEAD"],
      ["OPTIONS", "/", "GET, HEAD"],
      ["PROPFIND", "/insights", "GET, HEAD"],
    ];
    for (const [method, path, allow] of asked) {
      const status = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
        const { hostname, port } = new URL(server.url);
        http
          .request({ host: hostname, port, method, path }, (answer) => {
            answer.resume();
            resolve({ status: answer.statusCode, allow: String(answer.headers.allow) });
          })
          .on("error", reject)
          .end();
      });
      expect(status, `${method} ${path}`).toEqual({ status: 405, allow });
    }
    await expect
      .poll(() => server.logs.filter((line) => /"status":405/.test(line)).length)
      .toBe(asked.length);
    expect(server.logs.filter((line) => !line.startsWith("{"))).toEqual([]);
    expect(server.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
