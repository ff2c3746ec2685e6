// Stopping the server (SIGTERM, as Fly and Docker do) during a burst of contact messages: every
// message the server accepted is stored with its email queued, nothing is half-written, and the
// server exits cleanly once the requests in flight are answered.
import { expect, test } from "@playwright/test";
import { startServer } from "./support/server";

const BURST = 60;

test("SIGTERM during a burst of contact posts loses no accepted message", async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
  const server = await startServer();
  const marker = `burst-${Date.now()}`;
  const probe = await fetch(`${server.url}/`);
  const requestId = probe.headers.get("x-request-id") ?? "";
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const post = async (index: number) => {
    try {
      const response = await fetch(`${server.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          // One address per post: the contact form's rate limit is not what is tested here.
          "X-Forwarded-For": `10.77.${Math.floor(index / 250)}.${index % 250}`,
        },
        body: new URLSearchParams({
          fullName: `Sender ${index}`,
          email: `sender${index}@example.org`,
          message: `${marker} message ${index}`,
        }),
      });
      return { index, status: response.status, location: response.headers.get("location") };
    } catch {
      return { index, status: 0, location: null };
    }
  };

  const answers: Promise<{ index: number; status: number; location: string | null }>[] = [];
  let stopped: Promise<void> | null = null;
  for (let index = 0; index < BURST; index += 1) {
    answers.push(post(index));
    if (index === BURST / 3) stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const results = await Promise.all(answers);
  await stopped;

  const accepted = results.filter((result) => result.status === 303 || result.status === 302);
  // The burst straddled the signal: some posts were accepted, the ones after it were refused.
  expect(accepted.length).toBeGreaterThan(0);
  expect(results.every((result) => [0, 302, 303].includes(result.status))).toBe(true);
  expect(accepted.every((result) => result.location === "/contact")).toBe(true);

  const db = server.openDatabase();
  const stored = db
    .prepare(
      `select m.message, count(o.id) as emails from contact_messages m
       left join outbox o on o.contact_message_id = m.id
       where m.message like ? group by m.id`,
    )
    .all(`${marker}%`) as { message: string; emails: number }[];
  const integrity = db.pragma("integrity_check", { simple: true });
  db.close();

  const storedMessages = new Set(stored.map((row) => row.message));
  for (const { index } of accepted) {
    expect(storedMessages.has(`${marker} message ${index}`), `message ${index}`).toBe(true);
  }
  // Nothing half-written: every stored message has its email in the outbox.
  expect(stored.every((row) => row.emails === 1)).toBe(true);
  expect(integrity).toBe("ok");
  const logs = server.logs.join("\n");
  expect(logs).toContain('"event":"shutdown_started"');
  expect(logs).toContain('"event":"shutdown_complete"');
  // One structured line per request, findable by the id the response carried.
  const line = server.logs.find((entry) => entry.includes(requestId));
  expect(JSON.parse(line ?? "{}")).toMatchObject({
    event: "request",
    requestId,
    method: "GET",
    path: "/",
    status: 200,
  });
});
