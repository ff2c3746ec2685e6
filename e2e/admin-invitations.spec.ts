// People are told (issue 37), in the browser with and without JavaScript, with the emails read
// from the SMTP server the site sends to: a sign-up that waits sees words that fit and its owners
// are mailed the link to approve it; the approval names the account and mails it the sign-in link;
// an owner invites a colleague, whose link sets the password and signs in once, and a revoked
// invitation's link no longer works.
import { NEW_PASSWORD_RULE } from "../app/features/accounts/password-rules";
import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { addAccount, PASSWORD, signedInAs, signIn } from "./support/admin";
import { expect, test } from "./support/fixtures";
import type { SmtpSink } from "../tests/support/smtp-sink";

const COLLEAGUE_PASSWORD = "a colleague's own passphrase";

const freshAddress = (kind: string, project: string) =>
  `${kind}-${project}-${crypto.randomUUID().slice(0, 8)}@example.org`;

/** The first link to `path` in the last email to `address` whose subject matches. */
async function linkMailedTo(mailbox: SmtpSink, address: string, subject: RegExp, path: string) {
  const mails = () =>
    mailbox.messages.filter((mail) => mail.to.includes(address) && subject.test(mail.subject));
  await expect.poll(() => mails().length, { timeout: 10_000 }).toBeGreaterThan(0);
  const link = new RegExp(`https?://\\S+${path.replace("?", "\\?")}\\S*`).exec(
    mails().at(-1)?.text ?? "",
  )?.[0];
  if (!link) throw new Error(`the email to ${address} carries no link to ${path}`);
  return link;
}

/** The button (with JavaScript) or link (without) that asks before revoking. */
const askFirst = (page: Page, name: string): Locator =>
  page.getByRole("button", { name }).or(page.getByRole("link", { name }));

test("a sign-up that waits is told what happens next; its owner is mailed, approves it, and it is mailed back", async ({
  page,
  browser,
  app,
  mailbox,
  javaScriptEnabled,
}, testInfo) => {
  // Sign-up, confirmation and sign-in hash passwords on a shared machine.
  test.slow();
  const owner = await addAccount(app.databasePath, { owner: true });
  const email = freshAddress("waits", testInfo.project.name);
  await page.goto("/admin/auth?mode=signup");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();
  await page.goto(await linkMailedTo(mailbox, email, /^Confirm your/, "/admin/confirm"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm Email" }).click();
  await expect(page.getByText("Your email is confirmed. You can sign in now.")).toBeVisible();

  // Signed in, the newcomer is told they wait, and what comes next; not welcomed back.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/waiting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waiting for approval");
  await expect(page.getByRole("main")).toContainText(
    "Thanks for confirming your email. Before you can manage the blog, an owner of the site has to approve your account; we have emailed them to ask.",
  );
  await expect(page.getByRole("main")).toContainText(
    "Once an owner approves it, we will email you a link to sign in.",
  );
  await expect(page.getByText("Welcome back!")).toHaveCount(0);
  await expect(page.getByText("An owner still has to approve your account.")).toBeVisible();

  // The owner's email leads to Users, where Approve names the account.
  const usersLink = await linkMailedTo(mailbox, owner, new RegExp(email), "/admin/users");
  const ownerContext = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  try {
    await signedInAs(ownerContext, app, owner);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(usersLink);
    await expect(ownerPage.getByRole("heading", { level: 1 })).toHaveText("Users");
    await ownerPage.getByRole("button", { name: `Approve ${email}` }).click();
    await expect(ownerPage.getByText("Account approved")).toBeVisible();
    await expect(
      ownerPage.getByText(
        `${email} can now manage the blog; we've emailed them the link to sign in.`,
      ),
    ).toBeVisible();
  } finally {
    await ownerContext.close();
  }

  // The colleague's email signs them in.
  await page.goto(await linkMailedTo(mailbox, email, /approved/, "/admin/auth"));
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
});

test("an owner invites a colleague, whose link sets the password and signs in, once", async ({
  page,
  browser,
  app,
  mailbox,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const owner = await addAccount(app.databasePath, { owner: true });
  const existing = await addAccount(app.databasePath);
  const colleague = freshAddress("invited", testInfo.project.name);
  await signedInAs(page.context(), app, owner);
  await page.goto("/admin/users");

  // An address with an account is refused at the field.
  await page.getByRole("textbox", { name: "Colleague's email" }).fill(existing);
  const [refused] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Send invitation" }).click(),
  ]);
  expect(refused.status()).toBe(409);
  await expect(page.getByText("That address already has an account")).toBeVisible();

  await page.getByRole("textbox", { name: "Colleague's email" }).fill(colleague);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Invitations not yet accepted" }).getByText(colleague),
  ).toBeVisible();
  const link = await linkMailedTo(mailbox, colleague, /invited/, "/admin/invitation?token=");

  // The colleague, in a browser of their own, chooses a password and is in: no approval.
  const colleagueContext = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  try {
    const colleaguePage = await colleagueContext.newPage();
    await colleaguePage.goto(link);
    await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText(
      "Accept your invitation",
    );
    await expect(colleaguePage.getByText(`Choose the password for ${colleague}`)).toBeVisible();
    // The same field as every new password's: the rule as its description, and Show with a script.
    const newPassword = colleaguePage.getByRole("textbox", { name: "New password" });
    await expect(newPassword).toHaveAccessibleDescription(NEW_PASSWORD_RULE);
    await expect(colleaguePage.getByRole("button", { name: "Show password" })).toHaveCount(
      javaScriptEnabled ? 1 : 0,
    );
    await newPassword.fill(COLLEAGUE_PASSWORD);
    await colleaguePage.getByRole("button", { name: "Set Password and Sign In" }).click();
    await expect(colleaguePage).toHaveURL(/\/admin\/blog$/);
    await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText(
      "Blog Administration",
    );
    await expect(colleaguePage.getByText("Welcome!", { exact: true })).toBeVisible();

    // Once: the link now says it was used.
    const again = await colleaguePage.goto(link);
    expect(again?.status()).toBe(410);
    await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText(
      "This invitation was already accepted",
    );
  } finally {
    await colleagueContext.close();
  }

  // Accepted, the invitation leaves the list and the colleague is an admin.
  await page.goto("/admin/users");
  await expect(page.getByRole("row").filter({ hasText: colleague })).toContainText("Admin");
  await expect(
    page.getByRole("list", { name: "Invitations not yet accepted" }).getByText(colleague),
  ).toHaveCount(0);
});

test("revoking an invitation asks first, and its link then no longer works", async ({
  page,
  app,
  mailbox,
}, testInfo) => {
  const owner = await addAccount(app.databasePath, { owner: true });
  const colleague = freshAddress("revoked", testInfo.project.name);
  await signedInAs(page.context(), app, owner);
  await page.goto("/admin/users");
  await page.getByRole("textbox", { name: "Colleague's email" }).fill(colleague);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  const link = await linkMailedTo(mailbox, colleague, /invited/, "/admin/invitation?token=");

  await askFirst(page, `Revoke the invitation to ${colleague}`).click();
  await expect(page.getByRole("heading", { name: "Revoke this invitation?" })).toBeVisible();
  await expect(page.getByText(`The link sent to ${colleague} will stop working.`)).toBeVisible();
  await page.getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByText("Invitation revoked")).toBeVisible();
  await expect(page.getByText(`The link sent to ${colleague} no longer works.`)).toBeVisible();

  const opened = await page.goto(link);
  expect(opened?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invitation does not work");
  await expect(page.getByRole("textbox", { name: "New password" })).toHaveCount(0);
});
