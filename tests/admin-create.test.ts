// `npm run admin:create`: the first admin of a new install, from the command line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, vi } from "vitest";
import { hashPassword, verifyPassword } from "~/features/accounts/passwords.server";
import { COMMON_WITH_CHANGES, GUESSABLE_PASSWORDS, PERSONAL } from "./support/passwords";

const script = path.resolve(import.meta.dirname, "../scripts/admin-create.ts");
// Each run of the command starts Node, migrates a database and hashes a password: about a second.
vi.setConfig({ testTimeout: 30_000 });

function run(
  databasePath: string,
  args: string[],
  password: string,
  adminEmails = "",
  brandName = "",
) {
  return spawnSync(process.execPath, [script, ...args], {
    input: `${password}\n`,
    env: {
      ...process.env,
      DATABASE_PATH: databasePath,
      ADMIN_EMAILS: adminEmails,
      BRAND_NAME: brandName,
    },
    encoding: "utf8",
  });
}

test("creates a confirmed, approved owner whose password the app accepts; run again, it updates", async () => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  const first = run(databasePath, ["Owner@Example.com"], "first passphrase");
  expect(first.status, first.stderr).toBe(0);
  // The first admin of an install without an owner becomes it.
  expect(first.stdout).toContain("Created owner owner@example.com");

  const second = run(databasePath, ["owner@example.com"], "second passphrase");
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toContain("Updated owner owner@example.com");

  const db = new Database(databasePath, { readonly: true });
  const rows = db.prepare("select * from users").all() as Record<string, unknown>[];
  db.close();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ email: "owner@example.com" });
  expect(rows[0]?.confirmed_at).not.toBeNull();
  expect(rows[0]?.approved_at).not.toBeNull();
  expect(rows[0]?.owner).toBe(1);
  expect(await verifyPassword(String(rows[0]?.password_hash), "second passphrase")).toBe(true);
  expect(String(rows[0]?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
});

test.each<[string[], string, string | RegExp]>([
  [["not-an-email"], "long enough", /Usage/],
  [[], "long enough", /Usage/],
  [["--owner"], "long enough", /Usage/],
  [["a@example.com", "b@example.com"], "long enough", /Usage/],
  [["a@example.com"], "short", /at least 12 characters/],
  [["a@example.com"], "elevenchars", /at least 12 characters/],
  [["a@example.com"], " ".repeat(16), /cannot be only spaces/],
  [["a@example.com"], "x".repeat(129), /under 128 characters/],
  ...GUESSABLE_PASSWORDS.map(([password, message]): [string[], string, string] => [
    ["a@example.com"],
    password,
    message,
  ]),
  [["a@example.com"], "Password1234", COMMON_WITH_CHANGES],
  [["a@example.com"], "Keelstone2026!", PERSONAL],
  [["jane.doe@example.com"], "jane.doe12345", PERSONAL],
])("refuses %j with password %j", (args, password, message) => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  const result = run(databasePath, args, password);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(message);
  expect(fs.existsSync(databasePath)).toBe(false);
});

test("the firm's name is the one the environment gives", () => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  const refused = run(
    databasePath,
    ["a@example.com"],
    "Harbourlight2026",
    "",
    "Harbourlight Partners",
  );
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain(PERSONAL);
  expect(fs.existsSync(databasePath)).toBe(false);
  // Under the demo firm's name the same password is no one's name.
  expect(run(databasePath, ["a@example.com"], "Harbourlight2026").status).toBe(0);
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

test("later accounts are admins, not owners, unless --owner says so", () => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  expect(run(databasePath, ["first@example.com"], "first passphrase").stdout).toContain(
    "Created owner first@example.com",
  );
  expect(run(databasePath, ["second@example.com"], "second passphrase").stdout).toContain(
    "Created admin second@example.com",
  );
  const third = run(databasePath, ["--owner", "third@example.com"], "third passphrase");
  expect(third.status, third.stderr).toBe(0);
  expect(third.stdout).toContain("Created owner third@example.com");
  const db = new Database(databasePath, { readonly: true });
  const owners = db.prepare("select email, owner from users order by id").all();
  db.close();
  expect(owners).toEqual([
    { email: "first@example.com", owner: 1 },
    { email: "second@example.com", owner: 0 },
    { email: "third@example.com", owner: 1 },
  ]);
});

test("an owner flag left on an account that lost its rights does not count as an owner", () => {
  const databasePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-")), "app.db");
  // Made owner while allowlisted, then taken off the allowlist: no longer an admin.
  expect(run(databasePath, ["gone@example.com"], "first passphrase").status).toBe(0);
  const db = new Database(databasePath);
  db.prepare("update users set approved_at = null where email = 'gone@example.com'").run();
  db.close();
  const next = run(databasePath, ["next@example.com"], "second passphrase");
  expect(next.stdout).toContain("Created owner next@example.com");
  // On the allowlist, the same account is an admin again, and so still the owner.
  const later = run(databasePath, ["later@example.com"], "third passphrase", "gone@example.com");
  expect(later.stdout).toContain("Created admin later@example.com");
});
