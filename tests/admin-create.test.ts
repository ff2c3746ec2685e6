// `npm run admin:create`: the first admin of a new install, from the command line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "vitest";
import { hashPassword, verifyPassword } from "~/services/passwords.server";

const script = path.resolve(import.meta.dirname, "../scripts/admin-create.js");

function run(databasePath: string, args: string[], password: string) {
  return spawnSync(process.execPath, [script, ...args], {
    input: `${password}\n`,
    env: { ...process.env, DATABASE_PATH: databasePath },
    encoding: "utf8",
  });
}

test("creates a confirmed, approved admin whose password the app accepts; run again, it updates", async () => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  const first = run(databasePath, ["Owner@Example.com"], "first passphrase");
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toContain("Created admin owner@example.com");

  const second = run(databasePath, ["owner@example.com"], "second passphrase");
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toContain("Updated admin owner@example.com");

  const db = new Database(databasePath, { readonly: true });
  const rows = db.prepare("select * from users").all() as Record<string, unknown>[];
  db.close();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ email: "owner@example.com" });
  expect(rows[0]?.confirmed_at).not.toBeNull();
  expect(rows[0]?.approved_at).not.toBeNull();
  expect(await verifyPassword(String(rows[0]?.password_hash), "second passphrase")).toBe(true);
  expect(String(rows[0]?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
});

test.each([
  [["not-an-email"], "long enough", /Usage/],
  [[], "long enough", /Usage/],
  [["a@example.com"], "short", /at least 12 characters/],
  [["a@example.com"], "elevenchars", /at least 12 characters/],
  [["a@example.com"], " ".repeat(16), /cannot be only spaces/],
  [["a@example.com"], "Password1234", /list of common passwords/],
  [["a@example.com"], "x".repeat(129), /under 128 characters/],
])("refuses %j with password %j", (args, password, message) => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  const result = run(databasePath, args, password);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(message);
  expect(fs.existsSync(databasePath)).toBe(false);
});

test("an earlier sign-up's link cannot later replace the password the command line set", async () => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  expect(run(databasePath, ["first@example.com"], "first passphrase").status).toBe(0);
  // A stranger signed up with the staff address before its owner ran the command.
  const db = new Database(databasePath);
  const squatterHash = await hashPassword("squatter's password");
  const { id } = db
    .prepare("insert into users (email, password_hash) values (?, ?) returning id")
    .get("staff@example.com", squatterHash) as { id: number };
  db.prepare(
    "insert into email_confirmations (token_hash, user_id, expires_at, password_hash) values (?, ?, ?, ?)",
  ).run("pending-link", id, Date.now() + 3_600_000, squatterHash);
  db.close();

  expect(run(databasePath, ["staff@example.com"], "the owner's passphrase").status).toBe(0);
  const after = new Database(databasePath, { readonly: true });
  const link = after
    .prepare("select used_at from email_confirmations where token_hash = 'pending-link'")
    .get() as { used_at: number | null };
  const user = after.prepare("select password_hash from users where id = ?").get(id) as {
    password_hash: string;
  };
  after.close();
  expect(link.used_at).not.toBeNull();
  expect(await verifyPassword(user.password_hash, "the owner's passphrase")).toBe(true);
});
