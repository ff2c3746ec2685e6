// `npm run bench` (fourth part): a new Insights post queued for 10,000 confirmed subscribers in the
// production server (issue 39: one transaction, under 2 s), and a lead's email queued right after
// it, which must still go out before the newsletter's: bulk email waits behind every other row.
// The server times its own transaction and logs it (newsletter_queued); an SMTP server on
// 127.0.0.1 sees the order the emails arrive in.
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import {
  ensureBuild,
  freePort,
  makeScratchDirectory,
  onCleanUp,
  positiveIntegerFromEnv,
  productionServerEnv,
  projectRoot,
  runScript,
  startChild,
  startProductionServer,
  stopProcess,
  waitUntilAnswering,
} from "./lib/production-server.ts";

// Issue 39's budget.
const TRANSACTION_BUDGET_MS = 2000;
const LEAD = "lead@example.org";

await runScript(main);

async function main() {
  const total = positiveIntegerFromEnv("BENCH_SUBSCRIBERS", 10_000);
  ensureBuild();
  const databasePath = path.join(makeScratchDirectory("bench-newsletter-"), "app.db");

  // Every recipient in the order their emails arrive.
  const arrivals: string[] = [];
  const { promise: leadArrived, resolve: leadIn } = Promise.withResolvers<void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
        arrivals.push(to);
        if (to === LEAD) leadIn();
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  onCleanUp(() => new Promise<void>((resolve) => smtp.close(resolve)));
  const env = { SEED_DEMO_CONTENT: "false", SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };

  // A first start migrates the new database; the subscribers and the post go in while it is down.
  const first = await startProductionServer({ databasePath, env });
  await stopProcess(first.child);
  seed(databasePath, total);

  // The newsletter job runs as the server starts: its line is read from the first output on.
  const port = await freePort();
  const child = startChild(process.execPath, [path.join(projectRoot, "server.ts")], {
    cwd: projectRoot,
    env: {
      ...productionServerEnv({ port, databasePath, siteUrl: `http://127.0.0.1:${port}` }),
      SESSION_SECRET: crypto.randomBytes(36).toString("base64url"),
      ...env,
    },
  });
  onCleanUp(() => stopProcess(child));
  const { promise: queuedLine, resolve: queued } = Promise.withResolvers<Record<string, number>>();
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.includes('"newsletter_queued"')) queued(JSON.parse(line) as Record<string, number>);
    }
  });
  await waitUntilAnswering(`http://127.0.0.1:${port}/healthz`, child, "The server");

  const timeout = setTimeout(() => leadIn(), 120_000);
  const logged = await Promise.race([queuedLine, leadArrived.then(() => null)]);
  if (!logged) {
    console.log("newsletter: the post was not queued within 120 s");
    return 1;
  }
  // Queued as the site queues a lead's email, once the whole newsletter is in the outbox.
  const deliveredBefore = arrivals.length;
  const db = new Database(databasePath);
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "insert into outbox (recipient, subject, text_body, html_body) values (?, 'A lead', 'Lead', '<p>Lead</p>')",
  ).run(LEAD);
  db.close();
  await leadArrived;
  clearTimeout(timeout);
  const leadAt = arrivals.indexOf(LEAD);
  if (leadAt === -1) {
    console.log("newsletter: the lead's email did not arrive within 120 s");
    return 1;
  }

  const transactionMs = Number(logged.transactionMs);
  console.log("");
  console.log(
    `newsletter: ${Number(logged.recipients).toLocaleString("en-US")} subscribers queued in one ` +
      `transaction in ${transactionMs} ms`,
  );
  console.log(
    `newsletter: a lead's email queued after it arrived after ${leadAt - deliveredBefore} ` +
      `newsletter emails (${deliveredBefore} had gone out while it was queued), ` +
      `${total - leadAt} newsletter emails still behind it`,
  );
  const budget = (met: boolean, text: string) =>
    console.log(`${met ? "OK    " : "MISSED"} ${text}`);
  console.log("Budgets (issue 39)");
  budget(
    transactionMs < TRANSACTION_BUDGET_MS,
    `${total.toLocaleString("en-US")} subscribers queued in ${transactionMs} ms (under ${TRANSACTION_BUDGET_MS})`,
  );
  budget(leadAt < total, "the lead's email went out before the newsletter's last");
  return 0;
}

/** Confirmed subscribers and one post due to be emailed, written straight into the database. */
function seed(databasePath: string, total: number) {
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    const subscriber = database.prepare(
      "insert into subscribers (email, email_key, status, source, confirmed_at) values (?, ?, 'confirmed', 'insights', ?)",
    );
    const now = Date.now();
    database.transaction(() => {
      for (let n = 1; n <= total; n += 1) {
        const email = `reader${n}@example.org`;
        subscriber.run(email, email, now);
      }
      database
        .prepare(
          `insert into blog_posts (id, slug, title, excerpt, content, author, published, published_date)
           values (?, 'bench-newsletter', 'Where the days go', 'Between a signed order and cash.',
             ?, 'Dana Whitfield', 1, ?)`,
        )
        .run(
          crypto.randomUUID(),
          `<p>${"Every hand-off is a queue, and every queue has a cost. ".repeat(60)}</p>`.repeat(
            6,
          ),
          now - 60_000,
        );
    })();
    database.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    database.close();
  }
}
