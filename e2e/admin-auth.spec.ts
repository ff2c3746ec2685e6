// Staff sign-in in the browser, with and without JavaScript: who reaches the blog administration,
// who waits for approval, what a failed attempt says, and signing out.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { addAccount, PASSWORD, signIn, signOut } from "./support/admin";
import { allowlistedAdmins, expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { guessable, PERSONAL } from "../tests/support/passwords";

async function confirmWithPassword(page: Page, password: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm Email" }).click();
}

test("an approved admin signs in to Blog Administration and signs out again", async ({
  page,
  app,
}) => {
  const email = await addAccount(app.databasePath);
  await signIn(page, email.toUpperCase());
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("You've been signed in successfully.")).toBeVisible();
  // The demo posts, drafts included, are listed for the admin.
  await expect(page.locator("main article").getByText("Draft", { exact: true })).toBeVisible();

  await signOut(page);
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/admin\/auth$/);
});

test("a wrong password says Authentication Error and nothing more", async ({ page, app }) => {
  const email = await addAccount(app.databasePath);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    signIn(page, email, "not the password"),
  ]);
  expect(answer.status()).toBe(401);
  await expect(page.getByText("Authentication Error")).toBeVisible();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auth$/);
  // The email stays typed; the password does not.
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await expect(page.getByRole("textbox", { name: "Password", exact: true })).toHaveValue("");
});

test("a confirmed account that nobody approved sees only the waiting page", async ({
  page,
  app,
}) => {
  const email = await addAccount(app.databasePath, { approved: false });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/waiting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waiting for approval");
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/admin\/waiting$/);
  await expect(page.getByText("Blog Administration")).toHaveCount(0);
});

test("a stranger asking for the admin is sent to sign in", async ({ page }) => {
  for (const path of ["/admin", "/admin/blog", "/admin/waiting"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/auth$/);
  }
});

test("the password can be shown and hidden with JavaScript; without it there is no toggle", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/admin/auth");
  const password = page.getByRole("textbox", { name: "Password", exact: true });
  await password.fill("secret words");
  const toggle = page.getByRole("button", { name: /password/ });
  if (!javaScriptEnabled) {
    await expect(toggle).toHaveCount(0);
    await expect(password).toHaveAttribute("type", "password");
    return;
  }
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "password");
});

test("signing up sends a confirmation link that confirms once; an allowlisted admin then signs in", async ({
  page,
  mailbox,
}, testInfo) => {
  const email = allowlistedAdmins.find((address) => address.includes(`-${testInfo.project.name}@`));
  if (!email) throw new Error(`no allowlisted address for ${testInfo.project.name}`);
  await page.goto("/admin/auth");
  await page.getByRole("link", { name: "Need an account? Sign up" }).click();
  await expect(page).toHaveURL(/mode=signup/);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();

  await expect
    .poll(() => mailbox.messages.find((mail) => mail.to.includes(email)), { timeout: 10_000 })
    .toBeTruthy();
  const mail = mailbox.messages.find((received) => received.to.includes(email));
  const link = /https?:\/\/\S+\/admin\/confirm\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
  expect(link, "the email carries a confirmation link").toBeTruthy();

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email");
  await confirmWithPassword(page, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await expect(page.getByText("Your email is confirmed. You can sign in now.")).toBeVisible();
  // The link works once.
  await page.goto(link ?? "");
  await expect(page.getByText(/invalid, used or expired/)).toBeVisible();

  await page.getByRole("link", { name: "Need an account? Sign up" }).click();
  await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
});

test("a stranger who signed up first with a staff address never gets in, whichever link the owner follows", async ({
  page,
  browser,
  mailbox,
}, testInfo) => {
  // Four argon2id hashes and verifications on a shared machine.
  test.slow();
  const email = `squatted-${testInfo.project.name}-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const squatterPassword = "the squatter's password";
  const ownerPassword = "the owner's own password";
  for (const password of [squatterPassword, ownerPassword]) {
    await page.goto("/admin/auth?mode=signup");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();
  }
  await expect
    .poll(() => mailbox.messages.filter((mail) => mail.to.includes(email)).length, {
      timeout: 10_000,
    })
    .toBe(2);
  const links = mailbox.messages
    .filter((mail) => mail.to.includes(email))
    .map((mail) => /https?:\/\/\S+\/admin\/confirm\?token=[\w-]+/.exec(mail.text ?? "")?.[0] ?? "");

  // The owner follows every link in the mailbox with the password they chose.
  await page.goto(links[0] ?? "");
  await confirmWithPassword(page, ownerPassword);
  await expect(
    page.getByText("That is not the password chosen with this link.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("");
  await page.goto(links[1] ?? "");
  await confirmWithPassword(page, ownerPassword);
  await expect(page.getByText("Your email is confirmed. You can sign in now.")).toBeVisible();

  // The squatter, in a browser of their own, cannot sign in; the owner can.
  const squatter = await browser.newPage();
  await signIn(squatter, email, squatterPassword);
  await expect(squatter.getByText("Invalid email or password.")).toBeVisible();
  await squatter.close();
  await signIn(page, email, ownerPassword);
  await expect(page).toHaveURL(/\/admin\/waiting$/);
});

test("a weak new password is refused at the field, with a reason", async ({ page, app }) => {
  const email = `weak-${crypto.randomUUID().slice(0, 8)}@example.org`;
  await page.goto("/admin/auth?mode=signup");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  for (const [password, message] of [
    ["123456", "Your password must be at least 12 characters."],
    [" ".repeat(14), "Your password cannot be only spaces."],
    ["adminadmin12", guessable("It repeats the same few characters or words.")],
    ["Keelstone2026!", PERSONAL],
  ]) {
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password ?? "");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText(message ?? "")).toBeVisible();
    await expect(page.getByText("We've sent you a confirmation link.")).toHaveCount(0);
  }
  const db = new Database(app.databasePath, { readonly: true });
  const accounts = db.prepare("select count(*) as n from users where email = ?").get(email);
  db.close();
  expect(accounts).toEqual({ n: 0 });
});

test("signing up with a registered address looks the same and sends a note, not a new account", async ({
  page,
  app,
  mailbox,
}) => {
  const email = await addAccount(app.databasePath);
  await page.goto("/admin/auth?mode=signup");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("another password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();
  await expect
    .poll(() => mailbox.messages.find((mail) => mail.to.includes(email))?.subject, {
      timeout: 10_000,
    })
    .toMatch(/already have/);
  const db = new Database(app.databasePath, { readonly: true });
  const accounts = db.prepare("select count(*) as n from users where email = ?").get(email);
  db.close();
  expect(accounts).toEqual({ n: 1 });
});

test("an owner approves a waiting account from Users, which then gets in; revoking ends it", async ({
  browser,
  page,
  app,
  javaScriptEnabled,
}) => {
  const admin = await addAccount(app.databasePath, { owner: true });
  const newcomer = await addAccount(app.databasePath, { approved: false });
  const newcomerContext = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  const newcomerPage = await newcomerContext.newPage();
  try {
    await signIn(newcomerPage, newcomer);
    await expect(newcomerPage).toHaveURL(/\/admin\/waiting$/);

    await signIn(page, admin);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Users" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    await page.getByRole("button", { name: `Approve ${newcomer}` }).click();
    await expect(page.getByText("Account approved")).toBeVisible();

    await newcomerPage.goto("/admin/blog");
    await expect(newcomerPage.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");

    await page.getByRole("button", { name: `Revoke ${newcomer}` }).click();
    await expect(page.getByText("Access revoked")).toBeVisible();
    // Revoking ended the newcomer's session at once.
    await newcomerPage.goto("/admin/blog");
    await expect(newcomerPage).toHaveURL(/\/admin\/auth$/);
  } finally {
    await newcomerContext.close();
  }
});

function idOf(databasePath: string, email: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare("select id from users where email = ?").get(email) as { id: number }).id;
  } finally {
    db.close();
  }
}

test("an owner names another owner; an admin who is not one sees Users but changes nothing", async ({
  browser,
  page,
  app,
  javaScriptEnabled,
}) => {
  const owner = await addAccount(app.databasePath, { owner: true });
  const colleague = await addAccount(app.databasePath);
  const newcomer = await addAccount(app.databasePath, { approved: false });
  const colleagueContext = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  const colleaguePage = await colleagueContext.newPage();
  const rowOf = (on: typeof page, email: string) => on.getByRole("row").filter({ hasText: email });
  try {
    // An admin who is not an owner: the list, the reason, and no buttons.
    await signIn(colleaguePage, colleague);
    await expect(colleaguePage).toHaveURL(/\/admin\/blog$/);
    await colleaguePage.goto("/admin/users");
    await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText("Users");
    await expect(rowOf(colleaguePage, owner)).toContainText("Owner");
    await expect(rowOf(colleaguePage, colleague)).toContainText("Admin");
    await expect(
      colleaguePage.getByText("Only an owner can approve or revoke accounts and name owners."),
    ).toBeVisible();
    await expect(
      colleaguePage
        .getByRole("main")
        .getByRole("button", { name: /^(Approve|Revoke|Make owner|Remove owner) / }),
    ).toHaveCount(0);
    // A post from a page loaded earlier, or crafted: refused with 403, nothing changes.
    const refused = await colleaguePage.request.post("/admin/users", {
      form: { intent: "approve", userId: String(idOf(app.databasePath, newcomer)) },
      headers: { Origin: app.url },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);

    // The owner names the colleague an owner.
    await signIn(page, owner);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto("/admin/users");
    await expect(rowOf(page, newcomer)).toContainText("Waiting for approval");
    await page.getByRole("button", { name: `Make owner ${colleague}` }).click();
    await expect(page.getByText("Owner added")).toBeVisible();
    await expect(rowOf(page, colleague)).toContainText("Owner");

    // Now an owner, the colleague approves the newcomer, and hands the role back.
    await colleaguePage.goto("/admin/users");
    await colleaguePage.getByRole("button", { name: `Approve ${newcomer}` }).click();
    await expect(colleaguePage.getByText("Account approved")).toBeVisible();
    await expect(rowOf(colleaguePage, newcomer)).toContainText("Admin");
    // The owner takes the role back while the colleague's page still shows the buttons: the
    // colleague's next click is refused with the reason, and changes nothing.
    await page.goto("/admin/users");
    await page.getByRole("button", { name: `Remove owner ${colleague}` }).click();
    await expect(page.getByText("Owner removed")).toBeVisible();
    await colleaguePage.getByRole("button", { name: `Revoke ${newcomer}` }).click();
    await expect(colleaguePage.getByRole("alert")).toContainText(
      "Only an owner can approve or revoke accounts and name owners.",
    );
    await page.reload();
    await expect(rowOf(page, newcomer)).toContainText("Admin");
  } finally {
    await colleagueContext.close();
  }
});

test("'Loading...' shows while a client-side navigation checks the session", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
  await page.goto("/admin/auth");
  await waitForHydration(page);
  // Hold the session check (the page's data request) so its loading state can be seen.
  await page.route("**/admin/auth.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole("link", { name: "Need an account? Sign up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveCount(0);
});

test("no password ever reaches the server's logs or its emails", async ({ page, app, mailbox }) => {
  const marker = crypto.randomBytes(6).toString("hex");
  const signUpPassword = `sign-up ${marker}`;
  const wrongPassword = `wrong ${marker}`;
  const shortPassword = `#${marker.slice(0, 4)}`;
  const overlongPassword = `${marker}-`.repeat(10).padEnd(129, "x");

  const newcomer = `logs-${marker}@example.org`;
  await page.goto("/admin/auth?mode=signup");
  await page.getByRole("textbox", { name: "Email" }).fill(newcomer);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(signUpPassword);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();
  await expect
    .poll(() => mailbox.messages.some((mail) => mail.to.includes(newcomer)), { timeout: 10_000 })
    .toBe(true);

  const admin = await addAccount(app.databasePath);
  await signIn(page, admin, wrongPassword);
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  // Passwords the form's own checks would stop in the browser, sent to the server regardless.
  for (const password of [shortPassword, overlongPassword]) {
    const answer = await page.request.post("/admin/auth", {
      form: { mode: "signin", email: admin, password },
      headers: { Origin: app.url },
    });
    expect(answer.status()).toBe(400);
  }

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // The scan reads real output: the attempts above were logged, just not their passwords.
  const logs = app.logs.join("\n");
  expect(logs).toContain("admin_sign_in_failed");
  expect(logs).toContain("admin_signed_in");
  const emails = mailbox.messages.map((mail) => `${mail.subject}\n${mail.text}\n${mail.html}`);
  for (const password of [
    PASSWORD,
    signUpPassword,
    wrongPassword,
    shortPassword,
    overlongPassword,
  ]) {
    expect(logs, "the server's logs").not.toContain(password);
    for (const email of emails) expect(email, "an email").not.toContain(password);
  }
});

test("by keyboard, a wrong password takes focus to the error, which is announced", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const email = await addAccount(app.databasePath);
  await page.goto("/admin/auth");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("textbox", { name: "Email" }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Password", exact: true })).toBeFocused();
  await page.keyboard.type("not the password");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
  await expect(page.locator(":focus"), "focus is on the error, not <body>").toContainText(
    "Authentication Error",
  );
  await expect(page.locator(":focus").getByRole("alert")).toContainText(
    "Invalid email or password.",
  );
});

test("the right password of an unconfirmed account says so and sends the link again; a wrong one does not", async ({
  page,
  mailbox,
}, testInfo) => {
  // A sign-up, three sign-ins and a confirmation: argon2id each time, on a shared machine.
  test.slow();
  const email = `unconfirmed-${testInfo.project.name}-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const mailsTo = () => mailbox.messages.filter((mail) => mail.to.includes(email));
  await page.goto("/admin/auth?mode=signup");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("We've sent you a confirmation link.")).toBeVisible();
  await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(1);

  // A wrong password learns nothing: the answer every failure gets, and no offer.
  await signIn(page, email, "not the password");
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);

  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    signIn(page, email),
  ]);
  expect(answer.status()).toBe(403);
  await expect(page.getByText("Email not confirmed")).toBeVisible();
  await expect(page.getByText("Your email is not confirmed yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(
    page.getByText(`We've sent a new confirmation link to ${email}.`, { exact: false }),
  ).toBeVisible();
  await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(2);

  // The new link confirms with the password typed at sign-in.
  const link = /https?:\/\/\S+\/admin\/confirm\?token=[\w-]+/.exec(mailsTo()[1]?.text ?? "")?.[0];
  await page.goto(link ?? "");
  await confirmWithPassword(page, PASSWORD);
  await expect(page.getByText("Your email is confirmed. You can sign in now.")).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/waiting$/);
});
