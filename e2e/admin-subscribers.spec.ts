// The staff's Subscribers screen in the browser, with and without JavaScript: the counts, a search,
// an import refused without the consent tick and then done with it (its rows invited, reported
// and counted), a subscriber removed after a question, and every subscriber downloaded as CSV.
import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./support/admin";
import { expect, testOnOwnServer } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

// A server of its own: the counts must move only with what this spec does.
const test = testOnOwnServer();

/** The figure under one of the counts ("Confirmed", "Waiting", "Unsubscribed"). */
async function count(page: Page, label: string) {
  const figure = page
    .getByRole("main")
    .locator("dl")
    .first()
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");
  return Number(await figure.textContent());
}

test("staff see the counts, search, import with the consent tick, remove one and download the CSV", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const db = new Database(app.databasePath);
  try {
    db.prepare(
      `insert into subscribers (email, email_key, name, status, source, confirmed_at)
       values (?, ?, ?, 'confirmed', 'insights', ?)`,
    ).run(`kept-${tag}@example.org`, `kept-${tag}@example.org`, `Kept ${tag}`, Date.now());
  } finally {
    db.close();
  }
  await signInAsAdmin(page, app);
  await page.goto("/admin/subscribers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribers");
  const waitingBefore = await count(page, "Waiting");
  expect(await count(page, "Confirmed")).toBeGreaterThanOrEqual(1);

  await page.getByRole("searchbox", { name: "Email or name contains" }).fill(`Kept ${tag}`);
  await page.getByRole("button", { name: "Find subscribers" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=Kept\\+${tag}$`));
  const list = page.getByRole("table", { name: "Subscribers, newest first" });
  await expect(list.getByRole("row")).toHaveCount(2);
  await expect(list).toContainText(`kept-${tag}@example.org`);

  // Without the tick nothing is imported, and the tick says why.
  if (javaScriptEnabled) await waitForHydration(page);
  const csv = [
    "email,name",
    `new-${tag}@example.org,New ${tag}`,
    `other-${tag}@example.org,`,
    `kept-${tag}@example.org,Kept`,
    "not-an-address,Nobody",
  ].join("\n");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import subscribers" }).click();
  await expect(
    page.getByText("Please confirm that these people agreed to receive Insights by email"),
  ).toBeVisible();

  if (!javaScriptEnabled) {
    // The server's page comes back without the file: it is chosen again.
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  }
  await page.getByLabel("These people agreed to receive Insights by email").check();
  await page.getByRole("button", { name: "Import subscribers" }).click();
  const report = page.getByRole("region", { name: /^Import done/ });
  await expect(report.getByRole("heading", { level: 3 })).toHaveText(
    "Import done: 2 addresses invited",
  );
  await expect(report).toContainText("Already subscribed1");
  await expect(report).toContainText("Line 5: Please enter a valid email address.");
  await expect.poll(() => count(page, "Waiting")).toBe(waitingBefore + 2);

  await page.goto(`/admin/subscribers?q=${tag}&status=pending`);
  const waiting = page.getByRole("table", { name: "Subscribers, newest first" });
  await expect(waiting.getByRole("row")).toHaveCount(3);
  await expect(waiting).toContainText("Staff import");

  // Remove asks first: a dialog with JavaScript, a step of the page without.
  const name = `Remove new-${tag}@example.org`;
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await page.getByRole("button", { name }).click();
    await expect(page.getByRole("dialog", { name: "Remove this subscriber?" })).toBeVisible();
  } else {
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/[?&]remove=\d+/);
    await expect(page.getByRole("alertdialog", { name: "Remove this subscriber?" })).toBeVisible();
  }
  await expect(page.getByText("If they sign up again, they start over")).toBeVisible();
  await page.getByRole("button", { name: "Remove subscriber" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Subscriber removed" })).toContainText(
    `new-${tag}@example.org is off the list`,
  );
  await expect(page).toHaveURL(new RegExp(`/admin/subscribers\\?q=${tag}&status=pending$`));
  await expect(
    page.getByRole("table", { name: "Subscribers, newest first" }).getByRole("row"),
  ).toHaveCount(2);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all subscribers as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text).toContain("ID,Email,Name,Status,Source,");
  expect(text).toContain(`other-${tag}@example.org,,pending,import,`);
  expect(text).toContain(`kept-${tag}@example.org,Kept ${tag},confirmed,insights,`);
  expect(text).not.toContain(`new-${tag}@example.org`);
});

test("a search keeps the status and order chosen, and Clear drops the words but keeps the status", async ({
  page,
  app,
}) => {
  const word = `nobody-${crypto.randomBytes(4).toString("hex")}`;
  await signInAsAdmin(page, app);
  await page.goto("/admin/subscribers?status=confirmed&sort=oldest");
  const finder = page.getByRole("search", { name: "Find subscribers" });
  await finder.getByRole("searchbox", { name: "Email or name contains" }).fill(word);
  await finder.getByRole("button", { name: "Find subscribers" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sort=oldest&status=confirmed&q=${word}$`));
  await expect(page.getByText("No subscribers match these filters.")).toBeVisible();

  await finder.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers\?status=confirmed$/);
  await expect(finder.getByRole("searchbox", { name: "Email or name contains" })).toHaveValue("");
  await expect(finder.getByRole("link", { name: "Clear" })).toHaveCount(0);
});
