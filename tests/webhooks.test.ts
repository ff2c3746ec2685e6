// Webhooks against real local HTTP receivers: signed in the Standard Webhooks format, queued with
// the lead, retried while the receiver is down and delivered once when it returns, never sent to
// an address inside the network.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo, LookupFunction } from "node:net";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, describe, expect, test } from "vitest";
import { outbox, webhookEndpoints } from "~/db/schema";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { submitContactMessage } from "~/features/contact/send.server";
import {
  defaultDeliveryPolicy,
  deliverDueMessages,
  enqueueWebhook,
  type DeliveryPolicy,
} from "~/features/outbox/outbox.server";
import { webhookCourier } from "~/features/outbox/webhook-courier.server";
import {
  addEndpoint,
  queueLeadEvent,
  queueTestEvent,
  removeEndpoint,
  replaceSecret,
  updateEndpoint,
  webhookTargetOf,
} from "~/features/webhooks/endpoints.server";
import { db as appDb } from "~/lib/db.server";
import { openDatabase, type AppDatabase } from "~/lib/db-client.server";
import { action as addEndpointAction } from "~/routes/admin.webhooks._index";
import { sampleAnswers } from "./support/assessment-answers";
import { STAFF, callAction } from "./support/actions";
import { signedIn, staffAccounts } from "./support/staff";

type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
type Receiver = {
  port: number;
  url: string;
  received: Received[];
  connections: number;
  status: number;
  server: http.Server;
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A receiving system on 127.0.0.1, answering `status` to every POST. */
async function startReceiver(port = 0, status = 204): Promise<Receiver> {
  const receiver = { port, received: [], connections: 0, status } as unknown as Receiver;
  receiver.server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      response.writeHead(receiver.status, { Location: "http://127.0.0.1:9/elsewhere" }).end();
    });
  });
  receiver.server.on("connection", () => (receiver.connections += 1));
  await new Promise<void>((resolve, reject) => {
    receiver.server.once("error", reject);
    receiver.server.listen(port, "127.0.0.1", resolve);
  });
  receiver.port = (receiver.server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/leads`;
  cleanups.push(() => stopReceiver(receiver));
  return receiver;
}

async function stopReceiver(receiver: Receiver) {
  receiver.server.closeAllConnections();
  await new Promise((resolve) => receiver.server.close(resolve));
}

/** A port that nothing listens on: a receiver that is down. */
async function freePort() {
  const probe = await startReceiver();
  await stopReceiver(probe);
  cleanups.pop();
  return probe.port;
}

function scratchDatabase(): AppDatabase {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "webhooks-"));
  const db = openDatabase(path.join(folder, "app.db"));
  cleanups.push(() => {
    if (db.$client.open) db.$client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  return db;
}

/** The outbound rules for receivers on these loopback ports, as a test host allows. */
const reaching = (...ports: number[]) => ({
  ports: [80, 443, ...ports],
  testHosts: ports.map((port) => `127.0.0.1:${port}`),
});

function courierFor(db: AppDatabase, ...ports: number[]) {
  return {
    webhook: webhookCourier({
      targetOf: (id) => webhookTargetOf(db, id),
      userAgent: "Test webhooks",
      ...reaching(...ports),
    }),
  };
}

/** A clock the test moves by hand. */
function clock(start = Date.now() + 1000) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function endpointAt(
  db: AppDatabase,
  url: string,
  port: number,
  events = ["contact.message"],
) {
  const saved = await addEndpoint(
    db,
    STAFF,
    { url, events: events as ["contact.message"], description: "CRM" },
    reaching(port),
  );
  if (saved.outcome !== "saved") throw new Error(saved.reason);
  return saved.endpoint;
}

const contactLead = (id: number) => ({
  type: "contact.message" as const,
  at: new Date("2026-11-26T09:30:00Z"),
  data: { id, fullName: "Grace Hopper", email: "grace@example.org", message: "Close takes weeks." },
});

function outboxRows(db: AppDatabase) {
  return db.select().from(outbox).orderBy(outbox.id).all();
}

describe("signing", () => {
  test("a delivery carries the stored body, signed in the Standard Webhooks format", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver();
    const endpoint = await endpointAt(db, receiver.url, receiver.port);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(queueLeadEvent(db, contactLead(1))).toBe(1);

    expect(await deliverDueMessages(db, courierFor(db, receiver.port))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error("nothing received");
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["user-agent"]).toBe("Test webhooks");
    expect(delivery.headers["webhook-id"]).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    const timestamp = Number(delivery.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - delivery.at / 1000)).toBeLessThan(5);
    expect(JSON.parse(delivery.body)).toEqual({
      type: "contact.message",
      timestamp: "2026-11-26T09:30:00.000Z",
      data: contactLead(1).data,
    });

    // The receiver checks it with the reference library and its copy of the secret.
    const headers = delivery.headers as Record<string, string>;
    expect(new Webhook(endpoint.secret).verify(delivery.body, headers)).toEqual(
      JSON.parse(delivery.body),
    );
    // By hand, too: v1, then base64 HMAC-SHA256 of "id.timestamp.body" under the secret's bytes.
    const key = Buffer.from(endpoint.secret.slice("whsec_".length), "base64");
    const { createHmac } = await import("node:crypto");
    const expected = createHmac("sha256", key)
      .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${delivery.body}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);

    const [row] = outboxRows(db);
    expect(row).toMatchObject({ channel: "webhook", attempts: 1, responseStatus: 204 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  test("a wrong signature is detectable: another secret, an altered body, a replayed old one", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver();
    const endpoint = await endpointAt(db, receiver.url, receiver.port);
    queueLeadEvent(db, contactLead(2));
    await deliverDueMessages(db, courierFor(db, receiver.port));
    const [delivery] = receiver.received;
    if (!delivery) throw new Error("nothing received");
    const headers = delivery.headers as Record<string, string>;

    const otherSecret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(() => new Webhook(otherSecret).verify(delivery.body, headers)).toThrow(
      WebhookVerificationError,
    );
    const altered = delivery.body.replace("grace@example.org", "mallory@example.org");
    expect(() => new Webhook(endpoint.secret).verify(altered, headers)).toThrow(
      "No matching signature found",
    );
    const stale = { ...headers, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => new Webhook(endpoint.secret).verify(delivery.body, stale)).toThrow(
      "Message timestamp too old",
    );
  });

  test("after a new secret, deliveries are signed with it and the old one no longer verifies", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver();
    const endpoint = await endpointAt(db, receiver.url, receiver.port);
    expect(replaceSecret(db, STAFF, endpoint.id)).toBe(true);
    const renewed = db.select().from(webhookEndpoints).get();
    expect(renewed?.secret).not.toBe(endpoint.secret);
    queueTestEvent(db, endpoint.id);
    await deliverDueMessages(db, courierFor(db, receiver.port));
    const [delivery] = receiver.received;
    if (!delivery || !renewed) throw new Error("nothing received");
    const headers = delivery.headers as Record<string, string>;
    expect(() => new Webhook(endpoint.secret).verify(delivery.body, headers)).toThrow();
    expect(new Webhook(renewed.secret).verify(delivery.body, headers)).toMatchObject({
      type: "webhook.test",
    });
  });
});

describe("delivery through the outbox", () => {
  const policy: DeliveryPolicy = { ...defaultDeliveryPolicy, baseDelayMs: 1000, maxAttempts: 5 };

  test("retried with backoff while the receiver is down, delivered once when it returns", async () => {
    const db = scratchDatabase();
    const port = await freePort();
    const endpoint = await endpointAt(db, `http://127.0.0.1:${port}/hooks`, port);
    queueLeadEvent(db, contactLead(3));
    const time = clock();
    const couriers = courierFor(db, port);

    expect(await deliverDueMessages(db, couriers, { now: time.now, policy })).toEqual({
      sent: 0,
      failed: 1,
    });
    let [row] = outboxRows(db);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, responseStatus: null });
    // Plain words first, the code for whoever supports the server after them.
    expect(row?.lastError).toBe("The server refused the connection (ECONNREFUSED).");
    expect(row?.nextAttemptAt.getTime()).toBe(time.now().getTime() + 1000);

    // Not due yet: nothing is tried.
    expect(await deliverDueMessages(db, couriers, { now: time.now, policy })).toEqual({
      sent: 0,
      failed: 0,
    });
    time.advance(1000);
    await deliverDueMessages(db, couriers, { now: time.now, policy });
    [row] = outboxRows(db);
    expect(row?.attempts).toBe(2);
    // The wait doubles.
    expect(row?.nextAttemptAt.getTime()).toBe(time.now().getTime() + 2000);

    const receiver = await startReceiver(port, 200);
    time.advance(2000);
    expect(await deliverDueMessages(db, couriers, { now: time.now, policy })).toEqual({
      sent: 1,
      failed: 0,
    });
    time.advance(60 * 60_000);
    expect(await deliverDueMessages(db, couriers, { now: time.now, policy })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(receiver.received).toHaveLength(1);
    [row] = outboxRows(db);
    expect(row).toMatchObject({ attempts: 3, lastError: null, responseStatus: 200 });
    expect(JSON.parse(receiver.received[0]?.body ?? "")).toMatchObject({ data: { id: 3 } });
    expect(endpoint.id).toBe(row?.webhookEndpointId);
  });

  test("an error answer is retried with its status kept; a redirect is an answer, not followed", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver(0, 503);
    await endpointAt(db, receiver.url, receiver.port);
    queueLeadEvent(db, contactLead(4));
    const time = clock();
    const couriers = courierFor(db, receiver.port);
    await deliverDueMessages(db, couriers, { now: time.now, policy });
    expect(outboxRows(db)[0]).toMatchObject({
      attempts: 1,
      responseStatus: 503,
      lastError: "The endpoint answered with status 503.",
    });

    receiver.status = 302;
    time.advance(1000);
    await deliverDueMessages(db, couriers, { now: time.now, policy });
    expect(outboxRows(db)[0]).toMatchObject({ attempts: 2, responseStatus: 302, sentAt: null });

    receiver.status = 202;
    time.advance(2000);
    await deliverDueMessages(db, couriers, { now: time.now, policy });
    expect(outboxRows(db)[0]).toMatchObject({ attempts: 3, responseStatus: 202 });
    expect(receiver.received).toHaveLength(3);
    // The same event each time: one id for the receiver to drop repeats by.
    expect(new Set(receiver.received.map((delivery) => delivery.headers["webhook-id"])).size).toBe(
      1,
    );
  });

  test("after the last attempt the delivery is failed and left for a person", async () => {
    const db = scratchDatabase();
    const port = await freePort();
    await endpointAt(db, `http://127.0.0.1:${port}/`, port);
    queueLeadEvent(db, contactLead(5));
    const time = clock();
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
      await deliverDueMessages(db, courierFor(db, port), { now: time.now, policy });
      time.advance(60 * 60_000);
    }
    expect(outboxRows(db)[0]).toMatchObject({ attempts: 5, sentAt: null });
    expect(outboxRows(db)[0]?.failedAt).toBeInstanceOf(Date);
    expect(await deliverDueMessages(db, courierFor(db, port), { now: time.now, policy })).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  test("one delivery per event and endpoint, even when queued twice or sent by two workers", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "webhooks-two-"));
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const first = openDatabase(path.join(folder, "app.db"));
    const second = openDatabase(path.join(folder, "app.db"));
    cleanups.push(() => {
      first.$client.close();
      second.$client.close();
    });
    const receiver = await startReceiver();
    const endpoint = await endpointAt(first, receiver.url, receiver.port);
    const delivery = {
      endpointId: endpoint.id,
      eventId: "msg_same",
      eventType: "contact.message",
      payload: "{}",
    };
    for (let n = 0; n < 20; n++) enqueueWebhook(first, { ...delivery, eventId: `msg_${n}` });
    enqueueWebhook(first, delivery);
    enqueueWebhook(second, delivery);
    expect(outboxRows(first)).toHaveLength(21);

    const policy = { ...defaultDeliveryPolicy, batchSize: 50 };
    await Promise.all([
      deliverDueMessages(first, courierFor(first, receiver.port), { policy }),
      deliverDueMessages(second, courierFor(second, receiver.port), { policy }),
    ]);
    const ids = receiver.received.map((received) => received.headers["webhook-id"]);
    expect(ids).toHaveLength(21);
    expect(new Set(ids).size).toBe(21);
  });

  test("an email courier alone leaves webhook rows queued, and a webhook courier leaves emails", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver();
    await endpointAt(db, receiver.url, receiver.port);
    queueLeadEvent(db, contactLead(6));
    const emails: string[] = [];
    const result = await deliverDueMessages(db, {
      email: { deliver: async (row) => void emails.push(String(row.id)) },
    });
    expect(result).toEqual({ sent: 0, failed: 0 });
    expect(outboxRows(db)[0]).toMatchObject({ attempts: 0, sentAt: null });
  });

  test("removing an endpoint drops what was queued for it", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver();
    const endpoint = await endpointAt(db, receiver.url, receiver.port);
    queueLeadEvent(db, contactLead(7));
    expect(removeEndpoint(db, STAFF, endpoint.id)).toBe(true);
    expect(outboxRows(db)).toHaveLength(0);
    expect(await deliverDueMessages(db, courierFor(db, receiver.port))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(receiver.connections).toBe(0);
  });
});

describe("refusing to reach inside the network", () => {
  /** A resolver that answers every name with `address`, as a rebinding name server would. */
  const resolvingTo =
    (address: string, family: number): LookupFunction =>
    (_hostname, options, callback) => {
      const all = typeof options === "object" && options.all;
      if (all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };

  test.each([
    ["loopback by address", "http://127.0.0.1:{port}/hooks", "blocked-address"],
    ["IPv6 loopback", "http://[::1]:{port}/hooks", "blocked-address"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data", "blocked-address"],
    ["a private network", "http://10.0.0.7/hooks", "blocked-address"],
    ["the unspecified address", "http://0.0.0.0:{port}/", "blocked-address"],
    ["an IPv4-mapped loopback", "http://[::ffff:127.0.0.1]:{port}/", "blocked-address"],
    ["an IPv4-compatible loopback", "http://[::127.0.0.1]:{port}/", "blocked-address"],
    [
      "IPv4-compatible cloud metadata",
      "http://[::169.254.169.254]/latest/meta-data/",
      "blocked-address",
    ],
    ["NAT64 of the loopback", "http://[64:ff9b::7f00:1]:{port}/", "blocked-address"],
    ["6to4 of the loopback", "http://[2002:7f00:1::1]:{port}/", "blocked-address"],
    ["Teredo", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "blocked-address"],
    ["IPv6 documentation", "http://[3fff::1]/", "blocked-address"],
    ["a site-local address", "http://[fec0::1]/", "blocked-address"],
    ["benchmarking", "http://198.18.0.1/", "blocked-address"],
    ["a port not allowed", "http://example.com:22/", "blocked-port"],
    ["a name that does not resolve", "https://no-such-host.invalid/hooks", "network"],
  ])("%s is refused when the endpoint is added", async (_label, template, reason) => {
    const db = scratchDatabase();
    const victim = await startReceiver();
    const url = template.replace("{port}", String(victim.port));
    // The victim's port is allowed, but it is no test host: only the address rules stand.
    const saved = await addEndpoint(
      db,
      STAFF,
      { url, events: ["contact.message"] },
      { ports: [80, 443, victim.port], testHosts: [] },
    );
    expect(saved.outcome).toBe("refused");
    if (saved.outcome === "refused") {
      expect(saved.reason).toBe(
        {
          "blocked-address":
            "The address is, or resolves to, a private or reserved network address.",
          "blocked-port":
            `Addresses on port 22 cannot be reached: only ports 80, 443 and ${victim.port} are allowed. ` +
            `To allow port 22, whoever runs the server can add it to the OUTBOUND_PORTS setting ` +
            `(for example OUTBOUND_PORTS=80,443,${victim.port},22) and restart it.`,
          network: "The address could not be found (ENOTFOUND).",
        }[reason],
      );
    }
    expect(db.select().from(webhookEndpoints).all()).toHaveLength(0);
    expect(victim.connections).toBe(0);
  });

  test.each([
    ["127.0.0.1", 4],
    ["::7f00:1", 6],
    ["::a9fe:a9fe", 6],
    ["64:ff9b::a9fe:a9fe", 6],
  ])("a name resolving to %s is refused when added", async (address, family) => {
    const db = scratchDatabase();
    const saved = await addEndpoint(
      db,
      STAFF,
      { url: "https://crm.example.com/hooks", events: ["contact.message"] },
      { lookup: resolvingTo(address, family), testHosts: [] },
    );
    expect(saved).toEqual({
      outcome: "refused",
      reason: "The address is, or resolves to, a private or reserved network address.",
    });
    expect(db.select().from(webhookEndpoints).all()).toHaveLength(0);
  });

  test.each([
    ["127.0.0.1", 4],
    ["::7f00:1", 6],
    ["64:ff9b::7f00:1", 6],
  ])(
    "a name that later resolves to %s is refused at delivery, nothing sent",
    async (address, family) => {
      const db = scratchDatabase();
      const victim = await startReceiver();
      // Stored as if it passed when added (the name resolved publicly then), and rebound since.
      const [endpoint] = db
        .insert(webhookEndpoints)
        .values({
          url: `http://crm.example.com:${victim.port}/hooks`,
          events: ["contact.message"],
          secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
        })
        .returning()
        .all();
      queueLeadEvent(db, contactLead(8));
      const couriers = {
        webhook: webhookCourier({
          targetOf: (id) => webhookTargetOf(db, id),
          userAgent: "Test webhooks",
          ports: [80, 443, victim.port],
          testHosts: [],
          lookup: resolvingTo(address, family),
        }),
      };
      expect(await deliverDueMessages(db, couriers)).toEqual({ sent: 0, failed: 1 });
      expect(outboxRows(db)[0]?.lastError).toBe(
        "The address is, or resolves to, a private or reserved network address.",
      );
      expect(victim.connections).toBe(0);
      expect(endpoint?.id).toBeGreaterThan(0);
    },
  );
});

describe("failures in plain words", () => {
  const notFound: LookupFunction = (hostname, _options, callback) =>
    callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }),
      "",
    );

  test("a name that cannot be found is refused when added, and fails a delivery, in plain words", async () => {
    const db = scratchDatabase();
    const checks = { ports: [80, 443], testHosts: [], lookup: notFound };
    expect(
      await addEndpoint(
        db,
        STAFF,
        { url: "https://crm.nowhere.test/hooks", events: ["contact.message"] },
        checks,
      ),
    ).toEqual({ outcome: "refused", reason: "The address could not be found (ENOTFOUND)." });

    // Stored while the name still resolved; gone since.
    db.insert(webhookEndpoints)
      .values({
        url: "https://crm.nowhere.test/hooks",
        events: ["contact.message"],
        secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
      })
      .run();
    queueLeadEvent(db, contactLead(9));
    const couriers = {
      webhook: webhookCourier({
        targetOf: (id) => webhookTargetOf(db, id),
        userAgent: "Test webhooks",
        ...checks,
      }),
    };
    expect(await deliverDueMessages(db, couriers)).toEqual({ sent: 0, failed: 1 });
    expect(outboxRows(db)[0]?.lastError).toBe("The address could not be found (ENOTFOUND).");
  });
});

describe("editing an endpoint", () => {
  test("a new address, description and events apply to what is still queued; the secret stays", async () => {
    const db = scratchDatabase();
    const [before, after] = [await startReceiver(), await startReceiver()];
    const endpoint = await endpointAt(db, before.url, before.port);
    queueLeadEvent(db, contactLead(10));

    const saved = await updateEndpoint(
      db,
      STAFF,
      endpoint.id,
      { url: after.url, description: "New CRM", events: ["assessment.submitted"] },
      reaching(after.port),
    );
    expect(saved).toMatchObject({
      outcome: "saved",
      endpoint: {
        id: endpoint.id,
        url: after.url,
        description: "New CRM",
        events: ["assessment.submitted"],
        secret: endpoint.secret,
      },
    });
    await deliverDueMessages(db, courierFor(db, before.port, after.port));
    expect(before.received).toHaveLength(0);
    expect(after.received).toHaveLength(1);
    // A contact message no longer reaches it: it chose assessments only.
    expect(queueLeadEvent(db, contactLead(11))).toBe(0);
  });

  test("an address the outbound rules refuse leaves the endpoint as it was", async () => {
    const db = scratchDatabase();
    const receiver = await startReceiver();
    const endpoint = await endpointAt(db, receiver.url, receiver.port);
    const edit = (url: string) =>
      updateEndpoint(
        db,
        STAFF,
        endpoint.id,
        { url, events: ["contact.message"] },
        reaching(receiver.port),
      );
    expect(await edit("http://169.254.169.254/latest/meta-data")).toEqual({
      outcome: "refused",
      reason: "The address is, or resolves to, a private or reserved network address.",
    });
    expect(await edit("http://example.com:22/")).toMatchObject({
      outcome: "refused",
      reason: expect.stringMatching(/^Addresses on port 22 cannot be reached: only ports 80, 443/),
    });
    expect(db.select().from(webhookEndpoints).all()).toEqual([endpoint]);
    expect(
      await updateEndpoint(
        db,
        STAFF,
        endpoint.id + 1,
        { url: receiver.url, events: ["contact.message"] },
        reaching(receiver.port),
      ),
    ).toBeUndefined();
  });
});

describe("events queued with the lead", () => {
  function rowsOf(type: string) {
    return appDb
      .select()
      .from(outbox)
      .all()
      .filter((row) => row.eventType === type);
  }

  test("a contact message queues one delivery per endpoint that chose it, with the message", async () => {
    // Loopback receivers added as test hosts: the app's own worker, which has no test hosts,
    // refuses them, so nothing leaves the machine while the rows are read.
    const receiver = await startReceiver();
    const chose = await addEndpoint(
      appDb,
      STAFF,
      { url: `${receiver.url}/contact`, events: ["contact.message"] },
      reaching(receiver.port),
    );
    const both = await addEndpoint(
      appDb,
      STAFF,
      { url: `${receiver.url}/all`, events: ["contact.message", "assessment.submitted"] },
      reaching(receiver.port),
    );
    await addEndpoint(
      appDb,
      STAFF,
      { url: `${receiver.url}/assessments`, events: ["assessment.submitted"] },
      reaching(receiver.port),
    );
    if (chose.outcome !== "saved" || both.outcome !== "saved") throw new Error("not saved");

    const message = await submitContactMessage({
      fullName: "Ada Lovelace",
      email: "ada@example.org",
      message: "Our approvals take a week.",
    });
    const rows = rowsOf("contact.message");
    expect(rows.map((row) => row.webhookEndpointId).sort()).toEqual(
      [chose.endpoint.id, both.endpoint.id].sort(),
    );
    expect(new Set(rows.map((row) => row.eventId)).size).toBe(1);
    expect(rows.every((row) => row.contactMessageId === message.id)).toBe(true);
    expect(JSON.parse(rows[0]?.payload ?? "")).toEqual({
      type: "contact.message",
      timestamp: message.createdAt.toISOString(),
      data: {
        id: message.id,
        fullName: "Ada Lovelace",
        email: "ada@example.org",
        phone: null,
        message: "Our approvals take a week.",
        receivedAt: message.createdAt.toISOString(),
        adminUrl: "http://localhost:3000/admin/leads/messages",
      },
    });

    const visitId = trackVisit(null, 10, NO_ATTRIBUTION);
    const accepted = await submitAssessment({
      contact: {
        company: "Northwind",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.org",
        phone: "",
      },
      answers: sampleAnswers,
      visitId,
    });
    const assessmentRows = rowsOf("assessment.submitted");
    expect(assessmentRows).toHaveLength(2);
    const payload = JSON.parse(assessmentRows[0]?.payload ?? "");
    expect(payload.data).toMatchObject({
      id: accepted.submissionId,
      contact: { company: "Northwind", email: "ada@example.org" },
      efficiencyScore: accepted.score.efficiencyScore,
      level: accepted.score.level.name,
      recommendation: accepted.score.recommendation.title,
    });
    expect(payload.data.answers).toHaveLength(10);
    expect(payload.data.answers[0]).toEqual({
      id: expect.any(String),
      question: expect.any(String),
      answer: expect.any(String),
    });

    // A replayed submit of the same visit stores nothing, so it queues nothing.
    await submitAssessment({
      contact: accepted.contact,
      answers: sampleAnswers,
      visitId,
    });
    expect(rowsOf("assessment.submitted")).toHaveLength(2);
  });
});

describe("the form that adds an endpoint", () => {
  test("a long address gets the field's own answer, never the 413 of a body too large", async () => {
    const staff = await staffAccounts("a long enough passphrase");
    const cookie = await signedIn(staff({ email: "webhooks-admin@example.org" }));
    const post = (url: string) =>
      callAction(
        addEndpointAction,
        new Request("http://localhost/admin/webhooks", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ url, description: "CRM", events: "contact.message" }),
        }),
      );
    const endpointsBefore = appDb.select().from(webhookEndpoints).all().length;
    const fieldErrors = (answer: { body: unknown }) =>
      (answer.body as { result: { error: Record<string, string[]> } }).result.error;

    // 1,500 characters: within the field's 2,000, over the 1 KB every route without a row gets.
    const long = `http://127.0.0.1/hooks?${"a".repeat(1500 - 23)}`;
    expect(long).toHaveLength(1500);
    const inside = await post(long);
    expect(inside.status).toBe(400);
    expect(fieldErrors(inside).url).toEqual([
      "This address cannot receive webhooks: The address is, or resolves to, a private or reserved network address.",
    ]);

    const tooLong = await post(`https://crm.example.com/${"a".repeat(2000)}`);
    expect(tooLong.status).toBe(400);
    expect(fieldErrors(tooLong).url).toEqual(["Please keep the address under 2000 characters."]);
    expect(appDb.select().from(webhookEndpoints).all()).toHaveLength(endpointsBefore);
  });
});
