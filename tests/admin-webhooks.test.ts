// A webhook endpoint's pages as staff use them, against real receivers on 127.0.0.1: a test event
// comes back marked in the log with where it stands, each delivery opens on the body it carried and
// the answer it got, failures read in plain words, and an endpoint is edited under the same checks
// as when it was added.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { webhookEndpoints } from "~/db/schema";
import { insertUser } from "~/features/accounts/user-queries.server";
import { deliverDueMessages } from "~/features/outbox/outbox.server";
import { webhookCourier } from "~/features/outbox/webhook-courier.server";
import { addEndpoint, webhookTargetOf } from "~/features/webhooks/endpoints.server";
import { db } from "~/lib/db.server";
import { eq } from "drizzle-orm";
import {
  action as endpointAction,
  loader as endpointLoader,
} from "~/routes/admin.webhooks.$id._index";
import { loader as deliveryLoader } from "~/routes/admin.webhooks.$id.deliveries.$deliveryId";
import { action as editAction, loader as editLoader } from "~/routes/admin.webhooks.$id.edit";
import { STAFF, routeArgs } from "./support/actions";
import { signedIn, toastOf } from "./support/staff";

type Received = { body: string };
const received: Received[] = [];
let receiver: http.Server;
let port = 0;
let closedPort = 0;
let cookie = "";

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
  // A port nothing listens on: a receiver that is down.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  const admin = insertUser(db, {
    email: "webhooks-admin@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
  });
  cookie = await signedIn(admin);
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const reaching = (...ports: number[]) => ({
  ports: [80, 443, ...ports],
  testHosts: ports.map((each) => `127.0.0.1:${each}`),
});

/** The app's outbox worker, as it runs, with these loopback ports allowed. */
const deliver = () =>
  deliverDueMessages(db, {
    webhook: webhookCourier({
      targetOf: (id) => webhookTargetOf(db, id),
      userAgent: "Test webhooks",
      ...reaching(port, closedPort),
    }),
  });

async function endpointAt(url: string, checkedPort: number) {
  const saved = await addEndpoint(
    db,
    STAFF,
    { url, description: "CRM", events: ["contact.message"] },
    reaching(checkedPort),
  );
  if (saved.outcome !== "saved") throw new Error(saved.reason);
  return saved.endpoint;
}

function request(path: string, form?: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) {
    for (const each of [value].flat()) body.append(name, each);
  }
  return new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: cookie,
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? body : undefined,
  });
}

/** What a loader or action answered: a redirect's status and target, data, or a thrown status. */
async function answer(
  // Each route types its own params; these are checked by the route at run time.
  handler: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  form?: Record<string, string | string[]>,
) {
  try {
    const result = await handler(routeArgs(request(path, form), { params }) as never);
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("Location"),
        toast: (await toastOf(result.headers))?.title,
      };
    }
    const wrapped = result as { data: Record<string, unknown>; init?: { status?: number } | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status };
  }
}

type LogPage = {
  queued?: number;
  view: { state: string };
  rows: { id: number; sentAt: Date | null; responseStatus: number | null }[];
};

describe("Send test event", () => {
  test("comes back to the endpoint with its delivery marked, then shows it sent with the answer", async () => {
    const endpoint = await endpointAt(`http://127.0.0.1:${port}/hooks/test`, port);
    const params = { id: String(endpoint.id) };
    const sent = await answer(endpointAction, `/admin/webhooks/${endpoint.id}`, params, {
      intent: "test",
      id: String(endpoint.id),
    });
    expect(sent).toMatchObject({ status: 303, toast: "Test event queued" });
    const match = /^\/admin\/webhooks\/(\d+)\?queued=(\d+)#message-(\d+)$/.exec(
      sent.location ?? "",
    );
    expect(match?.[1]).toBe(String(endpoint.id));
    const deliveryId = Number(match?.[2]);
    expect(match?.[3]).toBe(String(deliveryId));

    const queued = (await answer(endpointLoader, sent.location ?? "", params)).data as LogPage;
    expect(queued.queued).toBe(deliveryId);
    expect(queued.view.state).toBe("all");
    expect(queued.rows[0]).toMatchObject({ id: deliveryId, sentAt: null });

    await deliver();
    const after = (await answer(endpointLoader, sent.location ?? "", params)).data as LogPage;
    expect(after.rows[0]).toMatchObject({ id: deliveryId, responseStatus: 202 });
    expect(after.rows[0]?.sentAt).toBeInstanceOf(Date);

    // Its page shows the body exactly as the receiver got it, and the answer.
    const page = await answer(
      deliveryLoader,
      `/admin/webhooks/${endpoint.id}/deliveries/${deliveryId}`,
      { id: String(endpoint.id), deliveryId: String(deliveryId) },
    );
    expect(page.status).toBe(200);
    const { delivery, payload } = page.data as {
      delivery: { eventType: string; responseStatus: number };
      payload: string;
    };
    expect(delivery).toMatchObject({ eventType: "webhook.test", responseStatus: 202 });
    expect(received.map((each) => each.body)).toContain(payload);
    expect(JSON.parse(payload)).toMatchObject({ type: "webhook.test" });

    // Another endpoint's number, or none, is no delivery of this one.
    const other = await endpointAt(`http://127.0.0.1:${port}/hooks/other`, port);
    for (const [id, delivered] of [
      [String(other.id), String(deliveryId)],
      [String(endpoint.id), "999999"],
      [String(endpoint.id), "x"],
    ]) {
      expect(
        await answer(deliveryLoader, `/admin/webhooks/${id}/deliveries/${delivered}`, {
          id: id ?? "",
          deliveryId: delivered ?? "",
        }),
      ).toEqual({ status: 404 });
    }
  });

  test("a receiver that is down shows on the delivery in plain words", async () => {
    const endpoint = await endpointAt(`http://127.0.0.1:${closedPort}/hooks`, closedPort);
    const params = { id: String(endpoint.id) };
    const sent = await answer(endpointAction, `/admin/webhooks/${endpoint.id}`, params, {
      intent: "test",
      id: String(endpoint.id),
    });
    const deliveryId = /queued=(\d+)/.exec(sent.location ?? "")?.[1] ?? "";
    await deliver();
    const page = await answer(
      deliveryLoader,
      `/admin/webhooks/${endpoint.id}/deliveries/${deliveryId}`,
      { id: String(endpoint.id), deliveryId },
    );
    expect(page.data).toMatchObject({
      delivery: {
        lastError: "The server refused the connection (ECONNREFUSED).",
        responseStatus: null,
      },
    });
  });
});

describe("editing an endpoint", () => {
  test("the form opens with the endpoint as it is and saves a new address, description and events", async () => {
    const endpoint = await endpointAt(`http://127.0.0.1:${port}/hooks/edit`, port);
    const params = { id: String(endpoint.id) };
    const path = `/admin/webhooks/${endpoint.id}/edit`;
    expect((await answer(editLoader, path, params)).data).toEqual({
      endpoint: {
        id: endpoint.id,
        url: endpoint.url,
        description: "CRM",
        events: ["contact.message"],
      },
    });

    const saved = await answer(editAction, path, params, {
      url: "https://93.184.215.14/hooks/leads",
      description: "The new CRM",
      events: ["contact.message", "assessment.submitted"],
    });
    expect(saved).toMatchObject({
      status: 303,
      location: `/admin/webhooks/${endpoint.id}`,
      toast: "Endpoint saved",
    });
    expect(
      db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).get(),
    ).toEqual({
      ...endpoint,
      url: "https://93.184.215.14/hooks/leads",
      description: "The new CRM",
      events: ["contact.message", "assessment.submitted"],
    });
  });

  test("an address the outbound rules refuse is said at its field, with how to allow the port", async () => {
    const endpoint = await endpointAt(`http://127.0.0.1:${port}/hooks/kept`, port);
    const params = { id: String(endpoint.id) };
    const path = `/admin/webhooks/${endpoint.id}/edit`;
    const refused = await answer(editAction, path, params, {
      url: "http://93.184.215.14:8443/hooks",
      events: ["contact.message"],
    });
    expect(refused.status).toBe(400);
    expect(
      (refused.data as { result: { error: Record<string, string[]> } }).result.error.url,
    ).toEqual([
      "This address cannot receive webhooks: Addresses on port 8443 cannot be reached: only ports 80 and 443 are allowed. To allow port 8443, whoever runs the server can add it to the OUTBOUND_PORTS setting (for example OUTBOUND_PORTS=80,443,8443) and restart it.",
    ]);
    const empty = await answer(editAction, path, params, { url: "", events: [] });
    expect(empty.status).toBe(400);
    expect(
      db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)).get(),
    ).toEqual(endpoint);

    expect(await answer(editLoader, "/admin/webhooks/999999/edit", { id: "999999" })).toEqual({
      status: 404,
    });
  });
});
