// Staff accounts for browser tests: one added straight to a server's database, and signing in.
import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { hashPassword } from "../../app/features/accounts/passwords.server";

export const PASSWORD = "a long enough passphrase";

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

/** Signs out from any admin page and waits for the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/admin/auth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Access");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}
