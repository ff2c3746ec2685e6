// Privacy requests in the browser, with and without JavaScript: an owner searches for one person's
// address, downloads everything held about it as JSON, and erases it after a question; the page
// then says what went and the person's message is gone from the search.
import crypto from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

test("an owner searches for an address, exports it and erases it after a question", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const email = `Erase.Me-${tag}@Example.org`;
  const db = new Database(app.databasePath);
  try {
    db.prepare(
      "insert into contact_messages (full_name, email, phone, message) values (?, ?, ?, ?)",
    ).run(`Erase Me ${tag}`, email, null, `Please forget me, ${tag}.`);
  } finally {
    db.close();
  }
  await signInAsAdmin(page, app, { owner: true });
  await page.goto("/admin/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy requests");

  // The browser checks the field first; the server's own check answers an address typed in the URL.
  await page.goto("/admin/privacy?email=not-an-address");
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();

  await page.getByLabel("Email address").fill(email.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  const found = page.getByRole("region", { name: /^Held about/ });
  await expect(found.getByRole("heading", { level: 3, name: "Contact messages: 1" })).toBeVisible();
  await expect(found).toContainText(`Please forget me, ${tag}.`);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export as JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  expect(exported.format).toBe("keelstone/privacy-export/1");
  expect(exported.records.contact_messages[0].message).toBe(`Please forget me, ${tag}.`);

  const name = `Erase everything held about ${email.toLowerCase()}`;
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await page.getByRole("button", { name }).click();
    await expect(
      page.getByRole("dialog", { name: "Erase everything held about this address?" }),
    ).toBeVisible();
  } else {
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/[?&]erase=ask/);
    await expect(
      page.getByRole("alertdialog", { name: "Erase everything held about this address?" }),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Erase this person's data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Personal data erased" })).toContainText(
    "contact messages: 1",
  );
  await expect(
    page
      .getByRole("region", { name: /^Held about/ })
      .getByRole("heading", { level: 3, name: "Contact messages: 0" }),
  ).toBeVisible();
});
