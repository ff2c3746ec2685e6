// The audit log as an owner reads it: what they just did is there, newest first, with who, when
// and from where; the filters narrow it; its CSV holds what is on screen and is recorded in turn.
// Another admin gets 403. With JavaScript and without.
import { addAccount, signedInAs, signIn, signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { downloadCsv } from "./support/downloads";

test("an owner sees what they did in the audit log, filters it and downloads it", async ({
  page,
  app,
}) => {
  const owner = await addAccount(app.databasePath, { owner: true });
  await signIn(page, owner);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");

  // Something recorded: the contact messages downloaded.
  await page.goto("/admin/leads/messages");
  await downloadCsv(page, "Download contact messages as CSV");

  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
  await page.getByRole("combobox", { name: "Person" }).selectOption({ label: owner });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]user=\d+/);
  const rows = page.getByRole("row").filter({ hasText: owner });
  // Newest first: the export, then the sign-in before it.
  await expect(rows.nth(0)).toContainText("CSV exported");
  await expect(rows.nth(0)).toContainText("export:messages");
  await expect(rows.nth(1)).toContainText("Signed in");
  await expect(rows.nth(1)).toContainText("method: password");

  await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Signed in" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=session\.sign_in(&|$)/);
  await expect(page.getByRole("row").filter({ hasText: "CSV exported" })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(1);

  const csv = await downloadCsv(page, "Download these entries as CSV");
  expect(csv.map((row) => row["Action code"])).toEqual(["session.sign_in"]);
  expect(csv[0]?.["Staff member"]).toBe(owner);

  // The download is in the log too.
  await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "CSV exported" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row").filter({ hasText: "export:audit" })).toHaveCount(1);

  // Clear shows the whole log, and the action picked is no longer shown as chosen.
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("combobox", { name: "Action" })).toHaveValue("");
});

test("an admin who is not an owner has no audit log: no link, and 403", async ({ page, app }) => {
  await signInAsAdmin(page, app);
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }),
  ).toHaveCount(0);
  const answer = await page.goto("/admin/audit");
  expect(answer?.status()).toBe(403);
  const csv = await page.request.get("/admin/audit/export");
  expect(csv.status()).toBe(403);
});

test("a visitor who is not signed in is sent to sign in", async ({ page, app }) => {
  const owner = await addAccount(app.databasePath, { owner: true });
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/admin\/auth$/);
  // Signed in, the same address opens.
  await signedInAs(page.context(), app, owner);
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
});
