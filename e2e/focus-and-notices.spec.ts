// Issue 36, by keyboard alone: the focus indicator stands out from every surface the site uses,
// fields show their edges, and a notice's close control is reached by Tab and closes it.
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { auditedPage } from "./support/audited-page";
import { fieldEdges, focusIndicator, type FocusIndicator } from "./support/contrast";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { marketingPages } from "./support/public-pages";
import { openTimePaths } from "./support/booking";

/** WCAG 1.4.11: a focus indicator, or a field's edge, needs 3:1 against what is next to it. */
const MINIMUM = 3;

/** Every colour a section, card or bar of the public site is painted in, as the eye meets it. */
const surfaces = {
  white: "rgb(255, 255, 255)",
  "paper (slate-50)": "rgb(248, 250, 252)",
  navy: "rgb(16, 36, 62)",
  "navy-deep": "rgb(10, 22, 40)",
  "the header (navy-deep at 95% over white)": "rgb(22, 34, 51)",
  "brand-strong": "rgb(17, 94, 89)",
};

/** Tabs through the whole page, measuring the indicator at each link and button it stops on. */
async function focusStops(page: Page) {
  const stops: FocusIndicator[] = [];
  // The booking page lists two weeks of open times, each a link.
  for (let presses = 0; presses < 600; presses++) {
    await page.keyboard.press("Tab");
    const stop = await focusIndicator(page);
    // Past the last stop focus leaves the document.
    if (!stop) return stops;
    if (["a", "button", "summary"].includes(stop.tag)) stops.push(stop);
  }
  throw new Error("Tab never left the page");
}

for (const { path } of [...marketingPages, { path: "/this-page-does-not-exist" }]) {
  test(`on ${path} the focus indicator of every link and button reaches 3:1 against its surface`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const measured = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    await measured.goto(path);
    if (javaScriptEnabled) await waitForHydration(measured);
    const stops = await focusStops(measured);

    expect(stops.length).toBeGreaterThan(10);
    expect(stops.filter((stop) => stop.contrast < MINIMUM)).toEqual([]);
    // The home page has every surface; together the pages check the indicator on each.
    if (path === "/") {
      expect(new Set(stops.map((stop) => stop.background))).toEqual(
        new Set(Object.values(surfaces)),
      );
    }
    if (measured !== page) await measured.context().close();
  });
}

test("on /book and a time's booking page the focus indicator and the fields reach 3:1", async ({
  page,
  browser,
  baseURL,
  app,
  javaScriptEnabled,
}) => {
  const [time] = await openTimePaths(app.url);
  if (!time) throw new Error("No open time to book");
  const measured = await auditedPage(page, browser, baseURL, javaScriptEnabled);
  for (const path of ["/book", time]) {
    await measured.goto(path);
    if (javaScriptEnabled) await waitForHydration(measured);
    const stops = await focusStops(measured);
    expect(stops.length, path).toBeGreaterThan(10);
    expect(
      stops.filter((stop) => stop.contrast < MINIMUM),
      path,
    ).toEqual([]);
  }
  const fields = await fieldEdges(measured);
  expect(fields.length).toBeGreaterThan(3);
  expect(fields.filter((field) => field.contrast < MINIMUM)).toEqual([]);
  if (measured !== page) await measured.context().close();
});

for (const path of ["/contact", "/efficiency-assessment", "/admin/auth"]) {
  test(`on ${path} every field's edge reaches 3:1 against the field and the page around it`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const measured = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    await measured.goto(path);
    const fields = await fieldEdges(measured);

    expect(fields.length).toBeGreaterThan(1);
    expect(fields.filter((field) => field.contrast < MINIMUM)).toEqual([]);
    if (measured !== page) await measured.context().close();
  });
}

test("the admin's fields, the post editor's included, show their edges at 3:1", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "The admin's markup is the server's either way");
  await signInAsAdmin(page, app);
  for (const screen of ["/admin/blog?new", "/admin/leads"]) {
    await page.goto(screen);
    await waitForHydration(page);
    const fields = await fieldEdges(page);
    expect(fields.length, screen).toBeGreaterThan(1);
    expect(
      fields.filter((field) => field.contrast < MINIMUM),
      screen,
    ).toEqual([]);
  }
});

test("the notice after a sent message closes from the keyboard, and focus stays on the page", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/contact");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Mary Jackson");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Our audits take weeks.");
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("mary@example.org");
  await page.keyboard.press("Enter");
  const notice = page.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(notice).toBeVisible();

  // Without JavaScript the control is a link to the page (the notice was read once); with it,
  // a button.
  const close = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Dismiss notice" });
  // The notice itself may hold the focus as it appears (decision 050): Tab goes on from there.
  const closeHasFocus = () => close.evaluate((element) => element === document.activeElement);
  for (let presses = 0; presses < 40 && !(await closeHasFocus()); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(close).toBeFocused();
  const box = await close.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);

  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden();
  if (javaScriptEnabled) {
    // The page's content, where the notice was: the next Tab goes on into it.
    await expect(page.locator("main")).toBeFocused();
  } else {
    // The page again, without the notice: focus starts at its top, as on any page.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  }
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toBeVisible();
});
