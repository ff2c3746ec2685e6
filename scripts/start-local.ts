// Starts the production build on this machine's embedded defaults (SQLite file, local mail outbox).
// In production the server refuses to start without SESSION_SECRET; for a local install we
// generate a random one once and keep it next to the database, so sessions survive restarts.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const databasePath = process.env.DATABASE_PATH || "./data/app.db";
const dataDirectory = path.dirname(path.resolve(databasePath));

function localSessionSecret() {
  const secretFile = path.join(dataDirectory, "session-secret");
  if (fs.existsSync(secretFile)) return fs.readFileSync(secretFile, "utf8").trim();
  fs.mkdirSync(dataDirectory, { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  console.log(`Generated a session secret for this install in ${secretFile}`);
  return secret;
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_PATH: databasePath,
  SESSION_SECRET: process.env.SESSION_SECRET || localSessionSecret(),
};

const server = spawn(process.execPath, ["server.ts"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
