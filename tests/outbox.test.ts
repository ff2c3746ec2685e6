import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, test } from "vitest";
import { openDatabase, type AppDatabase } from "~/lib/db-client.server";
import { outbox } from "~/db/schema";
import {
  createFolderTransport,
  createSmtpTransport as pooledSmtpTransport,
} from "~/features/outbox/mail-transport.server";
import {
  defaultDeliveryPolicy,
  deliverDueMessages,
  discardHeldMessage,
  emailCourier,
  cancelQueuedBulkEmailTo,
  enqueueEmail,
  enqueueMailing,
  fillPlaceholders,
  findMessage,
  mailingProgress,
  retryDelayMs,
  retryFailedMessage,
  sendQueuedNow,
  startOutboxWorker,
  type DeliveryPolicy,
  type MailTransport,
  type OutgoingEmail,
} from "~/features/outbox/outbox.server";
import { currentPrimary } from "~/lib/litefs.server";
import { startSmtpSink } from "./support/smtp-sink";

const from = '"Keelstone Operations" <hello@keelstone.example.com>';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The production transport; its pooled connections close after the test, before its sink. */
function createSmtpTransport(url: string) {
  const transport = pooledSmtpTransport(url);
  cleanups.push(() => transport.close?.());
  return transport;
}

function scratchFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}

function openScratchDatabase(file = path.join(scratchFolder(), "app.db")) {
  const db = openDatabase(file);
  cleanups.push(() => db.$client.open && db.$client.close());
  return { db, file };
}

async function sink(port?: number) {
  const started = await startSmtpSink(port);
  cleanups.push(() => started.stop());
  return started;
}

function email(n: number): OutgoingEmail {
  return {
    to: "firm@example.com",
    replyTo: `visitor${n}@example.org`,
    subject: `Message ${n}`,
    text: `Text body ${n}`,
    html: `<p>HTML body ${n}</p>`,
  };
}

function rows(db: AppDatabase) {
  return db.select().from(outbox).orderBy(outbox.id).all();
}

/** Delivers the due emails through this transport, as the worker's email courier does. */
const deliverEmails = (
  db: AppDatabase,
  transport: MailTransport,
  options?: Parameters<typeof deliverDueMessages>[2],
) => deliverDueMessages(db, { email: emailCourier(transport, from) }, options);

/** A clock the test moves by hand. */
function clock(start = Date.now() + 1000) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

test("a queued email reaches the SMTP server whole and is marked sent only then", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  enqueueEmail(db, email(1));
  expect(rows(db)[0]).toMatchObject({ attempts: 0, sentAt: null });

  const result = await deliverEmails(db, createSmtpTransport(smtp.url));

  expect(result).toEqual({ sent: 1, failed: 0 });
  const [received] = smtp.messages;
  expect(received).toMatchObject({
    from,
    to: ["firm@example.com"],
    replyTo: "visitor1@example.org",
    subject: "Message 1",
  });
  expect(received?.text.trim()).toBe("Text body 1");
  expect(received?.html).toContain("<p>HTML body 1</p>");
  expect(received?.autoSubmitted).toBe("auto-generated");
  const [row] = rows(db);
  expect(row?.attempts).toBe(1);
  expect(row?.sentAt).toBeInstanceOf(Date);
  expect(row?.claimedUntil).toBeNull();

  await deliverEmails(db, createSmtpTransport(smtp.url));
  expect(smtp.messages).toHaveLength(1);
});

describe("retryDelayMs", () => {
  const policy: DeliveryPolicy = {
    ...defaultDeliveryPolicy,
    baseDelayMs: 1000,
    maxDelayMs: 10_000,
  };
  test.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 10_000],
    [20, 10_000],
  ])("after %i failed attempts waits %i ms", (attempts, expected) => {
    expect(retryDelayMs(attempts, policy)).toBe(expected);
  });
});

test("a refused email is retried with exponential backoff, not before it is due", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const time = clock();
  const policy = { ...defaultDeliveryPolicy, baseDelayMs: 60_000 };
  const transport = createSmtpTransport(smtp.url);
  enqueueEmail(db, email(1));

  smtp.refuseMail(true);
  expect(await deliverEmails(db, transport, { now: time.now, policy })).toEqual({
    sent: 0,
    failed: 1,
  });
  let [row] = rows(db);
  expect(row?.attempts).toBe(1);
  expect(row?.lastError).toMatch(/451|Try again later/);
  expect(row?.nextAttemptAt.getTime()).toBe(time.now().getTime() + 60_000);

  time.advance(59_000);
  expect(await deliverEmails(db, transport, { now: time.now, policy })).toEqual({
    sent: 0,
    failed: 0,
  });

  time.advance(1_000);
  await deliverEmails(db, transport, { now: time.now, policy });
  [row] = rows(db);
  expect(row?.attempts).toBe(2);
  expect(row?.nextAttemptAt.getTime()).toBe(time.now().getTime() + 120_000);

  smtp.refuseMail(false);
  time.advance(120_000);
  expect(await deliverEmails(db, transport, { now: time.now, policy })).toEqual({
    sent: 1,
    failed: 0,
  });
  [row] = rows(db);
  expect(row).toMatchObject({ attempts: 3, lastError: null });
  expect(row?.sentAt).toBeInstanceOf(Date);
  expect(smtp.messages).toHaveLength(1);
});

test("a permanent refusal (5yz) fails the email at once with the server's words; a 4yz is retried", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const time = clock();
  const transport = createSmtpTransport(smtp.url);

  enqueueEmail(db, email(1));
  smtp.refuseMail(true, 554);
  expect(await deliverEmails(db, transport, { now: time.now })).toEqual({ sent: 0, failed: 1 });
  const [refused] = rows(db);
  expect(refused).toMatchObject({
    attempts: 1,
    sentAt: null,
    lastError: "The mail server refused the message: 554 5.7.1 Message rejected as spam",
  });
  expect(refused?.failedAt).toBeInstanceOf(Date);

  enqueueEmail(db, email(2));
  smtp.refuseMail(true, 451);
  await deliverEmails(db, transport, { now: time.now });
  const [, busy] = rows(db);
  expect(busy).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
  expect(busy?.lastError).toMatch(/^The mail server asked to try again later: 451 /);

  // Neither is sent later: the failed one waits for a person, the busy one for its retry.
  smtp.refuseMail(false);
  time.advance(defaultDeliveryPolicy.baseDelayMs);
  expect(await deliverEmails(db, transport, { now: time.now })).toEqual({ sent: 1, failed: 0 });
  expect(smtp.messages.map((message) => message.subject)).toEqual(["Message 2"]);
});

test("Send now makes a queued email due at once; Send all skips held emails, which wait for their own", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const time = clock();
  const transport = createSmtpTransport(smtp.url);
  const scope = { channel: "email" } as const;
  const waiting = [1, 2].map((n) => enqueueEmail(db, email(n)));
  const held = enqueueEmail(db, email(3));
  // After an outage each waits out its last backoff, up to an hour.
  db.update(outbox)
    .set({ nextAttemptAt: new Date(time.now().getTime() + 60 * 60_000), attempts: 9 })
    .run();
  db.update(outbox).set({ heldAt: time.now() }).where(eq(outbox.id, held)).run();
  expect(await deliverEmails(db, transport, { now: time.now })).toEqual({ sent: 0, failed: 0 });

  expect(sendQueuedNow(db, scope, waiting[0], time.now())).toBe(1);
  await deliverEmails(db, transport, { now: time.now });
  expect(smtp.messages.map((message) => message.subject)).toEqual(["Message 1"]);
  // A sent email is no longer queued: sending it "now" changes nothing.
  expect(sendQueuedNow(db, scope, waiting[0], time.now())).toBe(0);

  time.advance(2 * 60 * 60_000);
  expect(await deliverEmails(db, transport, { now: time.now })).toEqual({ sent: 1, failed: 0 });
  expect(sendQueuedNow(db, scope, undefined, time.now())).toBe(0);
  expect(smtp.messages.map((message) => message.subject)).toEqual(["Message 1", "Message 2"]);

  expect(sendQueuedNow(db, scope, held, time.now())).toBe(1);
  await deliverEmails(db, transport, { now: time.now });
  expect(smtp.messages.map((message) => message.subject)).toEqual([
    "Message 1",
    "Message 2",
    "Message 3",
  ]);
});

test("a held email is discarded only while held, and stays in the log as failed", async () => {
  const { db } = openScratchDatabase();
  const scope = { channel: "email" } as const;
  const queued = enqueueEmail(db, email(1));
  const held = enqueueEmail(db, email(2));
  db.update(outbox).set({ heldAt: new Date() }).where(eq(outbox.id, held)).run();

  expect(discardHeldMessage(db, queued, scope)).toBe(false);
  expect(discardHeldMessage(db, held, scope)).toBe(true);
  expect(discardHeldMessage(db, held, scope)).toBe(false);
  expect(rows(db)[1]).toMatchObject({
    heldAt: null,
    lastError: "Discarded by staff after a restore",
  });
  expect(rows(db)[1]?.failedAt).toBeInstanceOf(Date);
  expect(rows(db)[0]?.failedAt).toBeNull();
});

test("after the last allowed attempt a row is marked failed and kept", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  smtp.refuseMail(true);
  const time = clock();
  const policy = { ...defaultDeliveryPolicy, baseDelayMs: 1000, maxAttempts: 3 };
  enqueueEmail(db, email(1));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await deliverEmails(db, createSmtpTransport(smtp.url), { now: time.now, policy });
    time.advance(60_000);
  }
  const [row] = rows(db);
  expect(row?.attempts).toBe(3);
  expect(row?.failedAt).toBeInstanceOf(Date);
  expect(row?.sentAt).toBeNull();
});

test("with the SMTP server down, mail stays queued and all of it goes out once it is back, across a restart", async () => {
  const folder = scratchFolder();
  const file = path.join(folder, "app.db");
  const time = clock();
  const policy = { ...defaultDeliveryPolicy, baseDelayMs: 1000 };

  // The mail server is down: take a free port and leave nothing listening on it.
  const probe = await startSmtpSink();
  const port = probe.port;
  await probe.stop();
  const down = createSmtpTransport(`smtp://127.0.0.1:${port}`);

  const first = openDatabase(file);
  for (let n = 1; n <= 5; n += 1) enqueueEmail(first, email(n));
  expect(await deliverEmails(first, down, { now: time.now, policy })).toEqual({
    sent: 0,
    failed: 5,
  });
  expect(rows(first).every((row) => row.sentAt === null && row.attempts === 1)).toBe(true);
  // What staff read in the outbox: plain words, the code after them, never the code alone.
  expect(new Set(rows(first).map((row) => row.lastError))).toEqual(
    new Set(["The server refused the connection (ECONNREFUSED)."]),
  );
  first.$client.close();

  // The server process restarts while mail is still down: nothing is lost or sent.
  const second = openDatabase(file);
  cleanups.push(() => second.$client.close());
  time.advance(1_000);
  await deliverEmails(second, down, { now: time.now, policy });
  expect(rows(second).every((row) => row.sentAt === null && row.attempts === 2)).toBe(true);

  const smtp = await sink(port);
  time.advance(2_000);
  expect(
    await deliverEmails(second, createSmtpTransport(smtp.url), { now: time.now, policy }),
  ).toEqual({
    sent: 5,
    failed: 0,
  });
  expect(smtp.messages.map((message) => message.subject).sort()).toEqual(
    [1, 2, 3, 4, 5].map((n) => `Message ${n}`),
  );
  expect(rows(second).every((row) => row.sentAt !== null)).toBe(true);
});

test("two workers on one database never send the same row twice", async () => {
  const { db, file } = openScratchDatabase();
  const other = openDatabase(file);
  cleanups.push(() => other.$client.close());
  const smtp = await sink();
  const total = 40;
  for (let n = 1; n <= total; n += 1) enqueueEmail(db, email(n));
  const policy = { ...defaultDeliveryPolicy, batchSize: 3 };

  const drain = async (connection: AppDatabase) => {
    const transport = createSmtpTransport(smtp.url);
    let sent = 0;
    for (;;) {
      const result = await deliverEmails(connection, transport, { policy });
      if (result.sent + result.failed === 0) return sent;
      sent += result.sent;
    }
  };
  const [sentByFirst, sentBySecond] = await Promise.all([drain(db), drain(other)]);

  expect(sentByFirst + sentBySecond).toBe(total);
  expect(sentByFirst).toBeGreaterThan(0);
  expect(sentBySecond).toBeGreaterThan(0);
  const ids = smtp.messages.map((message) => message.messageId);
  expect(new Set(ids).size).toBe(total);
  expect(smtp.messages).toHaveLength(total);
});

test("the worker delivers as soon as it is woken and stops cleanly", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const worker = startOutboxWorker({
    db,
    couriers: { email: emailCourier(createSmtpTransport(smtp.url), from) },
    pollIntervalMs: 60_000,
  });
  enqueueEmail(db, email(7));
  worker.wake();
  await smtp.waitForMessages(1, 5_000);
  await worker.stop();
  expect(rows(db)[0]?.sentAt).toBeInstanceOf(Date);
});

test("queueing or retrying wakes the worker once the transaction has committed, with no call to wake", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const worker = startOutboxWorker({
    db,
    couriers: { email: emailCourier(createSmtpTransport(smtp.url), from) },
    // No poll comes during the test: only a wake can deliver.
    pollIntervalMs: 60_000,
  });
  cleanups.push(() => worker.stop());
  db.transaction((tx) => {
    enqueueEmail(tx, email(9));
    // Inside the transaction the row is not there for another connection, and the worker has
    // not looked: it runs on the event loop, which this synchronous transaction holds.
    expect(smtp.messages).toHaveLength(0);
  });
  await smtp.waitForMessages(1, 5_000);

  const [sent] = rows(db);
  db.update(outbox)
    .set({ sentAt: null, failedAt: new Date(), attempts: 12 })
    .where(eq(outbox.id, sent?.id ?? 0))
    .run();
  expect(retryFailedMessage(db, sent?.id ?? 0, { channel: "email" })).toBe(true);
  await smtp.waitForMessages(2, 5_000);
});

test("on a LiteFS replica the worker sends nothing; once the machine is primary it delivers", async () => {
  const { db } = openScratchDatabase();
  const litefsDir = scratchFolder();
  fs.writeFileSync(path.join(litefsDir, ".primary"), "primary-machine\n");
  const smtp = await sink();
  const worker = startOutboxWorker({
    db,
    couriers: { email: emailCourier(createSmtpTransport(smtp.url), from) },
    pollIntervalMs: 50,
    mayDeliver: () => currentPrimary(litefsDir) === null,
  });
  cleanups.push(() => worker.stop());
  enqueueEmail(db, email(8));
  worker.wake();
  // Several polls go by on the replica.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(smtp.messages).toHaveLength(0);
  expect(rows(db)[0]).toMatchObject({ sentAt: null, attempts: 0, claimedUntil: null });

  // LiteFS removes .primary when this machine takes the lease.
  fs.rmSync(path.join(litefsDir, ".primary"));
  await smtp.waitForMessages(1, 5_000);
  await worker.stop();
  expect(rows(db)[0]?.sentAt).toBeInstanceOf(Date);
});

test("without SMTP the embedded default writes each email as an .eml file", async () => {
  const { db } = openScratchDatabase();
  const folder = path.join(scratchFolder(), "outbox");
  enqueueEmail(db, email(3));
  await deliverEmails(db, createFolderTransport(folder));
  const files = fs.readdirSync(folder);
  expect(files).toHaveLength(1);
  const raw = fs.readFileSync(path.join(folder, files[0] ?? ""), "utf8");
  expect(raw).toContain("Subject: Message 3");
  expect(raw).toContain("Reply-To: visitor3@example.org");
  expect(raw).toContain("Text body 3");
  expect(rows(db)[0]?.sentAt).toBeInstanceOf(Date);
});

test("an email's calendar goes as a text/calendar part naming its method and as an .ics file, by SMTP or into the folder", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const invitation = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";
  const cancellation = "BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n";
  enqueueEmail(db, { ...email(1), calendar: { method: "REQUEST", content: invitation } });
  enqueueEmail(db, { ...email(2), calendar: { method: "CANCEL", content: cancellation } });
  enqueueEmail(db, email(3));
  await deliverEmails(db, createSmtpTransport(smtp.url));
  const received = await smtp.waitForMessages(3);
  const partsOf = (subject: string) =>
    received
      .find((message) => message.subject === subject)
      ?.parts.map(({ contentType, params, filename, content }) => ({
        contentType,
        method: params.method,
        filename,
        content,
      }));
  expect(partsOf("Message 1")).toEqual([
    { contentType: "text/calendar", method: "REQUEST", filename: undefined, content: invitation },
    {
      contentType: "application/ics",
      method: undefined,
      filename: "invite.ics",
      content: invitation,
    },
  ]);
  expect(partsOf("Message 2")).toEqual([
    { contentType: "text/calendar", method: "CANCEL", filename: undefined, content: cancellation },
    {
      contentType: "application/ics",
      method: undefined,
      filename: "cancel.ics",
      content: cancellation,
    },
  ]);
  expect(partsOf("Message 3")).toEqual([]);

  const { db: other } = openScratchDatabase();
  const folder = path.join(scratchFolder(), "outbox");
  enqueueEmail(other, { ...email(4), calendar: { method: "REQUEST", content: invitation } });
  await deliverEmails(other, createFolderTransport(folder));
  const written = await simpleParser(
    fs.readFileSync(path.join(folder, fs.readdirSync(folder)[0]!)),
  );
  expect(
    written.attachments.map((part) => [part.contentType, part.filename, part.content.toString()]),
  ).toEqual([
    ["text/calendar", undefined, invitation],
    ["application/ics", "invite.ics", invitation],
  ]);
  expect(written.attachments[0]?.headers.get("content-type")).toMatchObject({
    params: { method: "REQUEST" },
  });
});

test("a burst of 500 leads drains in seconds, each email delivered exactly once, refusals retried", async () => {
  const { db } = openScratchDatabase();
  const smtp = await sink();
  const total = 500;
  for (let n = 1; n <= total; n += 1) enqueueEmail(db, email(n));
  // The server refuses mail for a moment mid-burst: those messages wait for their retry.
  const policy = { ...defaultDeliveryPolicy, baseDelayMs: 500 };
  const started = Date.now();
  const worker = startOutboxWorker({
    db,
    couriers: { email: emailCourier(createSmtpTransport(smtp.url), from) },
    pollIntervalMs: 1_000,
    policy,
  });
  cleanups.push(() => worker.stop());
  await smtp.waitForMessages(100, 10_000);
  smtp.refuseMail(true);
  await new Promise((resolve) => setTimeout(resolve, 500));
  smtp.refuseMail(false);
  await smtp.waitForMessages(total, 20_000);
  const seconds = (Date.now() - started) / 1000;
  console.info(`500 emails in ${seconds.toFixed(1)} s`);

  const ids = smtp.messages.map((message) => message.messageId);
  expect(new Set(ids).size).toBe(total);
  expect(smtp.messages).toHaveLength(total);
  expect(rows(db).every((row) => row.sentAt !== null)).toBe(true);
  expect(rows(db).some((row) => row.attempts > 1)).toBe(true);
  // One at a time, ten per poll, this took over four minutes.
  expect(seconds).toBeLessThan(20);
}, 30_000);

describe("mailings", () => {
  const mailing = {
    subject: "A new post",
    text: "Read it. Unsubscribe: {{unsubscribe_url}}",
    html: '<p>Read it.</p><a href="{{unsubscribe_url}}">Unsubscribe</a>',
  };
  const recipient = (n: number) => ({
    to: `reader${n}@example.org`,
    mergeFields: { unsubscribe_url: `https://site.example/u/${n}?a=1&b=2` },
    headers: { "List-Unsubscribe": `<https://site.example/u/${n}>` },
  });

  test.each([
    ["text", "Hi {{name}}, {{missing}}.", "Hi <Ann & co>, ."],
    ["html", "Hi {{name}}, {{missing}}.", "Hi &lt;Ann &amp; co&gt;, ."],
  ] as const)("fills %s placeholders, escaping what HTML would read", (format, body, filled) => {
    expect(fillPlaceholders(body, { name: "<Ann & co>" }, format)).toBe(filled);
  });

  test("stores the bodies once, sends each recipient their own values and headers, after the leads", async () => {
    const { db } = openScratchDatabase();
    const smtp = await sink();
    const mailingId = db.transaction((tx) => enqueueMailing(tx, mailing, [1, 2, 3].map(recipient)));
    // A lead's email queued after the mailing still goes first.
    enqueueEmail(db, email(1));
    const stored = rows(db);
    expect(
      stored.filter((row) => row.mailingId === mailingId).every((row) => row.htmlBody === null),
    ).toBe(true);

    const transport = createSmtpTransport(smtp.url);
    const oneAtATime = { ...defaultDeliveryPolicy, batchSize: 1 };
    await deliverEmails(db, transport, { policy: oneAtATime });
    expect(smtp.messages.map((message) => message.subject)).toEqual(["Message 1"]);
    expect(mailingProgress(db, [mailingId]).get(mailingId)).toEqual({
      queued: 3,
      sent: 0,
      failed: 0,
    });

    await deliverEmails(db, transport);
    await smtp.waitForMessages(4);
    const second = smtp.messages.find((message) => message.to.includes("reader2@example.org"));
    expect(second?.text).toContain("Unsubscribe: https://site.example/u/2?a=1&b=2");
    expect(second?.html).toContain('href="https://site.example/u/2?a=1&amp;b=2"');
    expect(second?.headerLines["list-unsubscribe"]).toBe("<https://site.example/u/2>");
    expect(mailingProgress(db, [mailingId]).get(mailingId)).toEqual({
      queued: 0,
      sent: 3,
      failed: 0,
    });
    // The admin's copy of a row shows the body its recipient got.
    const shown = findMessage(
      db,
      stored.find((row) => row.recipient === "reader3@example.org")!.id,
      {
        channel: "email",
      },
    );
    expect(shown?.textBody).toBe("Read it. Unsubscribe: https://site.example/u/3?a=1&b=2");
  });

  test("an address that unsubscribes gets none of the bulk emails still queued for it", () => {
    const { db } = openScratchDatabase();
    const mailingId = enqueueMailing(db, mailing, [1, 2].map(recipient));
    enqueueEmail(db, { ...email(1), to: "READER1@example.org" });
    expect(cancelQueuedBulkEmailTo(db, "Reader1@Example.org")).toBe(1);
    expect(mailingProgress(db, [mailingId]).get(mailingId)).toEqual({
      queued: 1,
      sent: 0,
      failed: 1,
    });
    // The lead's email to the same address is not a newsletter, and still goes.
    expect(rows(db).find((row) => row.subject === "Message 1")?.failedAt).toBeNull();
  });
});
