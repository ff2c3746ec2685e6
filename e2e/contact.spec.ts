import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { holdRequests } from "./support/held-requests";

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

test("a post the server refuses puts the focus on the first refused field, which says why", async ({
  page,
  javaScriptEnabled,
}) => {
  // With JavaScript the browser's own check would answer first: this is the server's answer.
  if (javaScriptEnabled) await page.route("**/assets/validation-*.js", (route) => route.abort());
  await page.goto("/contact");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Our audits take weeks.");
  // Enter in a one-line field sends the form, as a visitor would.
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Mary Jackson");
  await page.keyboard.press("Enter");
  const email = page.getByRole("textbox", { name: "Email Address", exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Please enter your email address\./);
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

test("with JavaScript, a form the server sends back keeps what was typed, and a later send clears it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the browser's check exists only with JavaScript");
  // The browser's check fails to load (offline, or a deploy replaced it): the server checks alone.
  await page.route("**/assets/validation-*.js", (route) => route.abort());
  await page.goto("/contact");
  await waitForHydration(page);
  const fullName = page.getByRole("textbox", { name: "Full Name", exact: true });
  await fullName.fill("Mary Jackson");
  await page.getByRole("textbox", { name: /^Phone Number/ }).fill("+1 555 0112");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await expect(fullName).toHaveValue("Mary Jackson");
  await expect(page.getByRole("textbox", { name: /^Phone Number/ })).toHaveValue("+1 555 0112");

  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("mary@example.org");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Our audits take weeks.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
  await expect(fullName).toHaveValue("");
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
  // The post is held until the pending state has been checked: a busy machine may take longer
  // to check every field than any fixed delay.
  const release = await holdRequests(page, "**/contact.data*");
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Mary Jackson");
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("mary@example.org");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  for (const field of await page.locator("main form").getByRole("textbox").all()) {
    await expect(field).toBeDisabled();
  }
  release();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
});

test("the same post sent again (its answer lost on the way) stores one message and sends one email", async ({
  page,
  app,
  mailbox,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Annie Easley ${testInfo.project.name} ${Date.now()}`;
  // The post reaches the server, its answer is lost, and the browser sends it again: the
  // visitor sees the second answer.
  let sent = 0;
  let formId: string | null = null;
  await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    formId = new URLSearchParams(route.request().postData() ?? "").get("formId");
    await route.fetch({ maxRedirects: 0 });
    const again = await route.fetch({ maxRedirects: 0 });
    sent += 2;
    await route.fulfill({ response: again });
  });
  await page.goto("/contact");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("annie@example.org");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Our reports take days.");
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
  expect(sent).toBe(2);
  // With the script, this showing of the form has its own id; without, the field goes empty.
  expect(formId).toMatch(javaScriptEnabled ? /^[0-9a-f]{32}$/ : /^$/);
  const db = app.openDatabase();
  const stored = db
    .prepare(
      `select (select count(*) from outbox o where o.contact_message_id = m.id and o.channel = 'email') as emails
       from contact_messages m where m.full_name = ?`,
    )
    .all(name);
  db.close();
  expect(stored).toEqual([{ emails: 1 }]);
  await expect
    .poll(() => mailbox.messages.filter((mail) => mail.subject.includes(name)).length, {
      timeout: 10_000,
    })
    .toBe(1);
  await page.waitForTimeout(300);
  expect(mailbox.messages.filter((mail) => mail.subject.includes(name))).toHaveLength(1);
});

test("by keyboard, a sent message takes focus to Message Sent!, which is announced", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/contact");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).focus();
  await page.keyboard.type("Annie Easley");
  await page.keyboard.press("Tab");
  await page.keyboard.type(`annie.${Date.now()}@example.org`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Our month-end close takes nine days.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeFocused();
  await page.keyboard.press("Enter");

  const notice = page.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(notice).toBeVisible();
  await expect(page.locator(":focus"), "focus is on the message, not <body>").toContainText(
    "Message Sent!",
  );
  await expect(page.locator(":focus").getByRole("status")).toContainText(
    "We'll get back to you within 24 hours.",
  );
});

test("with JavaScript, the form's code comes after the page's, and what was typed meanwhile stays", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "about the form's script");
  // The form's code (conform and the form's state) is held back while someone starts typing.
  const release = await holdRequests(page, "**/assets/contact-form-*.js");
  await page.goto("/contact");
  await page.waitForFunction(
    () =>
      window.__reactRouterDataRouter?.state.initialized === true &&
      Object.keys(document.body).some((key) => key.startsWith("__reactProps")),
  );
  const fullName = page.getByRole("textbox", { name: "Full Name", exact: true });
  await fullName.fill("Mary Jackson");
  const formIsReacts = () =>
    page
      .locator("main form")
      .evaluate((form) => Object.keys(form).some((key) => key.startsWith("__reactProps")));
  expect(await formIsReacts(), "the page runs before the form's code arrives").toBe(false);

  release();
  await waitForHydration(page);
  await expect(fullName).toHaveValue("Mary Jackson");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("mary@example.org");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Our audits take weeks.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
  await expect(fullName).toHaveValue("");
  expect(documents, "sent by the browser's router, not as a new page").toEqual([]);
});

test("with JavaScript, a visit from another page draws the form whole and checks it in the browser", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "a visit without a new document needs JavaScript");
  await page.goto("/");
  await waitForHydration(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.locator('main a[href="/contact"]').first().click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Missing Information" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toBeFocused();
  expect(documents).toEqual([]);
});
