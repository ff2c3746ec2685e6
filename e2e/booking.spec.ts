// Booking the discovery call as a visitor does, with and without JavaScript: a time from /book,
// the form, the call's own page with its cancel and move steps, a time taken meanwhile, the zone
// picker, and eight posts racing for one time over HTTP.
import type { Page } from "@playwright/test";
import { openTimePaths, postBooking, visitorFields } from "./support/booking";
import { expect, test } from "./support/fixtures";
import { openBeforeScripts, waitForHydration } from "./support/hydration";

const TIME_LINK = 'main a[href^="/book/2"]';

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Company").fill("Brightline Freight");
  await page.getByLabel("What would you like to talk about?").fill("Month-end close");
}

const confirmedAt = (db: import("better-sqlite3").Database, startsAt: number) =>
  db
    .prepare("select * from bookings where starts_at = ? and status = 'confirmed'")
    .all(startsAt) as { uid: string; email: string; starts_at: number; sequence: number }[];

const instantOf = (path: string) => Date.parse(path.replace(/^\/book\//, "").replace(/\?.*$/, ""));

test("a visitor books an open time, lands on the call's page, and the time leaves /book", async ({
  page,
  app,
}, testInfo) => {
  await page.goto("/book");
  await expect(page.locator("main h1")).toHaveText("Book a Discovery Call");
  const first = page.locator(TIME_LINK).first();
  const href = (await first.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/book\/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  // The accessible name says the day, the date, the time and the zone.
  await expect(first).toHaveAccessibleName(
    /^(Monday|Tuesday|Wednesday|Thursday|Friday), \w+ \d{1,2}, \d{4}, \d{2}:\d{2} M[SD]T$/,
  );
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  const email = `booker.${testInfo.project.name}@example.org`;
  await fillDetails(page, "Grace Hopper", email);
  await page.getByRole("button", { name: "Book this call" }).click();
  await expect(page).toHaveURL(/\/book\/manage\/[0-9a-f-]{36}\.[\w-]{43}$/);
  await expect(page.getByText("Your call is booked")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel this call" })).toBeVisible();

  const db = app.openDatabase();
  const [row] = confirmedAt(db, instantOf(href));
  db.close();
  expect(row?.email).toBe(email);

  // Rendered afresh each time, never answered from the page cache or kept by a browser or CDN.
  const again = await page.goto("/book");
  expect(again?.headers()["x-cache"]).toBeUndefined();
  expect(again?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(0);
  await expect(page.locator(TIME_LINK).first()).toBeVisible();
});

test("a time taken meanwhile answers 409 with the nearest times, keeping what was typed", async ({
  page,
  browser,
  app,
  javaScriptEnabled,
}, testInfo) => {
  const [, , path = ""] = await openTimePaths(app.url);
  await page.goto(path);
  const email = `second.${testInfo.project.name}@example.org`;
  await fillDetails(page, "Ada Lovelace", email);
  await page.getByLabel("Phone Number").fill("+1 303 555 0142");

  // Someone else books it in another window first.
  const other = await browser.newContext({ javaScriptEnabled, baseURL: app.url });
  const otherPage = await other.newPage();
  await otherPage.goto(path);
  await fillDetails(otherPage, "Katherine Johnson", `first.${testInfo.project.name}@example.org`);
  await otherPage.getByRole("button", { name: "Book this call" }).click();
  await expect(otherPage).toHaveURL(/\/book\/manage\//);
  await other.close();

  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes(path),
  );
  await page.getByRole("button", { name: "Book this call" }).click();
  expect((await answer).status()).toBe(409);
  await expect(page.getByText("That time was just taken")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Ada Lovelace");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Phone Number")).toHaveValue("+1 303 555 0142");
  await expect(page.getByLabel("What would you like to talk about?")).toHaveValue(
    "Month-end close",
  );

  const instead = page.getByRole("button", { name: /^Book .+ instead$/ }).first();
  await instead.click();
  await expect(page).toHaveURL(/\/book\/manage\//);
  await expect(page.getByText("Your call is booked")).toBeVisible();
  const db = app.openDatabase();
  const mine = db.prepare("select * from bookings where email = ?").all(email) as {
    starts_at: number;
    phone: string;
  }[];
  db.close();
  expect(mine).toHaveLength(1);
  expect(mine[0]?.starts_at).not.toBe(instantOf(path));
  expect(mine[0]?.phone).toBe("+1 303 555 0142");
});

test("the call's page moves the call after a confirming step, then cancels it", async ({
  page,
  app,
}) => {
  const [, , , , path = ""] = await openTimePaths(app.url);
  const booked = await postBooking(app.url, path);
  expect(booked.status).toBe(303);
  const manage = booked.headers.get("location") ?? "";
  await page.goto(manage);
  await expect(page.locator("main h1")).toHaveText("Your call");

  // Move: a time from the list, then its confirming step.
  const to = page.locator(`main a[href^="${manage}?move="]`).nth(3);
  const target = decodeURIComponent(
    /move=([^&]+)/.exec((await to.getAttribute("href")) ?? "")![1]!,
  );
  await to.click();
  await expect(page.getByRole("heading", { name: "Move the call to this time?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, move the call" }).click();
  await expect(page.getByText("Your call is moved")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${manage.replace(/[.?]/g, "\\$&")}$`));
  const db = app.openDatabase();
  const moved = db.prepare("select * from bookings where starts_at = ?").get(Date.parse(target)) as
    { uid: string; sequence: number; status: string } | undefined;
  expect(moved).toMatchObject({ sequence: 1, status: "confirmed" });
  expect(manage).toContain(moved!.uid.split("@")[0]);
  expect(await openTimePaths(app.url)).toContain(path);

  // Cancel: the link, then its confirming step.
  await page.getByRole("link", { name: "Cancel this call" }).click();
  await expect(page.getByRole("heading", { name: "Cancel this call?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel the call" }).click();
  await expect(page.getByText("Your call is cancelled")).toBeVisible();
  await expect(page.getByText("This call was cancelled.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel this call" })).toHaveCount(0);
  const cancelled = db.prepare("select status from bookings where uid = ?").get(moved!.uid);
  db.close();
  expect(cancelled).toEqual({ status: "cancelled" });
  expect(await openTimePaths(app.url)).toContain(`/book/${target}`);
});

test("a call's page answers 404 to a link this site did not sign", async ({ page, app }) => {
  const [path = ""] = (await openTimePaths(app.url)).slice(-1);
  const manage = (await postBooking(app.url, path)).headers.get("location") ?? "";
  const forged = manage.replace(/\.[\w-]{43}$/, `.${"A".repeat(43)}`);
  const answer = await page.goto(forged);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Cancel this call" })).toHaveCount(0);
  expect((await page.goto("/book/not-a-time"))?.status()).toBe(404);
});

test.describe("the zone picker", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("shows the times in the zone chosen, Kolkata's 12:30 or 11:30 ahead of Denver", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/book");
    const denver = page.locator(TIME_LINK).first();
    const href = (await denver.getAttribute("href")) ?? "";
    const denverName = (await denver.getAttribute("aria-label")) ?? "";
    const picker = page.getByLabel("Show times in");
    if (javaScriptEnabled) {
      // The browser's own zone, chosen for the visitor (Chromium may use either name).
      await expect(picker).toHaveValue(/^Asia\/(Kolkata|Calcutta)$/);
    } else {
      await expect(picker).toHaveValue("America/Denver");
      await picker.selectOption("Asia/Calcutta");
    }
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(/\?tz=Asia%2F(Kolkata|Calcutta)$/);
    const kolkata = page.locator(`main a[href^="${href}?tz="]`);
    const kolkataName = (await kolkata.getAttribute("aria-label")) ?? "";
    expect(kolkataName).toMatch(/GMT\+5:30$/);

    const minutes = (name: string) => {
      const [, hours = "0", mins = "0"] = /(\d{2}):(\d{2}) \S+$/.exec(name) ?? [];
      return Number(hours) * 60 + Number(mins);
    };
    const ahead = (minutes(kolkataName) - minutes(denverName) + 24 * 60) % (24 * 60);
    expect(ahead).toBe(denverName.endsWith("MST") ? 12 * 60 + 30 : 11 * 60 + 30);

    // The zone goes with the time to its page, which shows both.
    await kolkata.click();
    await expect(page.getByText(kolkataName)).toBeVisible();
    await expect(page.getByText(denverName)).toBeVisible();
  });

  test("a zone picked before the page's scripts run stays picked once they do", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JavaScript no script runs after the page is drawn");
    // The visitor picks a zone before the scripts that would pick theirs arrive.
    const release = await openBeforeScripts(page, "/book");
    const picker = page.getByLabel("Show times in");
    await picker.selectOption("Europe/London");
    release();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(/\?tz=Europe%2FLondon$/);
    await expect(picker).toHaveValue("Europe/London");
  });

  test("says so when a zone is unknown, and shows the firm's", async ({ page }) => {
    const answer = await page.goto("/book?tz=Mars%2FOlympus");
    expect(answer?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText(
      "We do not know the time zone “Mars/Olympus”",
    );
    await expect(page.locator(TIME_LINK).first()).toHaveAccessibleName(/M[SD]T$/);
  });
});

test("eight posts racing for one time: one booking, seven 409s", async ({
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
  const paths = await openTimePaths(app.url);
  const path = paths[Math.floor(paths.length / 2)]!;
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      postBooking(app.url, path, visitorFields(`Racer ${index}`)),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([303, 409, 409, 409, 409, 409, 409, 409]);
  const db = app.openDatabase();
  expect(confirmedAt(db, instantOf(path))).toHaveLength(1);
  db.close();
});
