// The pages around signing in, and the Security page, on a phone 390 px wide, with and without
// JavaScript: nothing scrolls sideways, and each page's primary action lies inside the window.
import type { Locator, Page } from "@playwright/test";
import { addAccount, passwordResetLink, signedInAs, turnOnTwoFactor } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

const PHONE = { width: 390, height: 844 };

/** Whole inside the window's width, and the page not wider than the window. */
async function expectInsideTheWindow(page: Page, action: Locator) {
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  expect(box, "the action is drawn").not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "sideways scrolling").toBeLessThanOrEqual(0);
}

test.use({ viewport: PHONE });

test("signing in, signing up and asking for a new password fit a phone", async ({
  page,
  javaScriptEnabled,
}) => {
  for (const [path, action] of [
    ["/admin/auth", "Sign In"],
    ["/admin/auth?mode=signup", "Sign Up"],
    ["/admin/forgot-password", "Send me a link"],
  ] as const) {
    await page.goto(path);
    if (javaScriptEnabled) await waitForHydration(page);
    await expectInsideTheWindow(page, page.getByRole("button", { name: action, exact: true }));
  }
});

test("choosing a new password fits a phone", async ({ page, app, javaScriptEnabled }) => {
  const email = await addAccount(app.databasePath);
  await page.goto(passwordResetLink(app, email));
  if (javaScriptEnabled) await waitForHydration(page);
  await expectInsideTheWindow(page, page.getByRole("button", { name: "Set New Password" }));
});

test("the Security page fits a phone, its recovery codes too", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const email = await addAccount(app.databasePath);
  await signedInAs(page.context(), app, email);
  await page.goto("/admin/security");
  if (javaScriptEnabled) await waitForHydration(page);
  const turnOn = page.getByRole("button", { name: "Turn on two-factor sign-in" });
  await expectInsideTheWindow(page, turnOn);

  await page.getByRole("textbox", { name: "Code" }).fill("000000");
  await turnOn.click();
  await expect(page.getByText("That code is not right", { exact: false })).toBeVisible();
  await expectInsideTheWindow(page, turnOn);

  await turnOnTwoFactor(page);
  if (javaScriptEnabled) await waitForHydration(page);
  await expectInsideTheWindow(page, page.getByRole("link", { name: "Download as a text file" }));
  if (javaScriptEnabled) {
    await expectInsideTheWindow(page, page.getByRole("button", { name: "Copy the codes" }));
  }
});
