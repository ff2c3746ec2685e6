// Staff accounts for browser tests: one added straight to a server's database, signed in through
// the form (for the tests of signing in) or straight in (for every test that merely needs an admin).
import crypto from "node:crypto";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generate } from "otplib";
import { createCookie } from "react-router";
import { hashPassword } from "../../app/features/accounts/passwords.server";
import { newSecretToken, secretTokenHash } from "../../app/features/accounts/secret-tokens.server";
import { ABSOLUTE_LIMIT_MS } from "../../app/features/accounts/session-limits";
import type { RunningServer } from "./server";

export const PASSWORD = "a long enough passphrase";

/** What a session is made against: the server's database and the secret it signs cookies with. */
type SessionServer = Pick<RunningServer, "url" | "databasePath" | "sessionSecret">;

/** Adds a confirmed account straight to the server's database; approved unless told otherwise. */
export async function addAccount(databasePath: string, { approved = true, owner = false } = {}) {
  const email = `staff-${crypto.randomBytes(4).toString("hex")}@example.org`;
  const db = new Database(databasePath);
  try {
    db.prepare(
      "insert into users (email, password_hash, confirmed_at, approved_at, owner) values (?, ?, ?, ?, ?)",
    ).run(
      email,
      await hashPassword(PASSWORD),
      Date.now(),
      approved ? Date.now() : null,
      owner ? 1 : 0,
    );
  } finally {
    db.close();
  }
  return email;
}

/**
 * Starts a live session of the account, as a successful sign-in would (startSession in
 * app/features/accounts/admin-session.server.ts): a random id whose hash is a row of the sessions
 * table, in the admin_session cookie signed with the server's secret. Returns the cookie's value.
 */
async function startSessionOf(server: SessionServer, email: string, now: number) {
  const id = newSecretToken();
  const db = new Database(server.databasePath);
  try {
    const user = db.prepare("select id from users where email = ?").get(email) as
      { id: number } | undefined;
    if (!user) throw new Error(`No account ${email} in ${server.databasePath}`);
    db.prepare(
      "insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)",
    ).run(secretTokenHash(id), user.id, now, now, now + ABSOLUTE_LIMIT_MS);
  } finally {
    db.close();
  }
  const cookie = createCookie("admin_session", { secrets: [server.sessionSecret] });
  const [nameAndValue = ""] = (await cookie.serialize(id)).split(";");
  return nameAndValue.slice("admin_session=".length);
}

/** Gives the browser context a live session of the account, as a successful sign-in would. */
export async function signedInAs(context: BrowserContext, server: SessionServer, email: string) {
  const now = Date.now();
  await context.addCookies([
    {
      name: "admin_session",
      value: await startSessionOf(server, email, now),
      url: server.url,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor((now + ABSOLUTE_LIMIT_MS) / 1000),
    },
  ]);
}

/** A Cookie header with a live session of the account, for requests made without a browser. */
export async function signedInCookie(server: SessionServer, email: string) {
  return `admin_session=${await startSessionOf(server, email, Date.now())}`;
}

/**
 * Adds an approved account (the owner, if asked), signs the page in as it and opens the page a
 * sign-in lands on, the blog's. Returns the account's email.
 */
export async function signInAsAdmin(page: Page, server: SessionServer, { owner = false } = {}) {
  const email = await addAccount(server.databasePath, { owner });
  await signedInAs(page.context(), server, email);
  await page.goto(`${server.url}/admin/blog`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
  return email;
}

/** Signs out from any admin page and waits for the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);
}

/** Signs in through the form, as a person would: for the tests of signing in itself. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/admin/auth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Access");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * A link to choose a new password for the account, stored as the password email's would be
 * (requestPasswordReset in app/features/accounts/password-reset.server.ts), open for an hour.
 */
export function passwordResetLink(server: SessionServer, email: string) {
  const token = newSecretToken();
  const db = new Database(server.databasePath);
  try {
    const stored = db
      .prepare(
        `insert into password_resets (token_hash, user_id, expires_at)
         select ?, id, ? from users where email = ?`,
      )
      .run(secretTokenHash(token), Date.now() + 60 * 60 * 1000, email);
    if (stored.changes !== 1) throw new Error(`No account ${email} in ${server.databasePath}`);
  } finally {
    db.close();
  }
  return `${server.url}/admin/reset-password?token=${token}`;
}

/** Turns two-factor sign-in on from the Security page; the recovery codes it shows, in order. */
export async function turnOnTwoFactor(page: Page) {
  await page.goto("/admin/security");
  const keyText = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  const secret = (keyText ?? "").replaceAll(" ", "");
  await page.getByRole("textbox", { name: "Code" }).fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return (await codes.allTextContents()).map((code) => code.trim());
}
