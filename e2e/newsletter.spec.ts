// A post published by staff reaches a confirmed subscriber's inbox (the worker's SMTP mailbox),
// with its one-click unsubscribe headers, link and the firm's address, and the list counts it as
// sent; "Send a test to me" emails the staff member alone. With and without JavaScript.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./support/admin";
import { expect, testOnOwnServer } from "./support/fixtures";
import { writeContent } from "./support/post-editor";

// A server of its own: every post another spec publishes on a shared server goes to its
// confirmed subscribers too, and this spec counts what its reader receives.
const test = testOnOwnServer();

test("staff publish a post: a confirmed subscriber receives it once, and Send a test to me reaches staff alone", async ({
  page,
  app,
  mailbox,
  javaScriptEnabled,
}) => {
  const word = crypto.randomBytes(4).toString("hex");
  const reader = `reader-${word}@example.org`;
  const db = new Database(app.databasePath);
  try {
    db.prepare(
      "insert into subscribers (email, email_key, status, source, confirmed_at) values (?, ?, 'confirmed', 'insights', ?)",
    ).run(reader, reader, Date.now());
  } finally {
    db.close();
  }
  const staff = await signInAsAdmin(page, app);
  const title = `Where the days go ${word}`;

  await page.getByRole("link", { name: "Add New Post" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("Between a signed order and cash in the bank.");
  await writeContent(page, "Every hand-off is a queue.", Boolean(javaScriptEnabled));
  await expect(page.getByRole("checkbox", { name: "Email to subscribers" })).toBeChecked();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();

  const toReader = () =>
    mailbox.messages.filter((message) => message.to.includes(reader) && message.subject === title);
  await expect.poll(() => toReader().length, { timeout: 15_000 }).toBe(1);
  const [email] = toReader();
  expect(email?.headerLines["list-unsubscribe"]).toMatch(
    /^<https:\/\/[^>]+\/insights\/unsubscribe\/\d+\.[\w-]{43}>$/,
  );
  expect(email?.headerLines["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(email?.text).toContain("Every hand-off is a queue.");
  expect(email?.text).toMatch(/Unsubscribe with one click: http\S+\/insights\/unsubscribe\//);

  const item = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) });
  await expect(async () => {
    await page.reload();
    await expect(item.getByRole("region", { name: "Email to subscribers" })).toContainText(
      /1 subscriber; 1 sent, 0 queued, 0 failed/,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });

  await item.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText(`A test of "${title}" is on its way to ${staff}`)).toBeVisible();
  await expect
    .poll(() => mailbox.messages.filter((message) => message.subject === `[Test] ${title}`))
    .toHaveLength(1);
  const test = mailbox.messages.find((message) => message.subject === `[Test] ${title}`);
  expect(test?.to).toEqual([staff]);
  expect(test?.headerLines["list-unsubscribe"]).toBeUndefined();
  // The reader got the post once, and nothing of the test.
  expect(toReader()).toHaveLength(1);
  expect(mailbox.messages.filter((message) => message.to.includes(reader))).toHaveLength(1);
});
