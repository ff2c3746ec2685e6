// `npm run bench` (second part): how fast the production server's outbox hands a burst of queued
// emails to an SMTP server on this machine. Prints messages per second, from the first message
// received to the last, so the worker's poll interval before the first is not counted.
import path from "node:path";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import {
  ensureBuild,
  freePort,
  makeScratchDirectory,
  onCleanUp,
  positiveIntegerFromEnv,
  runScript,
  startProductionServer,
  stopProcess,
} from "./lib/production-server.ts";

await runScript(main);

async function main() {
  const total = positiveIntegerFromEnv("BENCH_EMAILS", 500);
  ensureBuild();
  const databasePath = path.join(makeScratchDirectory("bench-outbox-"), "app.db");

  const arrivals: number[] = [];
  const { promise: allArrived, resolve: done } = Promise.withResolvers<void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        arrivals.push(performance.now());
        if (arrivals.length === total) done();
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  onCleanUp(() => new Promise<void>((resolve) => smtp.close(resolve)));

  const server = await startProductionServer({
    databasePath,
    env: { SEED_DEMO_CONTENT: "false", SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  });
  onCleanUp(() => stopProcess(server.child));

  // Queued as the site queues a lead's emails; the worker finds them at its next poll.
  const db = new Database(databasePath);
  const insert = db.prepare(
    "insert into outbox (recipient, subject, text_body, html_body) values (?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let n = 1; n <= total; n += 1) {
      insert.run(`lead${n}@example.org`, `Lead ${n}`, `Lead ${n}\n`, `<p>Lead ${n}</p>`);
    }
  })();
  db.close();

  const timeout = setTimeout(() => done(), 120_000);
  await allArrived;
  clearTimeout(timeout);
  const [first] = arrivals;
  const last = arrivals[total - 1];
  if (first === undefined || last === undefined) {
    console.log(`outbox: only ${arrivals.length} of ${total} emails arrived within 120 s`);
    return 1;
  }
  const seconds = (last - first) / 1000;
  console.log(
    `outbox: ${total} emails to a local SMTP server in ${seconds.toFixed(2)} s, ` +
      `${((total - 1) / seconds).toFixed(0)} messages/s`,
  );
  return 0;
}
