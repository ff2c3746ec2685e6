// Subscribing to Insights as a visitor does, with JavaScript and without: the form under the list
// and under an article, the confirmation email, its link's button, and the unsubscribe link, both
// its page and a mail program's one-click post (RFC 8058), which has no cookie and no Origin.
import crypto from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { firstArticlePath } from "./support/insights";
import { confirmationPathFor, subscriberRow, unsubscribePathFor } from "./support/subscribers";

const newAddress = (label: string, testInfo: TestInfo) =>
  `${label}-${testInfo.project.name}-${crypto.randomBytes(3).toString("hex")}@example.org`;

/** The answer every subscribe post gets, whoever the address is. */
const sentLine = (email: string) => `If ${email} can subscribe, we have sent a link to confirm it.`;

/** Fills in the page's subscribe form and sends it. */
async function subscribeOn(page: Page, email: string, name: string) {
  const form = page.getByRole("region", { name: "Get new articles by email" });
  await form.getByRole("textbox", { name: "Email Address" }).fill(email);
  await form.getByRole("textbox", { name: /^Name/ }).fill(name);
  await form.getByRole("button", { name: "Subscribe" }).click();
}

/** "Check your inbox": in place with JavaScript, on the subscribe route's page without. */
async function expectSent(page: Page, email: string, from: string, javaScriptEnabled: boolean) {
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(sentLine(email))).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(from);
    await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeFocused();
  } else {
    await expect(page).toHaveURL("/insights/subscribe");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  }
}

test("subscribing under the list: the email's link asks, its button confirms, and the unsubscribe link ends it", async ({
  page,
  app,
  mailbox,
  javaScriptEnabled,
}, testInfo) => {
  const email = newAddress("list", testInfo);
  await page.goto("/insights");
  if (javaScriptEnabled) await waitForHydration(page);
  await subscribeOn(page, email, "Ada Lovelace");
  await expectSent(page, email, "/insights", javaScriptEnabled);
  expect(subscriberRow(app, email)).toMatchObject({
    status: "pending",
    source: "insights",
    name: "Ada Lovelace",
  });

  await page.goto(await confirmationPathFor(mailbox, email));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  // Opening the link, as a mail scanner does, confirms nothing.
  expect(subscriberRow(app, email)?.status).toBe("pending");
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  expect(subscriberRow(app, email)?.status).toBe("confirmed");

  await page.goto(unsubscribePathFor(app, email));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from Insights");
  expect(subscriberRow(app, email)?.status).toBe("confirmed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  await expect(page.getByText("You will get no more articles by email from us.")).toBeVisible();
  expect(subscriberRow(app, email)?.status).toBe("unsubscribed");
  await page.getByRole("link", { name: "Subscribe again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribe to Insights");
});

test("subscribing under an article, and a spent link's page", async ({
  page,
  app,
  mailbox,
  javaScriptEnabled,
}, testInfo) => {
  const email = newAddress("article", testInfo);
  const article = await firstArticlePath(app.url);
  await page.goto(article);
  if (javaScriptEnabled) await waitForHydration(page);
  await subscribeOn(page, email, "Grace Hopper");
  await expectSent(page, email, article, javaScriptEnabled);
  expect(subscriberRow(app, email)).toMatchObject({ status: "pending", source: "article" });

  const link = await confirmationPathFor(mailbox, email);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  const spent = await page.goto(link);
  expect(spent?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
  await page.getByRole("link", { name: "Subscribe again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribe to Insights");
});

test("an address that is not one is refused at its field, which takes the focus, and nothing is stored", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  await page.goto("/insights/subscribe");
  if (javaScriptEnabled) await waitForHydration(page);
  await subscribeOn(page, "not-an-address", "");
  const field = page.getByRole("textbox", { name: "Email Address" });
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(field).toHaveValue("not-an-address");
  expect(subscriberRow(app, "not-an-address")).toBeUndefined();
});

test("the links' pages are never stored or indexed, and keep their address to this site", async ({
  request,
  mailbox,
}, testInfo) => {
  const email = newAddress("headers", testInfo);
  const posted = await request.post("/insights/subscribe", { form: { email } });
  expect(posted.status()).toBe(200);
  expect(posted.headers()["cache-control"]).toBe("private, no-store");
  const link = await confirmationPathFor(mailbox, email);
  for (const path of [link, link, `/insights/unsubscribe/1.${"A".repeat(43)}`]) {
    const response = await request.get(path);
    expect(response.headers()).toMatchObject({
      "cache-control": "private, no-store",
      "referrer-policy": "same-origin",
      "x-robots-tag": "noindex",
    });
    expect(response.headers()["x-cache"]).toBeUndefined();
    expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');
  }
  // The plain subscribe page is one copy for everyone.
  await request.get("/insights/subscribe");
  expect((await request.get("/insights/subscribe")).headers()["x-cache"]).toBe("HIT");
});

test("a mail program's one-click unsubscribe, with no cookie, Origin or Referer, unsubscribes; a forged link changes nothing", async ({
  playwright,
  app,
  mailbox,
  baseURL,
}, testInfo) => {
  const email = newAddress("one-click", testInfo);
  // A bare client: none of the browser's headers, not even the fixtures' forwarded address.
  const provider = await playwright.request.newContext({ baseURL });
  await provider.post("/insights/subscribe", { form: { email } });
  const confirmed = await provider.post(await confirmationPathFor(mailbox, email));
  expect(confirmed.status()).toBe(200);
  expect(await confirmed.text()).toContain("You&#x27;re subscribed");
  expect(subscriberRow(app, email)?.status).toBe("confirmed");

  const oneClick = (path: string) =>
    provider.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
  const path = unsubscribePathFor(app, email);
  const forged = path.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
  expect((await oneClick(forged)).status()).toBe(404);
  expect(subscriberRow(app, email)?.status).toBe("confirmed");

  const answer = await oneClick(path);
  expect(answer.status()).toBe(200);
  expect(subscriberRow(app, email)?.status).toBe("unsubscribed");
  await provider.dispose();
});
