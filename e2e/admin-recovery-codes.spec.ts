// The recovery codes, shown once when two-factor sign-in is turned on: downloaded as a text file
// (a link, with and without JavaScript, under the site's Content-Security-Policy) and, with
// JavaScript, copied with a visible "Copied".
import fs from "node:fs";
import { signInAsAdmin, turnOnTwoFactor } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

test("the recovery codes download as a text file", async ({ page, app, javaScriptEnabled }) => {
  await signInAsAdmin(page, app);
  const codes = await turnOnTwoFactor(page);
  if (javaScriptEnabled) await waitForHydration(page);
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Not allowed to navigate/i.test(message.text())) {
      blocked.push(message.text());
    }
  });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download as a text file" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("recovery-codes.txt");
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text.trim().split("\n").slice(-10)).toEqual(codes);
  expect(text).toContain("Each one signs you in once, without your authenticator app.");
  expect(blocked).toEqual([]);
  // The page stays where it was, the codes still on it.
  await expect(page.getByRole("region", { name: "Your recovery codes" })).toBeVisible();
});

test("with JavaScript the recovery codes are copied, and the page says Copied", async ({
  page,
  app,
  context,
  javaScriptEnabled,
}) => {
  await signInAsAdmin(page, app);
  const codes = await turnOnTwoFactor(page);
  const copy = page.getByRole("button", { name: "Copy the codes" });
  if (!javaScriptEnabled) {
    // Nothing to press that would do nothing: the download above works without a script.
    await expect(copy).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await waitForHydration(page);
  await expect(page.getByText("Copied", { exact: true })).toHaveCount(0);
  await copy.click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trim().split("\n").slice(-10)).toEqual(codes);
});
