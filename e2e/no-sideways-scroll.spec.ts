// Nothing scrolls sideways: every public page and admin screen, in the states a visitor or a
// staff member reaches (empty, filled, refused), fits the window at phone, tablet and desktop
// widths. A wide table or a long word must wrap or scroll inside its own box, never the page.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { addAccount, signInAsAdmin } from "./support/admin";
import { giveResult } from "./support/assessment-cookie";
import { expect, test } from "./support/fixtures";
import { marketingPages } from "./support/public-pages";

const WIDTHS = [320, 390, 768, 1280];

/** The page's own width beyond the window, in CSS pixels (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Each state: a name, and how to bring the page to it. */
type State = [name: string, reach: (page: Page) => Promise<unknown>];

const publicStates: State[] = [
  ...marketingPages.map(({ path }): State => [path, (page) => page.goto(path)]),
  ["an article", (page) => page.goto("/insights").then(() => openFirstArticle(page))],
  ["a page that does not exist", (page) => page.goto("/no-such-page")],
  ["an article that does not exist", (page) => page.goto("/insights/no-such-post")],
  [
    "the contact form refused empty",
    async (page) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Missing Information").first()).toBeVisible();
    },
  ],
  ["Admin Access", (page) => page.goto("/admin/auth")],
  ["Admin Access, signing up", (page) => page.goto("/admin/auth?mode=signup")],
];

async function openFirstArticle(page: Page) {
  const first = page.locator('main a[href^="/insights/"]').first();
  await page.goto((await first.getAttribute("href")) ?? "/insights");
  await expect(page.locator("main h1")).toBeVisible();
}

const adminStates: State[] = [
  ...[
    "/admin/blog",
    "/admin/blog?new",
    "/admin/leads",
    "/admin/leads/messages",
    "/admin/leads/clicks",
    "/admin/bookings",
    "/admin/bookings/settings",
    "/admin/outbox?state=failed",
    "/admin/users",
    "/admin/security",
    "/admin/webhooks",
  ].map((path): State => [path, (page) => page.goto(path)]),
  [
    "a webhook endpoint with a long address and a failed delivery",
    async (page) => {
      await page.goto("/admin/webhooks");
      await page
        .getByRole("link", { name: /^https:\/\/hooks\./ })
        .first()
        .click();
      await page.getByText("Show the signing secret").click();
      await page.getByRole("link", { name: /^Failed/ }).click();
      await expect(page.getByRole("button", { name: "Retry" }).first()).toBeVisible();
    },
  ],
  [
    "a post's form refused empty",
    async (page) => {
      await page.goto("/admin/blog?new");
      await page.getByRole("button", { name: "Create Post" }).click();
      await expect(page.getByText("Please enter a title.")).toBeVisible();
    },
  ],
  [
    "the question before deleting a post",
    async (page) => {
      await page.goto("/admin/blog");
      await page
        .getByRole("button", { name: /^Delete / })
        .or(page.getByRole("link", { name: /^Delete / }))
        .first()
        .click();
      await expect(page.getByText("Are you sure you want to delete this blog post?")).toBeVisible();
    },
  ],
];

/** A message and a failed email whose address and words are longer than any phone is wide. */
function addLongLeads(databasePath: string) {
  const unbroken = `${"operational-efficiency-".repeat(6)}${Date.now()}`;
  const email = `${unbroken}@a-long-subdomain.example.org`;
  const db = new Database(databasePath);
  try {
    const { lastInsertRowid } = db
      .prepare("insert into contact_messages (full_name, email, message) values (?, ?, ?)")
      .run(`Bartholomew-Maximilian ${unbroken}`, email, `Please call about ${unbroken}.`);
    db.prepare(
      `insert into outbox (recipient, subject, text_body, html_body, contact_message_id, attempts,
         last_error, failed_at) values (?, ?, '', '', ?, 8, ?, ?)`,
    ).run(email, `New contact message from ${unbroken}`, lastInsertRowid, unbroken, Date.now());
    const endpoint = db
      .prepare(
        "insert into webhook_endpoints (url, description, events, secret) values (?, ?, ?, ?)",
      )
      .run(
        `https://hooks.${unbroken}.example.com/${unbroken}`,
        unbroken,
        '["contact.message","assessment.submitted"]',
        `whsec_${"A".repeat(43)}=`,
      );
    db.prepare(
      `insert into outbox (channel, webhook_endpoint_id, event_id, event_type, payload, attempts,
         last_error, response_status, failed_at) values ('webhook', ?, ?, 'contact.message', '{}', 12, ?, 503, ?)`,
    ).run(endpoint.lastInsertRowid, `msg_${unbroken}`, unbroken, Date.now());
  } finally {
    db.close();
  }
}

for (const width of WIDTHS) {
  test(`no public page scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const [name, reach] of publicStates) {
      await reach(page);
      expect(await sidewaysOverflow(page), name).toBeLessThanOrEqual(0);
    }
  });

  test(`the results page fits at ${width} px`, async ({ page, app }) => {
    await page.setViewportSize({ width, height: 900 });
    await giveResult(page.context(), app.url, app.sessionSecret, {
      submissionId: 1,
      firstName: "Bartholomew-Maximilian",
      efficiencyScore: 62,
      bandScore: 9,
      uncertainCount: 0,
    });
    await page.goto("/assessment-results");
    await expect(page.getByTestId("efficiency-level")).toBeVisible({ timeout: 5_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test(`no admin screen scrolls sideways at ${width} px`, async ({ page, app }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // Filled lists: accounts waiting, approved and owning, each with its buttons in the row, and
    // leads with long unbroken words.
    addLongLeads(app.databasePath);
    await addAccount(app.databasePath, { approved: false });
    await addAccount(app.databasePath);
    await addAccount(app.databasePath, { owner: true });
    await signInAsAdmin(page, app, { owner: true });
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    for (const [name, reach] of adminStates) {
      await reach(page);
      expect(await sidewaysOverflow(page), name).toBeLessThanOrEqual(0);
    }
  });
}
