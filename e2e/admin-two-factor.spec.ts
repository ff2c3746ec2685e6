// Two-factor sign-in in the browser, with and without JavaScript: turning it on from the key the
// Security page shows, then signing in with a code from the app, and with a recovery code, once;
// an owner resetting another admin's, who then signs in with the password alone.
import { generate } from "otplib";
import type { Page } from "@playwright/test";
import { addAccount, signedInAs, signIn, signOut } from "./support/admin";
import { expect, test } from "./support/fixtures";

/** The code an authenticator app shows `seconds` from now. */
const codeIn = (secret: string, seconds: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds });

async function enterCode(page: Page, code: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your code");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("turning on two-factor sign-in, then signing in with a code and with a recovery code, once", async ({
  page,
  app,
}) => {
  const email = await addAccount(app.databasePath);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Security" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is off" })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  // The key as a person would type it into the app: base32, in groups of four.
  const keyText = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  const secret = (keyText ?? "").replaceAll(" ", "");
  expect(secret).toHaveLength(32);

  await page.getByRole("textbox", { name: "Code" }).fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not right", { exact: false })).toBeVisible();
  await page.getByRole("textbox", { name: "Code" }).fill(await codeIn(secret, 0));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  const codes = page.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? "";
  expect(recoveryCode).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  // Shown once: the page opened again lists none.
  await page.goto("/admin/security");
  await expect(page.getByRole("region", { name: "Your recovery codes" })).toHaveCount(0);
  await expect(
    page.getByText("10 of 10 recovery codes are unused.", { exact: false }),
  ).toBeVisible();
  await signOut(page);

  // The password alone opens nothing; the app's code does. The code that turned it on was spent,
  // so the app's next one is typed.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await signIn(page, email);
  await enterCode(page, await codeIn(secret, 30));
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await signOut(page);

  await signIn(page, email);
  await enterCode(page, recoveryCode);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Signed in with a recovery code")).toBeVisible();
  await signOut(page);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    enterCode(page, recoveryCode),
  ]);
  expect(answer.status()).toBe(400);
  await expect(page.getByText("Wrong code")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole("textbox", { name: "Code" })).toHaveValue("");
});

test("when the owner requires two-factor sign-in, an admin without it sets it up first", async ({
  browser,
  page,
  app,
  javaScriptEnabled,
}) => {
  const owner = await addAccount(app.databasePath, { owner: true });
  const admin = await addAccount(app.databasePath);
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.goto("/admin/security");
  await page.getByRole("button", { name: "Require two-factor for every admin" }).click();
  await expect(page.getByText("Two-factor sign-in is required for every admin.")).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  const adminPage = await adminContext.newPage();
  try {
    await signIn(adminPage, admin);
    await expect(adminPage).toHaveURL(/\/admin\/security$/);
    await expect(
      adminPage.getByText(
        "Every admin must use two-factor sign-in. Please turn it on to continue.",
      ),
    ).toBeVisible();
    await adminPage.goto("/admin/blog");
    await expect(adminPage).toHaveURL(/\/admin\/security$/);
  } finally {
    await adminContext.close();
    // The owner, who has no two-factor sign-in either, was sent to set it up too.
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/security$/);
    await page.getByRole("button", { name: "Stop requiring two-factor sign-in" }).click();
    await expect(
      page.getByText("Two-factor sign-in is optional: each admin chooses."),
    ).toBeVisible();
  }
});

test("an owner resets another admin's two-factor sign-in, and that admin signs in with the password alone", async ({
  page,
  app,
}) => {
  const owner = await addAccount(app.databasePath, { owner: true });
  const admin = await addAccount(app.databasePath);
  await signedInAs(page.context(), app, admin);
  await page.goto("/admin/security");
  const keyText = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  await page
    .getByRole("textbox", { name: "Code" })
    .fill(await codeIn((keyText ?? "").replaceAll(" ", ""), 0));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  await page.context().clearCookies();

  await signedInAs(page.context(), app, owner);
  await page.goto("/admin/users");
  // With JavaScript a dialog asks; without, the link opens the page's confirmation step.
  const resetControl = page
    .getByRole("button", { name: `Reset two-factor sign-in of ${admin}` })
    .or(page.getByRole("link", { name: `Reset two-factor sign-in of ${admin}` }));
  await resetControl.click();
  await expect(page.getByRole("heading", { name: "Reset two-factor sign-in?" })).toBeVisible();
  await expect(page.getByText("their passkeys stay", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Reset two-factor", exact: true }).click();
  await expect(page.getByText("Two-factor sign-in reset")).toBeVisible();
  await expect(
    page.getByText(`${admin} signs in with their password alone`, { exact: false }),
  ).toBeVisible();
  await expect(resetControl).toHaveCount(0);
  await page.context().clearCookies();

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/admin/security");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is off" })).toBeVisible();
});
