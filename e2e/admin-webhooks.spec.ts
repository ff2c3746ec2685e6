// Webhooks in the browser, with and without JavaScript: adding an endpoint (and the addresses it
// refuses), a signed test event, and a contact message reaching a real local receiver.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { signInAsAdmin } from "./support/admin";
import { expect, test as base } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";

type Delivery = { path: string; headers: Record<string, string>; body: string };
type Receiver = { port: number; deliveries: Delivery[] };

const test = base.extend<object, { receiver: Receiver }>({
  receiver: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const deliveries: Delivery[] = [];
      const server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          deliveries.push({
            path: request.url ?? "",
            headers: request.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString("utf8"),
          });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      await use({ port, deliveries });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],
  // The test-host allowlist is refused in production, so this server runs the same build as "test".
  app: [
    async ({ mailbox, receiver }, use) => {
      const server = await startServer({
        env: {
          NODE_ENV: "test",
          SMTP_URL: mailbox.url,
          OUTBOUND_TEST_HOSTS: `127.0.0.1:${receiver.port}`,
          OUTBOUND_PORTS: `80,443,${receiver.port}`,
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

async function openWebhooks(page: Page, app: RunningServer) {
  await signInAsAdmin(page, app);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Webhooks" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");
}

async function addEndpoint(page: Page, url: string, events: string[]) {
  await page.getByRole("textbox", { name: "Endpoint URL" }).fill(url);
  for (const event of events) await page.getByRole("checkbox", { name: event }).check();
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Add endpoint" }).click(),
  ]);
  return answer;
}

const deliveriesTo = (receiver: Receiver, path: string) =>
  receiver.deliveries.filter((delivery) => delivery.path === path);

test("an endpoint is added, gets a signed test event, then each new contact message", async ({
  page,
  app,
  receiver,
}, testInfo) => {
  await openWebhooks(page, app);
  const hookPath = `/hooks/${crypto.randomBytes(4).toString("hex")}`;
  await page.getByRole("textbox", { name: "Description" }).fill(`CRM ${testInfo.project.name}`);
  await addEndpoint(page, `http://127.0.0.1:${receiver.port}${hookPath}`, [
    "Contact message",
    "Assessment submitted",
  ]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook endpoint");
  await expect(page.getByText("Give its signing secret to the receiving system.")).toBeVisible();
  await expect(page.getByText("Contact message, Assessment submitted")).toBeVisible();

  await page.getByText("Show the signing secret").click();
  const secret = (await page.getByText(/^whsec_/).textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  await expect.poll(() => deliveriesTo(receiver, hookPath).length, { timeout: 10_000 }).toBe(1);
  const [test] = deliveriesTo(receiver, hookPath);
  if (!test) throw new Error("no test event");
  expect(new Webhook(secret).verify(test.body, test.headers)).toMatchObject({
    type: "webhook.test",
  });
  // The log shows it went out, with the receiver's answer.
  await page.goto(`${new URL(page.url()).pathname}?state=sent`);
  const log = page.getByRole("table", { name: /Sent deliveries/ });
  await expect(log.getByRole("row")).toHaveCount(2);
  await expect(log.getByRole("row").nth(1)).toContainText("Test event");
  await expect(log.getByRole("row").nth(1)).toContainText("204");
  await expect(log.getByRole("row").nth(1)).toContainText(test.headers["webhook-id"] ?? "?");

  // A visitor's message reaches the receiver, signed with the same secret.
  const email = `webhook.${testInfo.project.name}.${Date.now()}@example.org`;
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Mary Jackson");
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Our approvals stall.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
  await expect.poll(() => deliveriesTo(receiver, hookPath).length, { timeout: 10_000 }).toBe(2);
  const lead = deliveriesTo(receiver, hookPath)[1];
  if (!lead) throw new Error("no lead event");
  expect(new Webhook(secret).verify(lead.body, lead.headers)).toMatchObject({
    type: "contact.message",
    data: { fullName: "Mary Jackson", email, message: "Our approvals stall." },
  });
});

test("the form refuses addresses inside the network, other ports and no events, at their fields", async ({
  page,
  app,
  receiver,
}) => {
  await openWebhooks(page, app);
  const url = page.getByRole("textbox", { name: "Endpoint URL" });

  let answer = await addEndpoint(page, "http://169.254.169.254/latest/meta-data", [
    "Contact message",
  ]);
  expect(answer.status()).toBe(400);
  await expect(url).toHaveAccessibleDescription(
    "This address cannot receive webhooks: The address is, or resolves to, a private or reserved network address.",
  );

  answer = await addEndpoint(page, `http://127.0.0.1:${receiver.port + 1}/hooks`, []);
  expect(answer.status()).toBe(400);
  // Which ports are allowed, and how staff get another allowed.
  const [allowed, asked] = [receiver.port, receiver.port + 1];
  await expect(url).toHaveAccessibleDescription(
    `This address cannot receive webhooks: Addresses on port ${asked} cannot be reached: ` +
      `only ports 80, 443 and ${allowed} are allowed. To allow port ${asked}, whoever runs the ` +
      `server can add it to the OUTBOUND_PORTS setting (for example ` +
      `OUTBOUND_PORTS=80,443,${allowed},${asked}) and restart it.`,
  );

  await url.fill(`http://127.0.0.1:${receiver.port}/hooks`);
  for (const box of await page.getByRole("checkbox").all()) await box.uncheck();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Please choose at least one event.")).toBeVisible();

  await url.fill("ftp://files.example.com/drop");
  await page.getByRole("checkbox", { name: "Contact message" }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(url).toHaveAccessibleDescription(
    "Please enter a full web address starting with https:// or http://.",
  );

  const db = app.openDatabase();
  const stored = db
    .prepare("select count(*) as n from webhook_endpoints where url like ?")
    .get("%169.254%") as { n: number };
  db.close();
  expect(stored.n).toBe(0);
});

test("an endpoint is removed after a confirmation, and its page is gone", async ({
  page,
  app,
  receiver,
}) => {
  await openWebhooks(page, app);
  const hookPath = `/hooks/${crypto.randomBytes(4).toString("hex")}`;
  await addEndpoint(page, `http://127.0.0.1:${receiver.port}${hookPath}`, ["Contact message"]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook endpoint");
  const endpointPath = new URL(page.url()).pathname;

  await page.getByRole("link", { name: "Remove endpoint" }).click();
  const question = page.getByRole("alertdialog", { name: "Remove this endpoint?" });
  await question.getByRole("link", { name: "Keep it" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Remove endpoint" }).click();
  await question.getByRole("button", { name: "Remove it" }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByText("Endpoint removed")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(hookPath) })).toHaveCount(0);
  const gone = await page.request.get(endpointPath);
  expect(gone.status()).toBe(404);
});

test("Send test event comes back to its delivery, which opens on the body sent and the answer", async ({
  page,
  app,
  receiver,
}) => {
  await openWebhooks(page, app);
  const hookPath = `/hooks/${crypto.randomBytes(4).toString("hex")}`;
  await addEndpoint(page, `http://127.0.0.1:${receiver.port}${hookPath}`, ["Contact message"]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook endpoint");

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  await expect(page).toHaveURL(/\?queued=(\d+)#message-\1$/);
  const deliveryId = /queued=(\d+)/.exec(page.url())?.[1];
  // The log opens on every delivery, the new one marked where it is, with its state.
  const log = page.getByRole("table", { name: "All deliveries, newest first" });
  const marked = log.locator(`tr#message-${deliveryId}`);
  await expect(marked).toHaveAttribute("aria-current", "true");
  await expect(marked).toContainText("Test event");
  await expect(marked).toContainText(/Queued|Sent/);
  await expect.poll(() => deliveriesTo(receiver, hookPath).length, { timeout: 10_000 }).toBe(1);
  await page.reload();
  await expect(marked).toContainText("Sent");
  await expect(marked).toContainText("204");

  await marked.getByRole("link", { name: "Test event" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test event delivery");
  await expect(page.getByText("HTTP status 204")).toBeVisible();
  const [sent] = deliveriesTo(receiver, hookPath);
  // The body exactly as the receiver got it, as text.
  await expect(page.getByRole("region", { name: "Body" }).locator("pre")).toHaveText(
    sent?.body ?? "?",
  );
});

test("an endpoint is edited: a new address, description and events, checked as when added", async ({
  page,
  app,
  receiver,
}, testInfo) => {
  await openWebhooks(page, app);
  const tag = crypto.randomBytes(4).toString("hex");
  const [before, after] = [`/hooks/before-${tag}`, `/hooks/after-${tag}`];
  await addEndpoint(page, `http://127.0.0.1:${receiver.port}${before}`, ["Contact message"]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook endpoint");

  await page.getByRole("link", { name: "Edit endpoint" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit webhook endpoint");
  const url = page.getByRole("textbox", { name: "Endpoint URL" });
  await expect(url).toHaveValue(`http://127.0.0.1:${receiver.port}${before}`);
  await expect(page.getByRole("checkbox", { name: "Contact message" })).toBeChecked();

  // A port that is not allowed is refused at the field, and nothing changes.
  await url.fill(`http://127.0.0.1:${receiver.port + 1}${after}`);
  await page.getByRole("button", { name: "Save endpoint" }).click();
  await expect(url).toHaveAccessibleDescription(
    new RegExp(`^This address cannot receive webhooks: Addresses on port ${receiver.port + 1}`),
  );

  await url.fill(`http://127.0.0.1:${receiver.port}${after}`);
  await page.getByRole("textbox", { name: "Description" }).fill(`Edited ${testInfo.project.name}`);
  await page.getByRole("checkbox", { name: "Assessment submitted" }).check();
  await page.getByRole("button", { name: "Save endpoint" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook endpoint");
  await expect(page.getByText("Endpoint saved")).toBeVisible();
  await expect(page.getByText(`http://127.0.0.1:${receiver.port}${after}`)).toBeVisible();
  await expect(page.getByText("Contact message, Assessment submitted")).toBeVisible();
  await expect(page.getByText(`Edited ${testInfo.project.name}`)).toBeVisible();

  // Deliveries go to the new address.
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => deliveriesTo(receiver, after).length, { timeout: 10_000 }).toBe(1);
  expect(deliveriesTo(receiver, before)).toHaveLength(0);
});
