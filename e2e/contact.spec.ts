import { expect, test } from "./support/fixtures";
import { recordStatesOf } from "./support/pending-states";

const count = (db: { prepare: (sql: string) => { get: () => unknown } }, table: string) =>
  (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

test("the contact page offers the form, direct email and phone links, and the 24-hour promise", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
  const form = page.locator("main form");
  await expect(form.getByRole("textbox", { name: "Full Name", exact: true })).toHaveAttribute(
    "required",
    "",
  );
  await expect(form.getByRole("textbox", { name: "Email Address", exact: true })).toHaveAttribute(
    "type",
    "email",
  );
  await expect(form.getByRole("textbox", { name: "Email Address", exact: true })).toHaveAttribute(
    "required",
    "",
  );
  await expect(form.getByRole("textbox", { name: /^Phone Number/ })).not.toHaveAttribute(
    "required",
    "",
  );
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveJSProperty(
    "tagName",
    "TEXTAREA",
  );
  await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();
  await expect(page.locator('main a[href^="mailto:"]')).toHaveText("hello@keelstone.example.com");
  await expect(page.locator('main a[href^="tel:"]')).toHaveText("+1 (303) 555-0142");
  await expect(page.locator("main")).toContainText("within 24 hours");
});

test("an empty submit shows Missing Information and stores and sends nothing", async ({
  page,
  app,
  mailbox,
}) => {
  // The worker's server and mailbox are shared with other specs (the assessment queues mail too),
  // so only contact rows and contact notifications count here.
  const contactMail = () =>
    mailbox.messages.filter((mail) => mail.subject.startsWith("New contact message")).length;
  const db = app.openDatabase();
  const before = {
    messages: count(db, "contact_messages"),
    outbox: count(db, "outbox"),
    mail: contactMail(),
  };
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();

  const notice = page.getByRole("alert").filter({ hasText: "Missing Information" });
  await expect(notice).toContainText("Please fill in all required fields.");
  expect(count(db, "contact_messages")).toBe(before.messages);
  expect(count(db, "outbox")).toBe(before.outbox);
  db.close();
  await page.waitForTimeout(300);
  expect(contactMail()).toBe(before.mail);
});

test("a partly filled form keeps what was typed when a field is missing", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Katherine Johnson");
  await page.getByRole("textbox", { name: /^Phone Number/ }).fill("+1 555 0111");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing Information" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue(
    "Katherine Johnson",
  );
  await expect(page.getByRole("textbox", { name: /^Phone Number/ })).toHaveValue("+1 555 0111");
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
});

test("a full submit shows Message Sent!, clears the form, stores the message and emails the firm", async ({
  page,
  app,
  mailbox,
}, testInfo) => {
  const name = `Dorothy Vaughan ${testInfo.project.name} ${Date.now()}`;
  const email = `dorothy.${Date.now()}@example.org`;
  const message = "Our invoices wait three days for approval.\nCan you help us fix that?";
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill(email);
  await page.getByRole("textbox", { name: /^Phone Number/ }).fill("+1 (720) 555-0123");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();

  const notice = page.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(notice).toContainText("We'll get back to you within 24 hours.");
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Email Address", exact: true })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");

  const db = app.openDatabase();
  const row = db.prepare("select * from contact_messages where email = ?").get(email);
  db.close();
  expect(row).toMatchObject({ full_name: name, phone: "+1 (720) 555-0123", message });

  await expect
    .poll(() => mailbox.messages.find((mail) => mail.subject.includes(name)), { timeout: 10_000 })
    .toBeTruthy();
  const mail = mailbox.messages.find((received) => received.subject.includes(name));
  expect(mail?.to).toEqual(["hello@keelstone.example.com"]);
  expect(mail?.replyTo).toBe(email);
  expect(mail?.text).toContain(name);
  expect(mail?.text).toContain(email);
  expect(mail?.text).toContain("+1 (720) 555-0123");
  expect(mail?.text).toContain("Our invoices wait three days for approval.");
  expect(mail?.html).toContain("Can you help us fix that?");
});

test("while sending, the button reads Sending... and every input is disabled", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser itself shows the page loading");
  // The form posts as a document (decision 017): hold the answer back a while.
  await page.route("**/contact", async (route) => {
    if (route.request().method() === "POST") {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await route.continue();
  });
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Mary Jackson");
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("mary@example.org");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
  const statesWhileSending = await recordStatesOf(page, "main form button, main form textarea");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
  // The button and the fields (the message box stands for them) in the moment after the click.
  expect(await statesWhileSending()).toEqual(
    expect.arrayContaining(["disabled shown Sending...", "disabled shown"]),
  );
});

test("with JavaScript the form checks itself: nothing is sent until it is complete, and messages follow the typing", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the server checks the form (tests above)");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/contact");
  const fullName = page.getByRole("textbox", { name: "Full Name", exact: true });
  const email = page.getByRole("textbox", { name: "Email Address", exact: true });
  // The check loads on the first touch of the form.
  const check = page.waitForResponse((response) => response.url().includes("contact-validation"));
  await fullName.focus();
  await check;

  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing Information" })).toContainText(
    "Please fill in all required fields.",
  );
  await expect(page.getByText("Please enter your full name.")).toBeVisible();
  await expect(fullName).toHaveAttribute("aria-invalid", "true");
  await expect(fullName).toBeFocused();

  await fullName.fill("Annie Easley");
  await expect(page.getByText("Please enter your full name.")).toBeHidden();
  await expect(fullName).not.toHaveAttribute("aria-invalid", "true");
  await email.fill("not-an-email");
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
  expect(posts).toEqual([]);
});
