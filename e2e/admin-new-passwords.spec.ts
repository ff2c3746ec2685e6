// Where a new password is chosen (signing up, the link to choose a new one), with and without
// JavaScript: the rule is on the page before the first try, as the field's description, and the
// field has the sign-in field's Show toggle once JavaScript runs.
import type { Locator, Page } from "@playwright/test";
import { NEW_PASSWORD_RULE } from "../app/features/accounts/password-rules";
import { addAccount, passwordResetLink } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

async function expectRuleBeforeTyping(field: Locator) {
  await expect(field).toHaveValue("");
  await expect(field).toHaveAccessibleDescription(NEW_PASSWORD_RULE);
  await expect(field.page().getByText(NEW_PASSWORD_RULE)).toBeVisible();
}

/** With JavaScript, Show and Hide switch what the field shows; without it there is no toggle. */
async function expectShowToggle(page: Page, field: Locator, javaScriptEnabled: boolean) {
  const toggle = page.getByRole("button", { name: /password$/ });
  if (javaScriptEnabled) await waitForHydration(page);
  await field.fill("a passphrase to show");
  if (!javaScriptEnabled) {
    await expect(toggle).toHaveCount(0);
    await expect(field).toHaveAttribute("type", "password");
    return;
  }
  await expect(toggle).toHaveText("Show password");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(field).toHaveAttribute("type", "text");
  await expect(field).toHaveValue("a passphrase to show");
  await expect(toggle).toHaveText("Hide password");
  await toggle.click();
  await expect(field).toHaveAttribute("type", "password");
}

test("signing up states the password rule before the first try, and shows the password on request", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/admin/auth?mode=signup");
  const field = page.getByRole("textbox", { name: "Password", exact: true });
  await expectRuleBeforeTyping(field);
  await expectShowToggle(page, field, javaScriptEnabled);
});

test("choosing a new password states the rule before the first try, and shows the password on request", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const email = await addAccount(app.databasePath);
  await page.goto(passwordResetLink(app, email));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  const field = page.getByRole("textbox", { name: "New password" });
  await expectRuleBeforeTyping(field);
  await expectShowToggle(page, field, javaScriptEnabled);
});

test("the sign-in field states no rule for new passwords: it takes older, shorter ones", async ({
  page,
}) => {
  await page.goto("/admin/auth");
  const field = page.getByRole("textbox", { name: "Password", exact: true });
  await expect(field).toHaveAccessibleDescription("");
  await expect(page.getByText(NEW_PASSWORD_RULE)).toHaveCount(0);
});
