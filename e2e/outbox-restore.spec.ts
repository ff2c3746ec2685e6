// A restored backup sends nothing that was queued when it was taken until staff say so: the
// backup holds those emails in its copy, and /admin/outbox sends or discards each, with or
// without JavaScript.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { addAccount, signedInAs } from "./support/admin";
import { expect, test as base } from "./support/fixtures";
import { freePort } from "../scripts/lib/production-server.ts";
import { scratchDirectory, startServer, type RunningServer } from "./support/server";

const backupScript = path.resolve(import.meta.dirname, "../scripts/backup.ts");

type Restored = { server: RunningServer; admin: string; names: string[] };

const test = base.extend<object, { restored: Restored }>({
  restored: [
    async ({ mailbox }, use, workerInfo) => {
      // The live server, its mail server down: the contact emails stay queued, retrying.
      const deadMailServer = `smtp://127.0.0.1:${await freePort()}`;
      const live = await startServer({ env: { SMTP_URL: deadMailServer } });
      const names = [1, 2].map((n) => `Restore ${workerInfo.project.name} ${n} ${Date.now()}`);
      for (const [index, name] of names.entries()) {
        const answer = await fetch(`${live.url}/contact`, {
          method: "POST",
          redirect: "manual",
          headers: { "X-Forwarded-For": `10.99.${workerInfo.workerIndex}.${index}` },
          body: new URLSearchParams({
            fullName: name,
            email: "restore@example.org",
            message: "Our backlog went out twice after the last restore.",
          }),
        });
        expect(answer.status).toBe(302);
      }

      const folder = scratchDirectory("restore");
      const backup = path.join(folder, "backup.db");
      const printed = execFileSync(process.execPath, [backupScript, backup], {
        env: { ...process.env, DATABASE_PATH: live.databasePath },
        encoding: "utf8",
      });
      expect(printed).toContain("Held 2 queued emails in the copy");
      await live.stop();

      // The README's restore: the copy becomes the database file, with no -wal or -shm beside it.
      const restoredPath = path.join(folder, "data", "app.db");
      fs.mkdirSync(path.dirname(restoredPath));
      fs.copyFileSync(backup, restoredPath);
      const admin = await addAccount(restoredPath);
      const server = await startServer({
        databasePath: restoredPath,
        env: { SMTP_URL: mailbox.url },
      });
      await use({ server, admin, names });
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ restored }, use) => {
    await use(restored.server.url);
  },
});

test("a restored backup holds the emails queued when it was taken until staff send or discard them", async ({
  page,
  restored,
  mailbox,
}) => {
  const { server, admin, names } = restored;
  const [sendName = "", discardName = ""] = names;
  const arrived = (name: string) =>
    mailbox.messages.filter((mail) => mail.subject.includes(name)).length;

  // The worker runs at start and then every 5 s: two runs go by, and nothing is sent.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(arrived(sendName) + arrived(discardName)).toBe(0);

  await signedInAs(page.context(), server, admin);
  await page.goto("/admin/outbox?state=queued");
  for (const name of names) {
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Held");
  }
  await page
    .getByRole("row")
    .filter({ hasText: sendName })
    .getByRole("button", { name: /^Send the email to .* now/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Sending now" })).toBeVisible();
  await expect.poll(() => arrived(sendName), { timeout: 10_000 }).toBe(1);

  await page
    .getByRole("row")
    .filter({ hasText: discardName })
    .getByRole("button", { name: "Discard" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Discarded" })).toBeVisible();
  await page.goto("/admin/outbox?state=failed");
  await expect(page.getByRole("row").filter({ hasText: discardName })).toContainText(
    "Discarded by staff after a restore",
  );

  // Another run of the worker goes by: the discarded email stays unsent, the other sent once.
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  expect(arrived(discardName)).toBe(0);
  expect(arrived(sendName)).toBe(1);
  const db = server.openDatabase();
  const held = db.prepare("select count(*) as n from outbox where held_at is not null").get();
  db.close();
  expect(held).toEqual({ n: 0 });
});
