// Issue 36, by keyboard alone: the focus indicator stands out from every surface the site uses,
// fields show their edges, and a notice's close control is reached by Tab and closes it.
import type { APIRequestContext, Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { auditedPage } from "./support/audited-page";
import { fieldEdges, focusIndicator, type FocusIndicator } from "./support/contrast";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { marketingPages } from "./support/public-pages";
import { openTimePaths } from "./support/booking";
import type { RunningServer } from "./support/server";
import { firstArticlePath } from "./support/insights";
import { confirmationPathFor, unsubscribePathFor } from "./support/subscribers";
import type { SmtpSink } from "../tests/support/smtp-sink";

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

/** Tabs through the whole page, measuring the indicator at each link, button and field. */
async function focusStops(page: Page) {
  const stops: FocusIndicator[] = [];
  // The booking page lists two weeks of open times, each a link.
  for (let presses = 0; presses < 600; presses++) {
    await page.keyboard.press("Tab");
    const stop = await focusIndicator(page);
    // Past the last stop focus leaves the document.
    if (!stop) return stops;
    if (["a", "button", "summary", "input", "select", "textarea"].includes(stop.tag))
      stops.push(stop);
  }
  throw new Error("Tab never left the page");
}

/** The page's focus stops: more than ten, the indicator at each reaching 3:1. */
async function checkedFocusStops(page: Page, where: string) {
  const stops = await focusStops(page);
  expect(stops.length, where).toBeGreaterThan(10);
  expect(
    stops.filter((stop) => stop.contrast < MINIMUM),
    where,
  ).toEqual([]);
  return stops;
}

/** Measures the edge of each field the page shows: at least `least` of them, each at 3:1 or more. */
async function checkedFieldEdges(page: Page, where: string, least: number) {
  const fields = await fieldEdges(page);
  expect(fields.length, where).toBeGreaterThanOrEqual(least);
  expect(
    fields.filter((field) => field.contrast < MINIMUM),
    where,
  ).toEqual([]);
  return fields;
}

for (const { path } of [...marketingPages, { path: "/this-page-does-not-exist" }]) {
  test(`on ${path} the focus indicator of every link, button and field reaches 3:1 against its surface`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const measured = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    await measured.goto(path);
    if (javaScriptEnabled) await waitForHydration(measured);
    const stops = await checkedFocusStops(measured, path);
    // The home page has every surface; together the pages check the indicator on each.
    if (path === "/") {
      expect(new Set(stops.map((stop) => stop.background))).toEqual(
        new Set(Object.values(surfaces)),
      );
    }
    if (measured !== page) await measured.context().close();
  });
}

/** A page with a form, the least number of fields it shows, and the controls the checks must reach. */
type FormPage = { path: string; fields: number; reaches: string[] };

/**
 * Pages that only the app's own data leads to, each with a form: the booking flow, and an article's
 * subscribe form with the pages of the two links a subscriber is sent, for an address of the test's.
 */
const formPages: {
  name: string;
  pages: (reach: {
    app: RunningServer;
    mailbox: SmtpSink;
    request: APIRequestContext;
    email: string;
  }) => Promise<FormPage[]>;
}[] = [
  {
    name: "/book and a time's booking page",
    pages: async ({ app }) => {
      const [time] = await openTimePaths(app.url);
      if (!time) throw new Error("No open time to book");
      return [
        { path: "/book", fields: 0, reaches: [] },
        { path: time, fields: 4, reaches: ["<button> Book this call"] },
      ];
    },
  },
  {
    name: "an article and a subscriber's confirm and unsubscribe pages",
    pages: async ({ app, mailbox, request, email }) => {
      const article = await firstArticlePath(app.url);
      await request.post("/insights/subscribe", { form: { email } });
      return [
        {
          path: article,
          fields: 2,
          reaches: ["#subscribe-email", "#subscribe-name", "<button> Subscribe"],
        },
        {
          path: await confirmationPathFor(mailbox, email),
          fields: 0,
          reaches: ["<button> Confirm subscription"],
        },
        { path: unsubscribePathFor(app, email), fields: 0, reaches: ["<button> Unsubscribe"] },
      ];
    },
  },
];

for (const { name, pages } of formPages) {
  test(`on ${name} the focus indicator and the fields reach 3:1`, async ({
    page,
    browser,
    baseURL,
    app,
    mailbox,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const email = `focus-${testInfo.project.name}-${Date.now()}@example.org`;
    const measured = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    for (const { path, fields: least, reaches } of await pages({ app, mailbox, request, email })) {
      await measured.goto(path);
      if (javaScriptEnabled) await waitForHydration(measured);
      const stops = await checkedFocusStops(measured, path);
      const fields = await checkedFieldEdges(measured, path, least);
      const measuredControls = [
        ...stops.map((stop) => stop.element),
        ...fields.map((field) => field.field),
      ];
      for (const control of reaches) expect(measuredControls.join("\n"), path).toContain(control);
    }
    if (measured !== page) await measured.context().close();
  });
}

for (const path of ["/contact", "/efficiency-assessment", "/admin/auth"]) {
  test(`on ${path} every field's edge reaches 3:1 against the field and the page around it`, async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const measured = await auditedPage(page, browser, baseURL, javaScriptEnabled);
    await measured.goto(path);
    await checkedFieldEdges(measured, path, 2);
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
    await checkedFieldEdges(page, screen, 2);
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
