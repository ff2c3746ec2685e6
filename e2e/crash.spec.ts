// Killing the server outright (SIGKILL: the machine loses power, the kernel's OOM killer) during a
// burst of contact messages: every message it acknowledged is stored once, and once it is started
// again on the same database each stored message's email reaches the mail server exactly once.
import { expect, test } from "@playwright/test";
import { freePort } from "../scripts/lib/production-server.ts";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { startServer } from "./support/server";

const BURST = 40;
// Killed once this many posts were answered, while the rest of the burst is still coming.
const KILL_AFTER = 10;
// A row the killed server had claimed waits out its lease (2 minutes, defaultDeliveryPolicy)
// before the restarted one may send it.
const DELIVERY_TIMEOUT_MS = 150_000;

test("SIGKILL during a burst of contact posts loses no acknowledged message and mails each stored one once after a restart", async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
  test.setTimeout(DELIVERY_TIMEOUT_MS + 60_000);
  // Down while the first server runs, so no email can have left before the kill: each one that
  // arrives was sent after the restart.
  const mailPort = await freePort();
  const first = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${mailPort}` } });
  const marker = `crash-${Date.now()}`;
  let answered = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    process.kill(first.pid, "SIGKILL");
  };
  const post = async (index: number) => {
    try {
      const response = await fetch(`${first.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: first.url,
          // One address per post: the contact form's rate limit is not what is tested here.
          "X-Forwarded-For": `10.78.${Math.floor(index / 250)}.${index % 250}`,
        },
        body: new URLSearchParams({
          fullName: `${marker} sender ${index}`,
          email: `sender${index}@example.org`,
          message: `${marker} message ${index}`,
          formId: `${index}`.padStart(32, "0"),
        }),
      });
      if (response.status === 302 && (answered += 1) === KILL_AFTER) kill();
      return { index, status: response.status };
    } catch {
      return { index, status: 0 };
    }
  };

  const answers: Promise<{ index: number; status: number }>[] = [];
  for (let index = 0; index < BURST; index += 1) {
    answers.push(post(index));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const results = await Promise.all(answers);
  kill();
  await first.stop();
  const acknowledged = results.filter((result) => result.status === 302);
  // The burst straddled the kill: some posts were answered, the ones after it never were.
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.length).toBeLessThan(BURST);
  expect(results.every((result) => [0, 302].includes(result.status))).toBe(true);

  const mailbox = await startSmtpSink(mailPort);
  const second = await startServer({
    databasePath: first.databasePath,
    env: { SMTP_URL: mailbox.url },
  });
  try {
    // Restarted with the mail server up: a second server on the same file, as after a reboot.
    const db = second.openDatabase();
    const stored = db
      .prepare(
        `select m.message, m.full_name as name, count(o.id) as emails from contact_messages m
         left join outbox o on o.contact_message_id = m.id and o.channel = 'email'
         where m.message like ? group by m.id`,
      )
      .all(`${marker}%`) as { message: string; name: string; emails: number }[];
    const integrity = db.pragma("integrity_check", { simple: true });
    db.close();
    expect(integrity).toBe("ok");
    const storedTimes = (index: number) =>
      stored.filter((row) => row.message === `${marker} message ${index}`).length;
    for (const { index } of acknowledged) expect(storedTimes(index), `message ${index}`).toBe(1);
    expect(stored.every((row) => row.emails === 1)).toBe(true);

    const arrived = () => mailbox.messages.filter((mail) => mail.subject.includes(marker));
    await expect
      .poll(() => arrived().length, { timeout: DELIVERY_TIMEOUT_MS, intervals: [500] })
      .toBe(stored.length);
    // One more run of the worker (it polls every 5 s) goes by: nothing arrives twice.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const subjects = arrived().map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(
      stored.map((row) => `New contact message from ${row.name}`).sort(),
    );
  } finally {
    await second.stop();
    await mailbox.stop();
  }
});
