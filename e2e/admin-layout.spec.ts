// The admin's own frame: its sections in a header of its own, who is signed in and Sign Out,
// no marketing header or footer, notices inside the page, and tables across a wide screen.
import Database from "better-sqlite3";
import { addAccount, signInAsAdmin } from "./support/admin";
import { expect, testOnOwnServer } from "./support/fixtures";

// A server of its own: the paged list below is filled with messages dated far ahead, which would
// stand first in every other spec's list of messages.
const test = testOnOwnServer();

const sections = [
  { label: "Blog", path: "/admin/blog", heading: "Blog Administration" },
  { label: "Leads", path: "/admin/leads", heading: "Leads" },
  { label: "Bookings", path: "/admin/bookings", heading: "Bookings" },
  { label: "Subscribers", path: "/admin/subscribers", heading: "Subscribers" },
  { label: "Users", path: "/admin/users", heading: "Users" },
  { label: "Privacy", path: "/admin/privacy", heading: "Privacy requests" },
  { label: "Outbox", path: "/admin/outbox", heading: "Outbox" },
  { label: "Webhooks", path: "/admin/webhooks", heading: "Webhooks" },
  { label: "Security", path: "/admin/security", heading: "Security" },
  { label: "Retention", path: "/admin/retention", heading: "Retention" },
  // An owner's own section.
  { label: "Audit log", path: "/admin/audit", heading: "Audit log" },
];

test("the admin header leads to every section and marks the one open", async ({ page, app }) => {
  const email = await signInAsAdmin(page, app, { owner: true });

  const header = page.getByRole("banner");
  await expect(header).toContainText(email);
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  // None of the public site's frame: its menu, its call to action, its footer.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Get Your Operational Score" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  const navigation = page.getByRole("navigation", { name: "Admin" });
  await expect(navigation.getByRole("link")).toHaveText(sections.map(({ label }) => label));
  for (const section of sections) {
    await navigation.getByRole("link", { name: section.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(section.heading);
    await expect(
      navigation.getByRole("link", { name: section.label, exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expect(navigation.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test("a notice after an action sits inside the page, below the admin header", async ({
  page,
  app,
}) => {
  await addAccount(app.databasePath, { approved: false });
  await signInAsAdmin(page, app, { owner: true });
  await page.goto("/admin/users");
  await page
    .getByRole("button", { name: /^Approve / })
    .first()
    .click();
  const notice = page.getByRole("status").filter({ hasText: "Account approved" });
  await expect(notice).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("status").filter({ hasText: "Account approved" }),
  ).toBeVisible();
  const noticeBox = await notice.boundingBox();
  const headerBox = await page.getByRole("banner").boundingBox();
  const mainBox = await page.getByRole("main").boundingBox();
  expect(noticeBox && headerBox && mainBox).toBeTruthy();
  if (!noticeBox || !headerBox || !mainBox) return;
  expect(noticeBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  // Within the page's margins, not a band from edge to edge, and on the page's own background:
  // beside the notice is the same colour as beside the heading below it.
  expect(noticeBox.x).toBeGreaterThan(mainBox.x);
  expect(noticeBox.width).toBeLessThan(mainBox.width);
  // Both points are read in one step in the page: a scroll in between (the router's, after the
  // post) would otherwise move what lies under them.
  const backgrounds = await notice.evaluate((box) => {
    const backgroundAt = (y: number) => {
      let element = document.elementFromPoint(4, y);
      while (element) {
        const colour = getComputedStyle(element).backgroundColor;
        if (colour !== "rgba(0, 0, 0, 0)") return colour;
        element = element.parentElement;
      }
      return "none";
    };
    box.scrollIntoView({ block: "center" });
    const noticeRect = box.getBoundingClientRect();
    const headingRect = document.querySelector("main h1")?.getBoundingClientRect();
    return {
      besideNotice: backgroundAt(noticeRect.top + noticeRect.height / 2),
      besideHeading: backgroundAt((headingRect?.top ?? 0) + 4),
    };
  });
  expect(backgrounds.besideNotice).not.toBe("none");
  expect(backgrounds.besideNotice).toBe(backgrounds.besideHeading);
});

test("the admin uses a wide screen's width, and a long email is cut with its full text in a title", async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const longEmail = `a-very-long-staff-address-${Date.now()}@operations-department.example.org`;
  const db = new Database(app.databasePath);
  try {
    db.prepare("insert into users (email, password_hash) values (?, ?)").run(longEmail, "unused");
  } finally {
    db.close();
  }
  await signInAsAdmin(page, app, { owner: true });
  await page.goto("/admin/users");
  // Not capped at a reading width: the table spans the screen, less the page's margins.
  const tableBox = await page.getByRole("table").boundingBox();
  expect(tableBox?.width ?? 0).toBeGreaterThan(1150);

  const cell = page
    .getByRole("row")
    .filter({ hasText: "Email not confirmed" })
    .getByTitle(longEmail);
  await expect(cell).toBeVisible();
  const { lines, cut } = await cell.evaluate((element) => ({
    lines: element.getClientRects().length,
    cut: element.scrollWidth > element.clientWidth,
  }));
  expect({ lines, cut }).toEqual({ lines: 1, cut: true });
});

test("a long list shows its count, sorts by date from its heading and pages through in that order", async ({
  page,
  app,
}) => {
  const label = `Sorted ${Date.now()}`;
  // 30 messages, a minute apart, far in the future so that they come first whatever else is there.
  const start = Date.UTC(2099, 0, 1);
  const db = new Database(app.databasePath);
  try {
    const insert = db.prepare(
      "insert into contact_messages (full_name, email, message, created_at) values (?, ?, ?, ?)",
    );
    for (let index = 1; index <= 30; index++) {
      insert.run(
        `${label} ${index}`,
        `sorted-${index}@example.org`,
        "A message",
        start + index * 60_000,
      );
    }
  } finally {
    db.close();
  }
  await signInAsAdmin(page, app);
  await page.goto("/admin/leads/messages");
  await expect(page.getByRole("heading", { name: /^Contact messages \(\d+\)$/ })).toBeVisible();
  const firstSender = page.getByRole("row").nth(1).getByRole("cell").nth(1);
  await expect(firstSender).toContainText(`${label} 30`);
  const dateHeading = page.getByRole("columnheader", { name: /^Received/ });
  await expect(dateHeading).toHaveAttribute("aria-sort", "descending");

  await dateHeading.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expect(page.getByRole("columnheader", { name: /^Received/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(firstSender).not.toContainText(`${label} 30`);

  // The last page of the oldest first ends with the newest of all.
  const pages = page.getByRole("navigation", { name: "Pages" });
  const last = Number(/of (\d+)/.exec((await pages.textContent()) ?? "")?.[1]);
  expect(last).toBeGreaterThan(1);
  for (let number = 1; number < last; number++) {
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(pages).toContainText(`Page ${number + 1} of ${last}`);
  }
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expect(page.getByRole("row").last()).toContainText(`${label} 30`);
});

test("the charts keep their text readable on a phone and on a wide screen", async ({
  page,
  app,
}) => {
  await signInAsAdmin(page, app);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/admin/leads", "/admin/leads/clicks"]) {
      await page.goto(path);
      // The size text is drawn at, times the scale the drawing is shown at.
      const sizes = await page.locator("figure svg text").evaluateAll((texts) =>
        texts.map((text) => {
          const svg = (text as SVGTextElement).ownerSVGElement;
          const drawnWidth = svg?.viewBox.baseVal.width ?? 0;
          const scale = svg && drawnWidth > 0 ? svg.getBoundingClientRect().width / drawnWidth : 0;
          return Number(text.getAttribute("font-size")) * scale;
        }),
      );
      expect(sizes.length, `${path} at ${width} px`).toBeGreaterThan(0);
      // Drawn at 12 and 13 px; scaled to their box they were about 6 px on a phone and 22 px wide.
      expect(Math.min(...sizes), `${path} at ${width} px`).toBeGreaterThanOrEqual(12);
      expect(Math.max(...sizes), `${path} at ${width} px`).toBeLessThanOrEqual(14);
    }
  }
});
