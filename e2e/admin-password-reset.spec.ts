// Password reset in the browser, with and without JavaScript: asking for a link from the sign-in
// page, the link from the email choosing a new password once, signing in with it (the old one
// refused), and an account with two-factor sign-in still asked for its code.
import Database from "better-sqlite3";
import { generate, generateSecret } from "otplib";
import type { Page, Response } from "@playwright/test";
import { addAccount, PASSWORD, signIn, signOut } from "./support/admin";
import { expect, test } from "./support/fixtures";
import type { SmtpSink } from "../tests/support/smtp-sink";
import { COMMON_WITH_CHANGES } from "../tests/support/passwords";

const NEW_PASSWORD = "a new and different passphrase";
const LINK_SENT =
  "If an account uses that address, we've sent it a link to choose a new password. The link works once, for one hour.";

async function askForLink(page: Page, email: string) {
  await page.goto("/admin/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await expect(page.getByText("Check your email")).toBeVisible();
  await expect(page.getByText(LINK_SENT)).toBeVisible();
}

/** The link of the last password email to `email`, once it has arrived. */
async function linkMailedTo(mailbox: SmtpSink, email: string) {
  const mails = () =>
    mailbox.messages.filter(
      (mail) => mail.to.includes(email) && mail.subject.startsWith("Choose a new password"),
    );
  await expect.poll(() => mails().length, { timeout: 10_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(
    mails().at(-1)?.text ?? "",
  )?.[0];
  if (!link) throw new Error("the email carries no link");
  return link;
}

async function chooseNewPassword(page: Page, password: string) {
  await page.getByRole("textbox", { name: "New password" }).fill(password);
  await page.getByRole("button", { name: "Set New Password" }).click();
}

/** Every value of one response header, in order (a header may be sent more than once). */
const headerValues = async (response: Response | null, name: string) =>
  ((await response?.headersArray()) ?? [])
    .filter((header) => header.name.toLowerCase() === name)
    .flatMap((header) => header.value.split(/[,\n]/).map((value) => value.trim()));

test("a link from the email chooses a new password once; the old password no longer signs in", async ({
  page,
  app,
  mailbox,
}) => {
  // Three argon2id hashes and a few sign-ins on a shared machine.
  test.slow();
  const email = await addAccount(app.databasePath);
  await askForLink(page, email);
  const link = await linkMailedTo(mailbox, email);

  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  expect(await headerValues(opened, "cache-control")).toEqual(["no-store"]);
  // The browser follows the last policy it is sent; the page's own comes after the site's.
  expect((await headerValues(opened, "referrer-policy")).at(-1)).toBe("same-origin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");

  const [refused] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    chooseNewPassword(page, "welcome12345"),
  ]);
  expect(refused.status()).toBe(400);
  await expect(page.getByText(COMMON_WITH_CHANGES)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New password" })).toHaveValue("");

  await chooseNewPassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(
    page.getByText(
      "Your password was changed and every session of your account was signed out. Please sign in with your new password.",
    ),
  ).toBeVisible();
  await expect
    .poll(
      () =>
        mailbox.messages.some(
          (mail) =>
            mail.to.includes(email) &&
            mail.subject === "Your Keelstone Operations admin password was changed",
        ),
      { timeout: 10_000 },
    )
    .toBe(true);

  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await signOut(page);

  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
  await expect(
    page.getByText("This link was already used, or a newer one was sent, or its hour is over."),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New password" })).toHaveCount(0);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
});

test("an address without an account gets the same answer and no email", async ({
  page,
  app,
  mailbox,
}, testInfo) => {
  const stranger = `nobody-${testInfo.project.name}@example.org`;
  await askForLink(page, stranger);
  // Mail leaves the outbox in order: once the later request's email is here, the first is not
  // on its way.
  const email = await addAccount(app.databasePath);
  await askForLink(page, email);
  await linkMailedTo(mailbox, email);
  expect(mailbox.messages.filter((mail) => mail.to.includes(stranger))).toEqual([]);

  const unknown = await page.goto("/admin/reset-password?token=not-a-link-we-sent");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
  await expect(
    page.getByText("This link is not one we sent. Check that it was copied whole."),
  ).toBeVisible();
});

test("with two-factor sign-in on, the new password still leads to the code", async ({
  page,
  app,
  mailbox,
}) => {
  test.slow();
  const email = await addAccount(app.databasePath);
  const secret = generateSecret();
  const db = new Database(app.databasePath);
  try {
    db.prepare("update users set totp_secret = ? where email = ?").run(secret, email);
  } finally {
    db.close();
  }
  await askForLink(page, email);
  await page.goto(await linkMailedTo(mailbox, email));
  await chooseNewPassword(page, NEW_PASSWORD);
  await expect(page.getByText("Password changed")).toBeVisible();

  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your code");
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/admin\/auth$/);

  await signIn(page, email, NEW_PASSWORD);
  await page.getByRole("textbox", { name: "Code" }).fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

test("asking too often for one address is refused with 429, Too many attempts and Retry-After", async ({
  page,
}, testInfo) => {
  const email = `often-${testInfo.project.name}-${Date.now()}@example.org`;
  // Five requests an hour per address typed, whether or not an account has it.
  for (let request = 1; request <= 5; request++) await askForLink(page, email);
  await page.goto("/admin/forgot-password");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Send me a link" }).click(),
  ]);
  expect(answer.status()).toBe(429);
  expect(Number(await answer.headerValue("retry-after"))).toBeGreaterThan(0);
  await expect(page.getByText("Too many attempts", { exact: true })).toBeVisible();
});
