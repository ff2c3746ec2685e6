// The production server as a LiteFS replica, which a cluster cannot be started here to show: the
// database folder gets the `.primary` file LiteFS keeps on replicas. The replica serves reads,
// hands every write to the primary with fly-replay, leaves the schema and the outbox alone, and
// takes over all of it once the file is gone (a failover).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { scratchDirectory, startServer } from "./support/server";

const contactPost = (url: string, marker: string) =>
  fetch(`${url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({
      fullName: "Replica Tester",
      email: "replica@example.org",
      message: `${marker}: a message long enough to be accepted by the contact form.`,
    }),
  });

test("a replica serves reads, replays writes to the primary and delivers no mail", async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
  const litefsDir = scratchDirectory("litefs");
  const databasePath = path.join(litefsDir, "app.db");
  // On LiteFS, mail goes to SMTP and share cards to a folder of their own (the mount holds only
  // databases).
  const smtp = await startSmtpSink();
  const env = {
    LITEFS_DIR: litefsDir,
    SMTP_URL: smtp.url,
    MEDIA_DIR: scratchDirectory("litefs-media"),
  };

  // First the machine is primary: it migrates and seeds the database, and sends mail.
  const primary = await startServer({ databasePath, env });
  expect((await contactPost(primary.url, "as-primary")).headers.get("location")).toBe("/contact");
  await smtp.waitForMessages(1, 10_000);
  await primary.stop();

  // A queued email, due now, that a worker would send at once.
  const setup = new Database(databasePath);
  setup
    .prepare(
      `insert into outbox (recipient, subject, text_body, html_body, next_attempt_at)
       values ('firm@example.com', 'Queued before the failover', 'text', '<p>html</p>', 0)`,
    )
    .run();
  const queuedId = Number(
    (setup.prepare("select max(id) as id from outbox").get() as { id: number }).id,
  );
  setup.close();

  const mailBefore = smtp.messages.length;

  fs.writeFileSync(path.join(litefsDir, ".primary"), "primary-machine\n");
  const replica = await startServer({ databasePath, env });
  try {
    expect(replica.logs.join("\n")).toContain('"event":"database_opened_as_replica"');

    for (const page of ["/", "/insights", "/contact", "/solutions", "/efficiency-assessment"]) {
      const response = await fetch(`${replica.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get("fly-replay"), page).toBeNull();
    }

    const write = await contactPost(replica.url, "as-replica");
    expect(write.status).toBe(409);
    expect(write.headers.get("fly-replay")).toBe("instance=primary-machine");
    for (const page of ["/admin/auth", "/admin/confirm?token=x"]) {
      const response = await fetch(`${replica.url}${page}`, { redirect: "manual" });
      expect(response.headers.get("fly-replay"), page).toBe("instance=primary-machine");
    }

    // Several worker polls' worth of time: nothing is sent from the replica.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const db = replica.openDatabase();
    const outboxRow = db.prepare("select sent_at, attempts from outbox where id = ?").get(queuedId);
    const replicaMessages = db
      .prepare("select count(*) as n from contact_messages where message like 'as-replica%'")
      .get();
    db.close();
    expect(outboxRow).toEqual({ sent_at: null, attempts: 0 });
    expect(replicaMessages).toEqual({ n: 0 });
    expect(smtp.messages.length).toBe(mailBefore);

    // Failover: LiteFS removes .primary when this machine takes the lease.
    fs.rmSync(path.join(litefsDir, ".primary"));
    expect((await contactPost(replica.url, "after-failover")).headers.get("location")).toBe(
      "/contact",
    );
    const afterFailover = replica.openDatabase();
    expect(
      afterFailover
        .prepare("select count(*) as n from contact_messages where message like 'after-failover%'")
        .get(),
    ).toEqual({ n: 1 });
    afterFailover.close();
    await expect
      .poll(
        () => {
          const check = replica.openDatabase();
          const row = check.prepare("select sent_at from outbox where id = ?").get(queuedId) as {
            sent_at: number | null;
          };
          check.close();
          return row.sent_at !== null;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(smtp.messages.some((message) => message.subject === "Queued before the failover")).toBe(
      true,
    );
  } finally {
    await replica.stop();
    await smtp.stop();
  }
});
