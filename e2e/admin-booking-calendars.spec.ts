// The calendars screen in the browser, with and without JavaScript: a staff calendar added and
// read from a real local iCalendar server, read again, refused when it cannot be read, removed
// after asking; and the private feed's address, copied and replaced after asking.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page, TestInfo } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { expect, test as base } from "./support/fixtures";
import { startServer } from "./support/server";

type CalendarServer = { port: number; calendars: Map<string, string> };

const test = base.extend<object, { calendarServer: CalendarServer }>({
  calendarServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const calendars = new Map<string, string>();
      const server = http.createServer((request, response) => {
        const calendar = calendars.get(request.url ?? "");
        if (calendar === undefined) response.writeHead(404).end();
        else response.writeHead(200, { "Content-Type": "text/calendar" }).end(calendar);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      await use({ port, calendars });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],
  // The test-host allowlist is refused in production, so this server runs the same build as "test".
  app: [
    async ({ mailbox, calendarServer }, use) => {
      const server = await startServer({
        env: {
          NODE_ENV: "test",
          SMTP_URL: mailbox.url,
          OUTBOUND_TEST_HOSTS: `127.0.0.1:${calendarServer.port}`,
          OUTBOUND_PORTS: `80,443,${calendarServer.port}`,
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

const DAY = 24 * 60 * 60_000;

/** A calendar of one-hour events starting so many days from now, in UTC, as a server sends it. */
function calendarWith(...daysAhead: number[]) {
  const stamp = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, "");
  const events = daysAhead.map((days, index) => {
    const start = new Date(Math.floor((Date.now() + days * DAY) / 3_600_000) * 3_600_000);
    return [
      "BEGIN:VEVENT",
      `UID:e2e-${index}@example.org`,
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      "SUMMARY:Private client meeting",
      "END:VEVENT",
    ].join("\r\n");
  });
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//e2e//EN",
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** With JavaScript, a button opens a dialog; without, a link opens the page's confirmation step. */
async function confirm(page: Page, testInfo: TestInfo, opener: string, question: string) {
  const js = testInfo.project.name === "js";
  await page.getByRole(js ? "button" : "link", { name: opener, exact: true }).click();
  return page.getByRole(js ? "dialog" : "alertdialog", { name: question });
}

async function addCalendar(page: Page, label: string, url: string) {
  await page.getByRole("textbox", { name: "Name" }).fill(label);
  await page.getByRole("textbox", { name: "Secret address" }).fill(url);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Add calendar" }).click(),
  ]);
  return answer;
}

test("a calendar is added and read from its address, read again, and removed after asking", async ({
  page,
  app,
  calendarServer,
}, testInfo) => {
  const path = `/${testInfo.project.name}/secret-4f1c9e0b/basic.ics`;
  calendarServer.calendars.set(path, calendarWith(2));
  const label = `Dana's calendar (${testInfo.project.name})`;
  await signInAsAdmin(page, app);
  await page.goto("/admin/bookings/calendars");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calendars");
  await expect(page.getByRole("link", { name: "Back to bookings" })).toHaveAttribute(
    "href",
    "/admin/bookings",
  );

  await addCalendar(page, label, `http://127.0.0.1:${calendarServer.port}${path}`);
  await expect(page.getByText(`${label}: 1 busy period in the next 14 days`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: label });
  // The secret address only in part; when it was read on the firm's clock; what it gave.
  await expect(row).toContainText(`http://127.0.0.1:${calendarServer.port}/….ics`);
  await expect(row).not.toContainText("secret-4f1c9e0b");
  await expect(row.getByRole("cell").nth(1)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} M[SD]T$/,
  );
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toHaveText("None");

  calendarServer.calendars.set(path, calendarWith(2, 3));
  await row.getByRole("button", { name: `Read now: ${label}` }).click();
  await expect(page.getByText("2 busy periods now block call times.")).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");

  // Unreachable now: the error in plain words, the periods of the last good read kept.
  calendarServer.calendars.delete(path);
  await row.getByRole("button", { name: `Read now: ${label}` }).click();
  await expect(page.getByText("Calendar not read")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toContainText(
    "failed: The calendar's server answered with status 404.",
  );
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");

  const question = await confirm(page, testInfo, `Remove ${label}`, "Remove this calendar?");
  await expect(question).toContainText(`The events of ${label} will no longer block call times.`);
  await question
    .getByRole(testInfo.project.name === "js" ? "button" : "link", { name: "Keep it" })
    .click();
  await expect(row).toBeVisible();
  const again = await confirm(page, testInfo, `Remove ${label}`, "Remove this calendar?");
  await again.getByRole("button", { name: "Remove calendar" }).click();
  await expect(page.getByText("Its events no longer block call times.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: label })).toHaveCount(0);

  const db = app.openDatabase();
  const left = db.prepare("select count(*) as n from calendar_busy").get() as { n: number };
  db.close();
  expect(left.n).toBe(0);
});

test("an address that cannot be read is refused at its field, and nothing is stored", async ({
  page,
  app,
  calendarServer,
}) => {
  await signInAsAdmin(page, app);
  await page.goto("/admin/bookings/calendars");
  const address = page.getByRole("textbox", { name: "Secret address" });

  let answer = await addCalendar(
    page,
    "Missing",
    `http://127.0.0.1:${calendarServer.port}/no-such-calendar.ics`,
  );
  expect(answer.status()).toBe(400);
  await expect(address).toHaveAccessibleDescription(
    "The calendar's server answered with status 404.",
  );

  answer = await addCalendar(page, "Plain", "http://calendar.example.com/basic.ics");
  expect(answer.status()).toBe(400);
  await expect(address).toHaveAccessibleDescription(
    "This address starts with http://, which would send the calendar's secret address unencrypted. Please use its https:// (or webcal://) address.",
  );

  answer = await addCalendar(page, "Inside", "https://10.0.0.8/calendar.ics");
  expect(answer.status()).toBe(400);
  await expect(address).toHaveAccessibleDescription(
    "The address is, or resolves to, a private or reserved network address.",
  );

  const db = app.openDatabase();
  const stored = db.prepare("select count(*) as n from calendar_sources").get() as { n: number };
  db.close();
  expect(stored.n).toBe(0);
});

test("the private feed's address is shown, and replaced after asking", async ({
  page,
  app,
}, testInfo) => {
  await signInAsAdmin(page, app);
  await page.goto("/admin/bookings/calendars");
  const feed = page.getByRole("region", { name: "Private feed of the calls" });
  const address = feed.locator("code");
  const pattern = new RegExp(`^${app.url}/calendar/[0-9a-f]{48}\\.ics$`);
  await expect(address).toHaveText(pattern);
  const before = await address.textContent();

  if (testInfo.project.name === "js") {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await feed.getByRole("button", { name: "Copy address" }).click();
    await expect(feed.getByRole("status")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);
  } else {
    await expect(feed.getByRole("button", { name: "Copy address" })).toHaveCount(0);
  }

  const question = await confirm(
    page,
    testInfo,
    "Replace address of the feed",
    "Replace the feed's address?",
  );
  await expect(question).toContainText("The current address stops working at once");
  await question.getByRole("button", { name: "Replace address" }).click();
  await expect(page.getByText("The old address no longer works")).toBeVisible();
  await expect(address).toHaveText(pattern);
  expect(await address.textContent()).not.toBe(before);
});
