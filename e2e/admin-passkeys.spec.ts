// Passkeys in Chromium: with JavaScript, a virtual authenticator (the DevTools protocol's WebAuthn
// domain) adds a passkey on the Security page and signs in with it alone, also for an account
// with two-factor sign-in, and a removed passkey is refused; without JavaScript the pages say a
// passkey needs it, while listing, removing and the password still work. WebAuthn binds passkeys
// to a domain, so this server is http://localhost:<port> rather than the loopback address.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generateSecret } from "otplib";
import { addAccount, signIn, signOut } from "./support/admin";
import { expect, test } from "./support/fixtures";

test.use({ appHostname: "localhost" });

const PASSKEY_UNKNOWN =
  "This passkey is not registered here: it may have been removed. Please sign in with your password.";

/** A platform authenticator that holds discoverable passkeys and verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

async function openSecurity(page: Page) {
  await page.goto("/admin/security");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
}

const passkeysSection = (page: Page) => page.getByRole("region", { name: "Passkeys" });

async function addPasskey(page: Page, name: string) {
  await openSecurity(page);
  await passkeysSection(page).getByRole("textbox", { name: "Name (optional)" }).fill(name);
  await passkeysSection(page).getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText(name)).toBeVisible();
}

/**
 * Clicks "Sign in with a passkey" and answers the status of the sign-in it posted (a redirect is
 * the script's 202 with the address to go to).
 */
async function signInWithPasskey(page: Page) {
  await page.goto("/admin/auth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Access");
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname.startsWith("/admin/auth"),
    ),
    page.getByRole("button", { name: "Sign in with a passkey" }).click(),
  ]);
  return answer.status();
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "WebAuthn is a JavaScript API");

  test("a passkey is added, signs in without the password, and once removed is refused", async ({
    page,
    app,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const email = await addAccount(app.databasePath);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await openSecurity(page);
    await expect(passkeysSection(page).getByText("You have no passkeys yet.")).toBeVisible();

    await addPasskey(page, "Test laptop");
    const [credential] = await authenticator.credentials();
    expect(credential?.isResidentCredential).toBe(true);
    await expect(passkeysSection(page).getByText("Never used", { exact: false })).toBeVisible();
    await signOut(page);

    // No email, no password: the authenticator offers the passkey it holds for this site.
    expect(await signInWithPasskey(page)).toBe(202);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await openSecurity(page);
    await expect(passkeysSection(page).getByText("Last used", { exact: false })).toBeVisible();

    // Removing asks first; Keep it keeps it.
    await passkeysSection(page).getByRole("button", { name: "Remove Test laptop" }).click();
    const question = page.getByRole("dialog", { name: "Remove this passkey?" });
    await expect(question).toContainText("Test laptop will no longer sign you in.");
    await question.getByRole("button", { name: "Keep it" }).click();
    await expect(question).toHaveCount(0);
    await passkeysSection(page).getByRole("button", { name: "Remove Test laptop" }).click();
    await question.getByRole("button", { name: "Remove passkey" }).click();
    await expect(page.getByText("Passkey removed", { exact: true })).toBeVisible();
    await expect(passkeysSection(page).getByText("You have no passkeys yet.")).toBeVisible();
    await signOut(page);

    // The authenticator still holds it; the site no longer knows it.
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(await signInWithPasskey(page)).toBe(401);
    await expect(page.getByText(PASSKEY_UNKNOWN)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/auth$/);
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/auth$/);
  });

  test("an account with two-factor sign-in signs in with its passkey without a code", async ({
    page,
    app,
  }) => {
    await virtualAuthenticator(page);
    const email = await addAccount(app.databasePath);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await addPasskey(page, "Phone");
    await signOut(page);
    const db = new Database(app.databasePath);
    try {
      db.prepare("update users set totp_secret = ? where email = ?").run(generateSecret(), email);
    } finally {
      db.close();
    }
    // The password now asks for a code; the passkey does not.
    await signIn(page, email);
    await expect(page).toHaveURL(/\/admin\/two-factor$/);

    expect(await signInWithPasskey(page)).toBe(202);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("heading", { name: "Enter your code" })).toHaveCount(0);
  });
});

/** A passkey row for the account, as if registered on 1 October 2026; its id. */
function addStoredPasskey(db: Database.Database, email: string, name: string) {
  return db
    .prepare(
      `insert into passkeys (user_id, credential_id, public_key, name, created_at)
       select id, ?, ?, ?, ? from users where email = ?`,
    )
    .run(`credential-${email}`, Buffer.alloc(77), name, Date.UTC(2026, 9, 1, 18), email)
    .lastInsertRowid;
}

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "The pages as they are without it");

  test("the pages say passkeys need JavaScript; a passkey is listed and removed, the password signs in", async ({
    page,
    app,
  }) => {
    const email = await addAccount(app.databasePath);
    const db = new Database(app.databasePath);
    try {
      addStoredPasskey(db, email, "Old phone");
    } finally {
      db.close();
    }

    await page.goto("/admin/auth");
    await expect(page.getByText("Signing in with a passkey needs JavaScript.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/admin\/blog$/);

    await openSecurity(page);
    await expect(
      passkeysSection(page).getByText(
        "Adding a passkey needs JavaScript: please turn it on to add one.",
      ),
    ).toBeVisible();
    await expect(passkeysSection(page).getByRole("button", { name: "Add a passkey" })).toHaveCount(
      0,
    );
    const listed = page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("Old phone");
    await expect(listed).toContainText("Added October 1, 2026 · Never used");

    // Removing asks first, on a step of its own.
    await passkeysSection(page).getByRole("link", { name: "Remove Old phone" }).click();
    const question = page.getByRole("alertdialog", { name: "Remove this passkey?" });
    await expect(question).toContainText("Old phone will no longer sign you in.");
    await question.getByRole("button", { name: "Remove passkey" }).click();
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByText("Passkey removed", { exact: true })).toBeVisible();
    await expect(passkeysSection(page).getByText("You have no passkeys yet.")).toBeVisible();
    const check = new Database(app.databasePath, { readonly: true });
    try {
      const left = check
        .prepare(
          "select count(*) as n from passkeys where user_id = (select id from users where email = ?)",
        )
        .get(email);
      expect(left).toEqual({ n: 0 });
    } finally {
      check.close();
    }
  });
});

test("a passkey removed meanwhile is refused on the Security page, with why", async ({
  page,
  app,
}) => {
  const email = await addAccount(app.databasePath);
  const db = new Database(app.databasePath);
  try {
    const lastInsertRowid = addStoredPasskey(db, email, "Spare key");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/admin/security?remove=${lastInsertRowid}`);
    const question = page.getByRole("alertdialog", { name: "Remove this passkey?" });
    await expect(question).toContainText("Spare key will no longer sign you in.");
    // Removed in another tab before this one's confirmation.
    db.prepare("delete from passkeys where id = ?").run(lastInsertRowid);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      question.getByRole("button", { name: "Remove passkey" }).click(),
    ]);
    expect(answer.status()).toBe(404);
    await expect(
      page.getByText("That passkey is not one of yours, or is already removed."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
  } finally {
    db.close();
  }
});
