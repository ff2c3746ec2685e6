// Oversized request bodies against the real built server: 200 MB streamed (chunked, made up as it
// is sent) to every route that takes a POST is refused at once, the server's memory stays flat,
// and it goes on serving. See docs/decisions/021-request-body-limits.md.
import fs from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { addAccount, signedInCookie } from "./support/admin";
import { startServer, type RunningServer } from "./support/server";

const MB = 1024 * 1024;
const UPLOAD_BYTES = 200 * MB;
// Far below what holding even one such body would take, far above the noise of rendering pages.
const MEMORY_GROWTH_LIMIT = 64 * MB;
const ANSWER_WITHIN_MS = 5000;

const POST_ROUTES = [
  "/contact",
  "/efficiency-assessment",
  "/cta-clicks?source=hero&path=%2F",
  "/admin/auth",
  "/admin/confirm",
  "/admin/forgot-password",
  "/admin/reset-password",
  "/admin/invitation",
  "/admin/blog",
  "/admin/users",
  "/admin/leads/messages",
  "/admin/outbox",
  // A page without an action.
  "/",
  // Last: its action signs the session out even as the body is refused.
  "/admin/sign-out",
];

type Answer = { status: number; afterMs: number; sentBytes: number; connection?: string };

/** A line of the server's /proc status in bytes: VmRSS now, or VmHWM, its peak so far. */
function memory(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1];
  if (!kilobytes) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

/**
 * The most the server's resident memory rises above its level now while `work` runs: sampled
 * every 20 ms, and from the kernel's own peak, which catches a rise between two samples unless
 * the start-up peak was higher still.
 */
async function memoryRiseDuring(pid: number, work: () => Promise<void>): Promise<number> {
  const before = { resident: memory(pid, "VmRSS"), peak: memory(pid, "VmHWM") };
  let highest = before.resident;
  const sampler = setInterval(() => {
    highest = Math.max(highest, memory(pid, "VmRSS"));
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(highest - before.resident, memory(pid, "VmHWM") - before.peak);
}

/**
 * POSTs up to `bytes` of body in 64 KB chunks of one reused buffer, chunked unless a
 * Content-Length is given; stops sending as soon as the answer's headers arrive.
 */
function postHuge(
  url: string,
  { bytes, headers }: { bytes: number; headers: Record<string, string> },
): Promise<Answer> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(url, { method: "POST", headers });
    const send = () => {
      while (!answered && sentBytes < bytes) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", send);
      }
      if (!answered) request.end();
    };
    const giveUp = setTimeout(() => {
      request.destroy();
      reject(new Error(`No answer from ${url} after ${sentBytes} bytes`));
    }, 30_000);
    request.once("response", (response) => {
      answered = true;
      clearTimeout(giveUp);
      resolve({
        status: response.statusCode ?? 0,
        afterMs: Date.now() - started,
        sentBytes,
        connection: response.headers.connection,
      });
      request.destroy();
    });
    request.once("error", (error) => {
      if (answered) return;
      clearTimeout(giveUp);
      reject(error);
    });
    if (headers["Content-Length"]) request.flushHeaders();
    else send();
  });
}

/** A Cookie header signed in as a new admin of the server, which opens the admin. */
async function adminCookie(server: RunningServer): Promise<string> {
  const cookie = await signedInCookie(server, await addAccount(server.databasePath));
  const blog = await fetch(`${server.url}/admin/blog`, {
    redirect: "manual",
    headers: { Cookie: cookie },
  });
  expect(blog.status).toBe(200);
  return cookie;
}

test.describe("oversized request bodies", () => {
  let server: RunningServer;
  test.beforeEach(async ({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
    server = await startServer();
  });
  test.afterEach(async () => {
    await server?.stop();
  });

  test("200 MB streamed to any route is refused at once, and memory stays flat", async () => {
    test.setTimeout(120_000);
    // Signed in, so the admin actions get as far as reading their bodies.
    const cookie = await adminCookie(server);
    for (const route of ["/", "/contact", "/efficiency-assessment", "/admin/blog"]) {
      await fetch(`${server.url}${route}`, { headers: { Cookie: cookie } });
    }
    const rise = await memoryRiseDuring(server.pid, async () => {
      for (const [index, route] of POST_ROUTES.entries()) {
        const answer = await postHuge(`${server.url}${route}`, {
          bytes: UPLOAD_BYTES,
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            Cookie: cookie,
            "X-Forwarded-For": `10.91.0.${index + 1}`,
          },
        });
        expect(answer.status, `${route} answers 413`).toBe(413);
        expect(answer.connection, `${route} closes the connection`).toBe("close");
        expect(answer.afterMs, `${route} answers quickly`).toBeLessThan(ANSWER_WITHIN_MS);
        expect(answer.sentBytes, `${route} answers before the upload ends`).toBeLessThan(
          UPLOAD_BYTES,
        );
      }
    });
    expect(rise, `memory rose by ${(rise / MB).toFixed(1)} MB`).toBeLessThan(MEMORY_GROWTH_LIMIT);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const refusals = server.logs.filter((line) => line.includes('"request_body_too_large"'));
    expect(refusals).toHaveLength(POST_ROUTES.length);
    // Refusing is routine: no error line, and no stack trace from a route's answer coming too late.
    const alarming = server.logs.filter(
      (line) => !line.startsWith("{") || line.includes('"level":"error"'),
    );
    expect(alarming).toEqual([]);
  });

  test("a Content-Length over the limit is refused before a byte of body is sent", async () => {
    for (const route of ["/contact", "/admin/blog", "/"]) {
      const answer = await postHuge(`${server.url}${route}`, {
        bytes: 0,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(UPLOAD_BYTES),
        },
      });
      expect(answer.status, route).toBe(413);
      expect(answer.connection, route).toBe("close");
      expect(answer.sentBytes, route).toBe(0);
    }
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  test("a webhook address of 1,500 characters gets the field's own answer, not 413", async () => {
    const cookie = await adminCookie(server);
    const url = `http://127.0.0.1/hooks?${"a".repeat(1500 - 23)}`;
    const response = await fetch(`${server.url}/admin/webhooks`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({ url, description: "CRM", events: "contact.message" }),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(
      "This address cannot receive webhooks: The address is, or resolves to, a private or reserved network address.",
    );
    expect(page).not.toContain("This request is too large.");
  });

  test("forms within their limits still go through", async () => {
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: new URLSearchParams({
        fullName: "Within Limits",
        email: "within@example.org",
        // The longest message the form takes, in characters that URL-encode to 9 bytes each.
        message: "—".repeat(5000),
      }),
    });
    expect(response.status).toBe(302);
    const db = server.openDatabase();
    const stored = db
      .prepare("select count(*) as n from contact_messages where full_name = 'Within Limits'")
      .get() as { n: number };
    db.close();
    expect(stored.n).toBe(1);
  });
});
