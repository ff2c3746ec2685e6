// The outbox in the browser, with and without JavaScript: it opens on every email, newest first,
// whatever became of each, and an email opens on its page with its headers and both parts as text.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/fixtures";
import type { RunningServer } from "./support/server";

/** Stores an email as the outbox would have, already failed or sent, so no worker sends it. */
function storeEmail(
  app: RunningServer,
  email: {
    subject: string;
    html: string;
    text: string;
    state: "failed" | "sent";
    calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  },
) {
  const db = new Database(app.databasePath);
  const now = Date.now();
  const { id } = db
    .prepare(
      `insert into outbox (recipient, reply_to, subject, text_body, html_body, calendar, calendar_method, attempts, last_error, failed_at, sent_at)
       values ('firm@example.com', 'visitor@example.org', ?, ?, ?, ?, ?, 1, ?, ?, ?) returning id`,
    )
    .get(
      email.subject,
      email.text,
      email.html,
      email.calendar?.content ?? null,
      email.calendar?.method ?? null,
      email.state === "failed" ? "The server refused the connection (ECONNREFUSED)." : null,
      email.state === "failed" ? now : null,
      email.state === "sent" ? now : null,
    ) as { id: number };
  db.close();
  return id;
}

async function openOutbox(page: Page, app: RunningServer) {
  await signInAsAdmin(page, app);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Outbox" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outbox");
}

test("the outbox opens on all its emails, newest first, the failed among them", async ({
  page,
  app,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  storeEmail(app, { subject: `Failed ${tag}`, text: "x", html: "<p>x</p>", state: "failed" });
  storeEmail(app, { subject: `Sent ${tag}`, text: "y", html: "<p>y</p>", state: "sent" });
  await openOutbox(page, app);

  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const tabs = page.getByRole("navigation", { name: "State of the emails" });
  await expect(tabs.getByRole("link", { name: /^All \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const log = page.getByRole("table", { name: "All emails, newest first" });
  const rows = log.getByRole("row");
  await expect(rows.nth(1)).toContainText(`Sent ${tag}`);
  await expect(rows.nth(1)).toContainText("Sent");
  await expect(rows.nth(2)).toContainText(`Failed ${tag}`);
  await expect(rows.nth(2)).toContainText("The server refused the connection (ECONNREFUSED).");
  await expect(rows.nth(2).getByRole("button", { name: "Retry" })).toBeVisible();

  // The tabs still narrow it.
  await tabs.getByRole("link", { name: /^Failed/ }).click();
  await expect(page).toHaveURL(/\?state=failed$/);
  await expect(page.getByRole("table", { name: /^Failed emails/ })).not.toContainText(
    `Sent ${tag}`,
  );
});

test("an email opens to show what was sent: its headers, its text and its HTML as source", async ({
  page,
  app,
}) => {
  const subject = `Your results ${crypto.randomBytes(3).toString("hex")}`;
  const html = `<p>Hello <b class="shown-bold">Ada</b></p><script>document.title = "ran"</script>`;
  const id = storeEmail(app, {
    subject,
    text: "Hello Ada,\nyour results are ready.",
    html,
    state: "sent",
  });
  await openOutbox(page, app);
  await page.getByRole("link", { name: subject }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/outbox/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  const headers = page.getByRole("region", { name: "Headers" });
  await expect(headers).toContainText("To: firm@example.com");
  await expect(headers).toContainText("Reply-To: visitor@example.org");
  await expect(headers).toContainText(`Subject: ${subject}`);
  await expect(headers).toContainText(new RegExp(`Message-ID: <outbox-${id}-\\d+@`));
  await expect(headers).toContainText("Auto-Submitted: auto-generated");
  await expect(page.getByRole("region", { name: "Text" })).toContainText(
    "Hello Ada,\nyour results are ready.",
  );
  // The HTML part is its source, as text: nothing of it is rendered, nothing of it runs.
  await expect(page.getByRole("region", { name: "HTML source" })).toContainText(html);
  await expect(page.locator(".shown-bold")).toHaveCount(0);
  await expect(page).not.toHaveTitle("ran");

  await page.getByRole("link", { name: "Back to the outbox" }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
});

test("an email with a calendar names it among its facts and shows its text", async ({
  page,
  app,
}) => {
  const subject = `New call booked ${crypto.randomBytes(3).toString("hex")}`;
  const content = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";
  const id = storeEmail(app, {
    subject,
    text: "A call was booked.",
    html: "<p>A call was booked.</p>",
    state: "sent",
    calendar: { method: "REQUEST", content },
  });
  await signInAsAdmin(page, app);
  await page.goto(`/admin/outbox/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  await expect(page.getByRole("definition").filter({ hasText: "METHOD:" })).toHaveText(
    "An invitation (METHOD:REQUEST), as a text/calendar part and invite.ics",
  );
  await expect(page.getByRole("region", { name: "Calendar" })).toContainText(
    "BEGIN:VCALENDAR\nMETHOD:REQUEST\nEND:VCALENDAR",
  );
});
