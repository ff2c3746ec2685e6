import Database from "better-sqlite3";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { auditedPage } from "./support/audited-page";
import { giveResult } from "./support/assessment-cookie";
import { codeSnifferErrors } from "./support/html-codesniffer";
import { expect, test } from "./support/fixtures";
import type { RunningServer } from "./support/server";
import { storeBooking } from "./support/bookings";
import { storeAssessment } from "./support/leads";
import { openTimePaths, postBooking } from "./support/booking";
import { marketingPages } from "./support/public-pages";
import { confirmationPathFor, unsubscribePathFor } from "./support/subscribers";

const pages = [
  ...marketingPages.map(({ path }) => path),
  "/book",
  "/insights/subscribe",
  // A subscriber's links that do not work: their pages, not the buttons a real link shows.
  `/insights/subscribe/confirm/${"A".repeat(43)}`,
  `/insights/unsubscribe/1.${"A".repeat(43)}`,
  "/this-page-does-not-exist",
  "/admin/auth",
  "/admin/forgot-password",
  // A link that no longer works: its page, not the form, which an emailed token opens.
  "/admin/reset-password?token=not-one-we-sent",
  "/admin/invitation?token=not-one-we-sent",
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const path of pages) {
  for (const width of [390, 1280]) {
    test(`${path} has no serious or critical accessibility violations at ${width}px`, async ({
      page,
      browser,
      baseURL,
      javaScriptEnabled,
    }) => {
      const auditPage = await auditedPage(page, browser, baseURL, javaScriptEnabled);
      await auditPage.setViewportSize({ width, height: 900 });
      await auditPage.goto(path);
      expect(await seriousViolations(auditPage)).toEqual([]);
      if (auditPage !== page) await auditPage.context().close();
    });
  }
}

for (const path of pages) {
  test(`${path} has no HTML_CodeSniffer errors (WCAG 2 AA)`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const auditPage = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    await auditPage.goto(path);
    expect(await codeSnifferErrors(auditPage)).toEqual([]);
    if (auditPage !== page) await auditPage.context().close();
  });
}

test("a time's booking page, a call's page and its confirming steps have no serious violations", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  app,
}) => {
  // Five screens at two widths, each audited by axe and, once, by HTML_CodeSniffer.
  test.setTimeout(150_000);
  const [first = "", second = ""] = await openTimePaths(app.url);
  const manage = (await postBooking(app.url, first)).headers.get("location") ?? "";
  const screens = [
    second,
    `${second}?tz=Asia%2FKolkata`,
    manage,
    `${manage}?cancel`,
    `${manage}?move=${encodeURIComponent(second.replace("/book/", ""))}`,
  ];
  const auditPage = await auditedPage(page, browser, baseURL, javaScriptEnabled);
  for (const width of [390, 1280]) {
    await auditPage.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await auditPage.goto(screen);
      expect(await seriousViolations(auditPage), `${screen} at ${width}px`).toEqual([]);
      if (width === 1280) expect(await codeSnifferErrors(auditPage), screen).toEqual([]);
    }
  }
  // The form refused, with each message at its field.
  await auditPage.goto(second);
  await auditPage.getByRole("button", { name: "Book this call" }).click();
  await expect(auditPage.getByText("Please enter your full name.")).toBeVisible();
  expect(await seriousViolations(auditPage)).toEqual([]);
  if (auditPage !== page) await auditPage.context().close();
});

test("a subscriber's confirm and unsubscribe pages, their answers and a refused address have no serious violations", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  app,
  mailbox,
  request,
}, testInfo) => {
  const email = `audit-${testInfo.project.name}-${Date.now()}@example.org`;
  await request.post("/insights/subscribe", { form: { email } });
  const confirm = await confirmationPathFor(mailbox, email);
  const auditPage = await auditedPage(page, browser, baseURL, javaScriptEnabled);
  const audit = async (screen: string) => {
    expect(await seriousViolations(auditPage), screen).toEqual([]);
    expect(await codeSnifferErrors(auditPage), screen).toEqual([]);
  };
  await auditPage.goto(confirm);
  await audit("confirm");
  await auditPage.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(auditPage.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
  await audit("confirmed");
  await auditPage.goto(unsubscribePathFor(app, email));
  await audit("unsubscribe");
  await auditPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(auditPage.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await audit("unsubscribed");
  await auditPage.goto("/insights/subscribe");
  await auditPage.getByRole("textbox", { name: "Email Address" }).fill("not-an-address");
  await auditPage.getByRole("button", { name: "Subscribe" }).click();
  await expect(auditPage.getByRole("textbox", { name: "Email Address" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await audit("refused address");
  if (auditPage !== page) await auditPage.context().close();
});

test("the assessment's contact step showing a field error has no serious violations", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const auditPage = await auditedPage(page, browser, baseURL, javaScriptEnabled);
  await auditPage.goto("/efficiency-assessment");
  await auditPage.getByLabel("Company").fill("Hopper Freight");
  await auditPage.getByLabel("First Name").fill("Grace");
  await auditPage.getByLabel("Last Name").fill("Hopper");
  await auditPage.getByLabel("Work Email").fill("grace-at-hopper");
  await auditPage.getByRole("button", { name: "Next" }).click();
  await expect(auditPage.getByLabel("Work Email")).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(auditPage)).toEqual([]);
  if (auditPage !== page) await auditPage.context().close();
});

for (const [view, uncertainCount] of [
  ["result", 0],
  ["consultation", 2],
] as const) {
  test(`the assessment's ${view} view has no serious violations`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    app,
  }) => {
    const auditPage = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    await giveResult(auditPage.context(), app.url, app.sessionSecret, {
      submissionId: 1,
      firstName: "Grace",
      efficiencyScore: 64,
      bandScore: 11,
      uncertainCount,
    });
    await auditPage.goto("/assessment-results");
    await expect(auditPage.locator(".calculated-panel")).toBeVisible({ timeout: 5_000 });
    await expect(auditPage.locator(".calculating-panel")).toBeHidden();
    expect(await seriousViolations(auditPage)).toEqual([]);
    if (auditPage !== page) await auditPage.context().close();
  });
}

/**
 * Signs in as an owner and stores one of everything the admin lists (an endpoint and its delivery,
 * an invitation, an email, a failing calendar, an assessment and its call), so each screen shows
 * its rows and buttons (the call `callDaysAhead` days ahead); the screens to audit, with those
 * rows' pages and questions.
 */
async function seededAdminScreens(page: Page, app: RunningServer, callDaysAhead: number) {
  const owner = await signInAsAdmin(page, app, { owner: true });
  const db = new Database(app.databasePath);
  const endpoint = db
    .prepare("insert into webhook_endpoints (url, events, secret) values (?, ?, ?)")
    .run("https://crm.example.com/hooks", '["contact.message"]', `whsec_${"A".repeat(43)}=`);
  // An invitation waiting to be accepted, listed on Users with its buttons.
  const invitation = db
    .prepare(
      "insert into invitations (email, token_hash, invited_by, sent_at, expires_at) select ?, ?, id, ?, ? from users where email = ?",
    )
    .run(
      `audited-${Date.now()}@example.org`,
      `audit-${owner}`,
      Date.now(),
      Date.now() + 60_000,
      owner,
    );
  const email = db
    .prepare(
      `insert into outbox (recipient, subject, text_body, html_body, sent_at)
       values ('firm@example.com', 'Audited email', 'Hello', '<p>Hello</p>', ?)`,
    )
    .run(Date.now());
  const delivery = db
    .prepare(
      `insert into outbox (channel, webhook_endpoint_id, event_id, event_type, payload, sent_at, response_status)
       values ('webhook', ?, ?, 'contact.message', '{"ok":true}', ?, 200)`,
    )
    .run(endpoint.lastInsertRowid, `msg_audit_${Date.now()}`, Date.now());
  // A staff calendar whose last read failed, listed with every column and its buttons.
  const calendar = db
    .prepare(
      "insert into calendar_sources (label, url, last_attempt_at, last_success_at, last_error, busy_count) values (?, ?, ?, ?, ?, 3)",
    )
    .run(
      "Audited calendar",
      "https://calendar.example.com/secret/basic.ics",
      Date.now(),
      Date.now() - 60_000,
      "The server refused the connection (ECONNREFUSED).",
    );
  const assessment = storeAssessment(db, {
    company: "Audited Industries",
    name: ["Ada", "Lovelace"],
    email: "ada@example.org",
    phone: "+1 (303) 555-0142",
    answers: 1,
    createdAt: Date.now(),
  });
  // A call with that assessment, listed with its Cancel, and the question before cancelling it.
  const booking = storeBooking(db, {
    startsAt: Math.ceil(Date.now() / 1_800_000) * 1_800_000 + callDaysAhead * 24 * 60 * 60_000,
    fullName: "Ada Lovelace",
    email: "ada@example.org",
    company: "Audited Industries",
    topic: "Reporting by hand",
    assessmentId: assessment,
  });
  // A subscriber listed with Remove, and the question before removing them.
  const subscriber = db
    .prepare(
      "insert into subscribers (email, email_key, name, status, source, confirmed_at) values (?, ?, 'Ada Lovelace', 'confirmed', 'insights', ?)",
    )
    .run("ada-subscriber@example.org", "ada-subscriber@example.org", Date.now());
  db.close();
  return [
    "/admin/blog",
    "/admin/blog?new",
    "/admin/leads",
    "/admin/leads/messages",
    "/admin/leads/clicks",
    `/admin/leads/assessments/${assessment}`,
    "/admin/bookings",
    `/admin/bookings?cancel=${booking}`,
    "/admin/bookings/settings",
    "/admin/outbox",
    `/admin/outbox/${email.lastInsertRowid}`,
    "/admin/users",
    `/admin/users?revoke-invitation=${invitation.lastInsertRowid}`,
    "/admin/security",
    "/admin/webhooks",
    `/admin/webhooks/${endpoint.lastInsertRowid}?remove`,
    `/admin/webhooks/${endpoint.lastInsertRowid}/edit`,
    `/admin/webhooks/${endpoint.lastInsertRowid}/deliveries/${delivery.lastInsertRowid}`,
    "/admin/bookings/calendars",
    `/admin/bookings/calendars?remove=${calendar.lastInsertRowid}`,
    "/admin/bookings/calendars?replace-feed",
    "/admin/subscribers",
    `/admin/subscribers?remove=${subscriber.lastInsertRowid}`,
    // The owners' own screen.
    "/admin/audit",
  ];
}

for (const width of [390, 1280]) {
  test(`every admin screen, and the question before deleting a post, has no serious violations at ${width}px`, async ({
    page,
    app,
    javaScriptEnabled,
  }) => {
    test.skip(
      !javaScriptEnabled,
      "The admin's markup is the server's either way; the dialog needs a script",
    );
    test.setTimeout(120_000);
    // Each width books its own day: one time holds one call.
    const screens = await seededAdminScreens(page, app, width === 390 ? 40 : 41);
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await page.goto(screen);
      expect(await seriousViolations(page), `${screen} at ${width}px`).toEqual([]);
    }
    await page.goto("/admin/blog");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page), `the delete dialog at ${width}px`).toEqual([]);
  });
}
