// Creates a confirmed, approved admin account from the command line, for the first admin of a
// new install: `npm run admin:create -- you@example.com`, then type the password (or pipe it in).
// `--owner` makes the account an owner; the first admin of an install without one becomes it anyway.
// Works on the production image too: it needs only the database file and production packages.
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { HASH_OPTIONS } from "../app/features/accounts/password-hashing.server.ts";
import { newPasswordProblem } from "../app/features/accounts/password-strength.server.ts";
import { DEMO_BRAND } from "../app/lib/demo-brand.ts";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    return input.replace(/\r?\n$/, "");
  }
  // Typed at a terminal: ask, and keep what is typed off the screen.
  const terminal = readline.createInterface({ input: process.stdin, output: process.stdout });
  const question = "Password: ";
  // readline's own hook for echoing (not in its types): the question shows, the typing does not.
  const echo = terminal as typeof terminal & { _writeToOutput: (text: string) => void };
  echo._writeToOutput = (text) => {
    process.stdout.write(text.startsWith(question) ? question : "");
  };
  const password = await new Promise<string>((resolve) => terminal.question(question, resolve));
  terminal.close();
  process.stdout.write("\n");
  return password;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const makeOwner = args.includes("--owner");
const positional = args.filter((arg) => arg !== "--owner");
const email = (positional[0] ?? "").trim().toLowerCase();
if (positional.length !== 1 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  fail(
    "Usage: npm run admin:create -- you@example.com [--owner]   (then type the password, or pipe it in)",
  );
}
const password = await readPassword();
// The app's firm name, as app/lib/site-config.server.ts reads it.
const brand = process.env.BRAND_NAME?.trim() || DEMO_BRAND.name;
const passwordProblem = await newPasswordProblem(password, { email, brand });
if (passwordProblem) fail(passwordProblem);

const databasePath = path.resolve(process.env.DATABASE_PATH || "./data/app.db");
const sqlite = new Database(databasePath);
sqlite.pragma("foreign_keys = ON");
migrate(drizzle(sqlite), { migrationsFolder: path.join(projectRoot, "drizzle") });
const passwordHash = await argon2.hash(password, HASH_OPTIONS);
const now = Date.now();
// An existing account (say, one that signed up) becomes a confirmed, approved admin with this
// password; its sessions end, so nobody stays signed in with the old one.
const existing = sqlite
  .prepare<[string], { id: number }>("select id from users where email = ?")
  .get(email);
// As the app counts owners: flagged, confirmed, and approved or on the allowlist.
const allowlist = (process.env.ADMIN_EMAILS ?? "")
  .split(",")
  .map((address) => address.trim().toLowerCase())
  .filter(Boolean);
const ownerCount = () =>
  sqlite
    .prepare<[], { email: string; approved_at: number | null }>(
      "select email, approved_at from users where owner = 1 and confirmed_at is not null",
    )
    .all()
    .filter((user) => user.approved_at !== null || allowlist.includes(user.email)).length;
sqlite.transaction(() => {
  if (existing) {
    sqlite
      .prepare(
        "update users set password_hash = ?, confirmed_at = coalesce(confirmed_at, ?), approved_at = coalesce(approved_at, ?) where id = ?",
      )
      .run(passwordHash, now, now, existing.id);
    sqlite.prepare("delete from sessions where user_id = ?").run(existing.id);
    // A sign-up's link still in the mailbox must not later replace the password set here.
    sqlite
      .prepare("update email_confirmations set used_at = ? where user_id = ? and used_at is null")
      .run(now, existing.id);
  } else {
    sqlite
      .prepare(
        "insert into users (email, password_hash, confirmed_at, approved_at) values (?, ?, ?, ?)",
      )
      .run(email, passwordHash, now, now);
  }
  if (makeOwner || ownerCount() === 0) {
    sqlite.prepare("update users set owner = 1 where email = ?").run(email);
  }
})();
const owner = sqlite
  .prepare<[string], { owner: number }>("select owner from users where email = ?")
  .get(email)?.owner;
sqlite.close();
console.log(
  `${existing ? "Updated" : "Created"} ${owner ? "owner" : "admin"} ${email} in ${databasePath}.`,
);
