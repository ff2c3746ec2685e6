// The admin on a 390 px phone: every section within reach through a menu, and each screen's
// primary action inside the viewport, without the page scrolling sideways.
import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { addAccount, signInAsAdmin } from "./support/admin";
import { expect, testOnOwnServer } from "./support/fixtures";
import { storeBooking } from "./support/bookings";
import { storeAssessment } from "./support/leads";
import type { RunningServer } from "./support/server";

const PHONE = { width: 390, height: 844 };
const sections = [
  { label: "Blog", path: "/admin/blog" },
  { label: "Leads", path: "/admin/leads" },
  { label: "Bookings", path: "/admin/bookings" },
  { label: "Subscribers", path: "/admin/subscribers" },
  { label: "Users", path: "/admin/users" },
  { label: "Privacy", path: "/admin/privacy" },
  { label: "Outbox", path: "/admin/outbox" },
  { label: "Webhooks", path: "/admin/webhooks" },
  { label: "Security", path: "/admin/security" },
  { label: "Retention", path: "/admin/retention" },
  { label: "Audit log", path: "/admin/audit" },
];

// A server of its own: the screens must show this spec's rows, which another spec's many newer
// rows would push onto a later page.
const test = testOnOwnServer();

test.use({ viewport: PHONE });

async function pageScrollsSideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** Where the element sits across the phone's width, in words a failure can print. */
async function horizontalPlace(box: Locator) {
  const bounds = await box.boundingBox();
  if (!bounds) return "not laid out";
  if (bounds.x < 0) return `${-bounds.x}px left of the screen`;
  const overflow = bounds.x + bounds.width - PHONE.width;
  return overflow > 0 ? `${overflow}px past the right edge` : "inside";
}

async function expectInsideViewport(box: Locator, where: string) {
  await expect(box).toBeVisible();
  // Read until it settles: hydration or a revalidation may swap the element between two reads,
  // and a swapped one has no box for that instant.
  await expect
    .poll(() => horizontalPlace(box), { message: `${where}: the element is across the screen` })
    .toBe("inside");
}

test("the admin's sections are a menu on a phone, every one of them in reach", async ({
  page,
  app,
}) => {
  await signInAsAdmin(page, app, { owner: true });
  await page.goto("/admin/blog");
  const header = page.getByRole("banner");
  const toggle = header.getByText("Menu", { exact: true });
  await expect(toggle).toBeVisible();
  await expect(header.getByRole("navigation", { name: "Admin" })).toBeHidden();
  expect(await pageScrollsSideways(page)).toBe(false);

  for (const section of sections.slice(1)) {
    await toggle.click();
    const menu = header.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link")).toHaveText(sections.map(({ label }) => label));
    for (const link of await menu.getByRole("link").all())
      await expectInsideViewport(link, `the menu on ${section.path}`);
    await menu.getByRole("link", { name: section.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    // Chosen, the menu closes, with or without JavaScript (a new page starts with it closed).
    await expect(header.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await pageScrollsSideways(page), `${section.label} scrolls sideways`).toBe(false);
  }
});

/**
 * A lead, a message, a booked call, a failed email, a waiting account and an endpoint, each with
 * long words.
 */
function seedEveryList(app: RunningServer, tag: string) {
  const unbroken = `${"operational-efficiency-".repeat(3)}${tag}`;
  const db = new Database(app.databasePath);
  try {
    storeAssessment(db, {
      company: `Longwinded Regional Holdings ${tag}`,
      name: ["Bartholomew", "Fitzgerald-Montgomery"],
      email: `${unbroken}@example.org`,
      phone: "+1 (303) 555-0142",
      answers: 1,
      createdAt: Date.now(),
    });
    db.prepare("insert into contact_messages (full_name, email, message) values (?, ?, ?)").run(
      `Olga ${tag}`,
      `${unbroken}@example.org`,
      `Please call about ${unbroken}.`,
    );
    // A start of its own among the specs' calls on this server: days ahead, minutes from the tag.
    const halfHour = 30 * 60_000;
    storeBooking(db, {
      startsAt:
        Math.ceil(Date.now() / halfHour) * halfHour +
        (10 + (parseInt(tag, 16) % 20)) * 24 * 60 * 60_000,
      fullName: `Bartholomew Fitzgerald-Montgomery ${tag}`,
      email: `${unbroken}@example.org`,
      company: `Longwinded Regional Holdings ${tag}`,
      phone: "+1 (303) 555-0142",
      topic: `Please call about ${unbroken}.`,
    });
    db.prepare(
      `insert into outbox (recipient, subject, text_body, html_body, attempts, last_error, failed_at)
       values (?, ?, '', '', 5, 'The server refused the connection (ECONNREFUSED).', ?)`,
    ).run(`${unbroken}@example.org`, `New contact message from ${unbroken}`, Date.now());
    db.prepare(
      "insert into webhook_endpoints (url, description, events, secret) values (?, ?, ?, ?)",
    ).run(
      `https://hooks.example.com/${unbroken}`,
      `CRM ${tag}`,
      '["contact.message"]',
      `whsec_${"A".repeat(43)}=`,
    );
  } finally {
    db.close();
  }
}

/** Each admin screen, and the action staff come to it for, as it reads to a screen reader. */
const screens: { path: string; action: (page: Page, tag: string, waiting: string) => Locator }[] = [
  { path: "/admin/blog", action: (page) => page.getByRole("link", { name: "Add New Post" }) },
  {
    path: "/admin/leads",
    action: (page, tag) =>
      page.getByRole("row").filter({ hasText: tag }).locator('td[data-label="Score"]'),
  },
  {
    path: "/admin/leads",
    action: (page, tag) => page.getByRole("link", { name: `Longwinded Regional Holdings ${tag}` }),
  },
  {
    path: "/admin/leads/messages",
    action: (page, tag) =>
      page.getByRole("button", { name: `Mark the message from Olga ${tag} as handled` }),
  },
  {
    path: "/admin/bookings",
    action: (page, tag) =>
      page
        .getByRole("row")
        .filter({ hasText: tag })
        .getByRole("button", { name: /^Cancel the call with / })
        .or(
          page
            .getByRole("row")
            .filter({ hasText: tag })
            .getByRole("link", { name: /^Cancel the call with / }),
        ),
  },
  {
    path: "/admin/bookings/settings",
    action: (page) => page.getByRole("button", { name: "Save hours" }),
  },
  {
    path: "/admin/users",
    action: (page, _tag, waiting) => page.getByRole("button", { name: `Approve ${waiting}` }),
  },
  {
    path: "/admin/outbox",
    action: (page, tag) =>
      page
        .getByRole("row")
        .filter({ hasText: tag })
        .getByRole("link", { name: /^New contact/ }),
  },
  {
    path: "/admin/outbox",
    action: (page, tag) => page.getByRole("button", { name: new RegExp(`^Retry .*${tag}`) }),
  },
  { path: "/admin/webhooks", action: (page) => page.getByRole("button", { name: "Add endpoint" }) },
  {
    path: "/admin/webhooks",
    action: (page, tag) =>
      page
        .getByRole("row")
        .filter({ hasText: `CRM ${tag}` })
        .getByRole("link"),
  },
  {
    path: "/admin/security",
    action: (page) => page.getByRole("button", { name: "Turn on two-factor sign-in" }),
  },
];

test("on a phone, each admin screen's primary action is in view and no page scrolls sideways", async ({
  page,
  app,
}) => {
  const tag = crypto.randomBytes(4).toString("hex");
  seedEveryList(app, tag);
  const waiting = await addAccount(app.databasePath, { approved: false });
  await signInAsAdmin(page, app, { owner: true });
  for (const screen of screens) {
    await page.goto(screen.path);
    const action = screen.action(page, tag, waiting);
    await expectInsideViewport(action, screen.path);
    expect(await pageScrollsSideways(page), `${screen.path} scrolls sideways`).toBe(false);
  }
});
