// The leads lists as staff use them each week, with and without JavaScript, at 1280 px: a lead's
// score, level and recommendation in view, its company opening it, emails and phones as links,
// the "Last 7 days" and "This month" shortcuts, the sort by score, and messages handled or not.
import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { scoreAssessment, levelFor, recommendationFor } from "../app/features/assessment/scoring";
import { calendarDay, dayInZone } from "../app/lib/zoned-time";
import { answersAt } from "../tests/support/assessment-answers";
import { signInAsAdmin } from "./support/admin";
import { storeAssessment } from "./support/leads";
import { expect, testOnOwnServer } from "./support/fixtures";

const ZONE = "America/Denver";

// A server of its own, so the lists hold exactly the leads made here.
const test = testOnOwnServer({ env: { SITE_TIME_ZONE: ZONE } });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The leads, the longest words the table has to hold among them; `ago` in days. */
const leads = [
  {
    company: "Longwinded Regional Holdings and Logistics International",
    name: ["Bartholomew", "Fitzgerald-Montgomery"],
    email: "bartholomew.fitzgerald-montgomery@longwinded-regional-holdings.example.org",
    phone: "+1 (303) 555-0142",
    answers: 99,
    ago: 0,
  },
  // No company: the name stands for the lead.
  {
    company: "",
    name: ["Grace", "Hopper"],
    email: "grace@example.org",
    phone: null,
    answers: 1,
    ago: 0,
  },
  // Forty days ago: in neither shortcut, whatever today's date.
  {
    company: "Brightwater",
    name: ["Ada", "Lovelace"],
    email: "ada@brightwater.example.org",
    phone: null,
    answers: 0,
    ago: 40,
  },
] as const;

const scoreOf = (lead: (typeof leads)[number]) =>
  scoreAssessment(answersAt(lead.answers)).efficiencyScore;

/** The stored row of each lead, written as the wizard writes one, and two contact messages. */
function seed(databasePath: string) {
  const db = new Database(databasePath);
  try {
    const now = Date.now();
    for (const lead of leads) {
      storeAssessment(db, { ...lead, createdAt: now - lead.ago * DAY_MS - 60_000 });
    }
    const message = db.prepare(
      "insert into contact_messages (full_name, email, phone, message, created_at, handled_at) values (?, ?, ?, ?, ?, ?)",
    );
    message.run("Open Olga", "olga@example.org", "303-555-0199", "Call me", now - 120_000, null);
    message.run("Done Dana", "dana@example.org", null, "Thanks", now - 60_000, now);
  } finally {
    db.close();
  }
}

/** The right edge of an element is inside the window and inside the table's own box. */
async function expectInView(page: Page, cell: Locator) {
  const box = await cell.boundingBox();
  const frame = await page
    .getByRole("table")
    .locator("xpath=..")
    .evaluate((element) => element.getBoundingClientRect().right);
  expect(box, "the cell is drawn").not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(Math.min(1280, frame) + 0.5);
  await expect(cell).toBeInViewport();
}

/**
 * The lead (company or name) of each row, top to bottom. Poll it: with JavaScript the address
 * changes a moment before the list is drawn again.
 */
const leadsListed = (page: Page) =>
  page
    .getByRole("row")
    .locator("td:nth-child(2) > a:first-child")
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()));

/** The page's query, whatever the order of its parameters. */
async function expectQuery(page: Page, expected: Record<string, string>) {
  await expect(page).toHaveURL(
    (url) =>
      JSON.stringify(Object.fromEntries([...url.searchParams].sort())) ===
      JSON.stringify(Object.fromEntries(Object.entries(expected).sort())),
  );
}

test("staff find, open, sort and filter the week's leads at 1280 px", async ({ page, app }) => {
  test.setTimeout(90_000);
  seed(app.databasePath);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, app);
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { name: "Assessments (3)" })).toBeVisible();

  // Score, level and recommendation in view on every row, with no sideways scrolling.
  const scoreColumn = 2;
  for (const lead of leads) {
    const label = lead.company || lead.name.join(" ");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: label }) });
    const score = scoreAssessment(answersAt(lead.answers));
    const cells = row.getByRole("cell");
    await expect(cells.nth(scoreColumn)).toHaveText(String(score.efficiencyScore));
    await expect(cells.nth(scoreColumn + 1)).toHaveText(levelFor(score.efficiencyScore).name);
    await expect(cells.nth(scoreColumn + 2)).toHaveText(
      recommendationFor(score.bandScore, 0).title,
    );
    for (const index of [scoreColumn, scoreColumn + 1, scoreColumn + 2]) {
      await expectInView(page, cells.nth(index));
    }
    // The email and phone start a message or a call.
    await expect(row.getByRole("link", { name: lead.email })).toHaveAttribute(
      "href",
      `mailto:${lead.email}`,
    );
    if (lead.phone) {
      await expect(row.getByRole("link", { name: lead.phone })).toHaveAttribute(
        "href",
        "tel:+13035550142",
      );
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // The company opens the lead, and the name does where there is no company.
  const [longwinded, grace] = leads;
  await page.getByRole("link", { name: longwinded.company }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Assessment from ${longwinded.company}`,
  );
  await expect(page.getByRole("link", { name: longwinded.email })).toHaveAttribute(
    "href",
    `mailto:${longwinded.email}`,
  );
  await expect(page.getByRole("link", { name: longwinded.phone })).toHaveAttribute(
    "href",
    "tel:+13035550142",
  );
  await page.getByRole("link", { name: "Back to all assessments" }).click();
  await page.getByRole("link", { name: grace.name.join(" ") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Assessment from Grace Hopper");
  await page.getByRole("link", { name: "Back to all assessments" }).click();

  // By score, highest first, then lowest, from the Score heading.
  const byScore = [...leads].sort((a, b) => scoreOf(b) - scoreOf(a));
  const labels = (list: readonly (typeof leads)[number][]) =>
    list.map((lead) => lead.company || lead.name.join(" "));
  await page
    .getByRole("columnheader", { name: /^Score/ })
    .getByRole("link")
    .click();
  await expectQuery(page, { sort: "score-desc" });
  await expect(page.getByRole("columnheader", { name: /^Score/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect.poll(() => leadsListed(page)).toEqual(labels(byScore));
  await page
    .getByRole("columnheader", { name: /^Score/ })
    .getByRole("link")
    .click();
  await expectQuery(page, { sort: "score-asc" });
  await expect.poll(() => leadsListed(page)).toEqual(labels(byScore.toReversed()));

  // The shortcuts are the firm's days, keep the order, and list only the recent leads.
  const today = dayInZone(new Date(), ZONE);
  const shortcuts = page.getByRole("navigation", { name: "Date shortcuts" });
  const lastWeek = { from: calendarDay(today, -6), to: today };
  await shortcuts.getByRole("link", { name: "Last 7 days" }).click();
  await expectQuery(page, { ...lastWeek, sort: "score-asc" });
  await expect(page.getByRole("heading", { name: "Assessments (2)" })).toBeVisible();
  await expect(shortcuts.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(lastWeek.from);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(lastWeek.to);
  const recent = labels(byScore.toReversed()).filter((label) => label !== "Brightwater");
  await expect.poll(() => leadsListed(page)).toEqual(recent);
  await shortcuts.getByRole("link", { name: "This month" }).click();
  const firstOfMonth = `${today.slice(0, 8)}01`;
  await expectQuery(page, {
    from: firstOfMonth,
    to: calendarDay(calendarDay(firstOfMonth, 0, 1), -1),
    sort: "score-asc",
  });
  await expect.poll(() => leadsListed(page)).toEqual(recent);

  // Contact messages: emails and phones as links, and the handled filter with its counts.
  await page.goto("/admin/leads/messages");
  const olga = page.getByRole("row").filter({ hasText: "Open Olga" });
  await expect(olga.getByRole("link", { name: "olga@example.org" })).toHaveAttribute(
    "href",
    "mailto:olga@example.org",
  );
  await expect(olga.getByRole("link", { name: "303-555-0199" })).toHaveAttribute(
    "href",
    "tel:3035550199",
  );
  const handled = page.getByRole("navigation", { name: "Handled" });
  await expect(handled.getByRole("link")).toHaveText(["All (2)", "Not handled (1)", "Handled (1)"]);
  await handled.getByRole("link", { name: "Not handled (1)", exact: true }).click();
  await expectQuery(page, { handled: "no" });
  await expect(page.getByRole("heading", { name: "Contact messages (1)" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Done Dana" })).toHaveCount(0);
  await expect(olga).toBeVisible();
  // Sorting keeps the filter, and the filter keeps the order.
  await page
    .getByRole("columnheader", { name: /^Received/ })
    .getByRole("link")
    .click();
  await expectQuery(page, { handled: "no", sort: "oldest" });
  await expect(page.getByRole("heading", { name: "Contact messages (1)" })).toBeVisible();
  await handled.getByRole("link", { name: "Handled (1)", exact: true }).click();
  await expectQuery(page, { handled: "yes", sort: "oldest" });
  await expect(page.getByRole("row").filter({ hasText: "Done Dana" })).toBeVisible();
  await expect(olga).toHaveCount(0);
  // The shortcuts and the date form keep both too.
  await page
    .getByRole("navigation", { name: "Date shortcuts" })
    .getByRole("link", { name: "Last 7 days" })
    .click();
  await expectQuery(page, { ...lastWeek, handled: "yes", sort: "oldest" });
  await expect(page.getByRole("heading", { name: "Contact messages (1)" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill(calendarDay(today, -1));
  await page.getByRole("button", { name: "Filter" }).click();
  await expectQuery(page, {
    from: calendarDay(today, -1),
    to: today,
    handled: "yes",
    sort: "oldest",
  });
  await expect(page.getByRole("row").filter({ hasText: "Done Dana" })).toBeVisible();
  // Clear empties the dates typed, as it does the list's filter.
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expectQuery(page, {});
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("");
});
