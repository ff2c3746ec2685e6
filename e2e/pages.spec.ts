import { figures } from "../app/content/figures";
import { offerings } from "../app/content/offers";
import { expect, test } from "./support/fixtures";
import { linesTakenBy } from "./support/layout";
import { marketingPages } from "./support/public-pages";

test.describe("the spec's copy", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled,
    "copy checks: the server's HTML, without JavaScript, where no script can add the text",
  );

  for (const page of marketingPages) {
    test(`${page.path} renders its spec headings, title and description`, async ({
      page: browser,
    }) => {
      const response = await browser.goto(page.path);
      expect(response?.status()).toBe(200);

      const h1 = browser.locator("main h1");
      await expect(h1).toHaveCount(1);
      if (page.h1) await expect(h1).toHaveText(page.h1);
      else await expect(h1).not.toBeEmpty();

      for (const heading of page.headings) {
        await expect(
          browser.locator("main").getByRole("heading", { name: heading, exact: true }),
        ).toBeVisible();
      }

      await expect(browser).toHaveTitle(/\S/);
      const description = await browser.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(40);
    });
  }

  test("every page has its own title and description", async ({ page }) => {
    const seen = new Map<string, string>();
    for (const { path } of marketingPages) {
      await page.goto(path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      const key = `${title}\n${description}`;
      expect(seen.get(key), `${path} repeats the title and description of ${seen.get(key)}`).toBe(
        undefined,
      );
      seen.set(key, path);
    }
  });

  test("Home shows its eight sections in the spec's order", async ({ page }) => {
    await page.goto("/");
    const landmarks = await page.locator("main h1, main h2, main a").allTextContents();
    const positionOf = (text: string) => {
      const index = landmarks.findIndex((item) => item.trim() === text);
      expect(index, `"${text}" is on the page`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const order = [
      "We Turn Hidden Process Inefficiencies Into Million-Dollar Savings",
      "Your Most Expensive Problems Don't Look Like Problems",
      "Measurable Operational Improvements",
      "Our Human-Centric Diagnostics Approach",
      "30-Day Value Discovery Promise",
      "Meet the Full Team",
      "Explore All Solutions",
      "Stop Accepting Expensive Normal",
    ].map(positionOf);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const results = page.locator("#results");
    await expect(results).toContainText("$1.3M");
    await expect(results).toContainText("5 hours");
    await expect(results).toContainText("30 minutes");
    await expect(results).toContainText("$400K");
    await expect(results).toContainText(/downtime/i);
    for (const principle of [
      "Root causes, not symptoms",
      "Human-proof solutions",
      "30-60 day results",
      "Full ownership transfer",
    ]) {
      await expect(page.getByRole("heading", { name: principle, exact: true })).toBeVisible();
    }
  });
});

for (const width of [320, 390]) {
  test(`Home's ${figures.budgetLostToBrokenWorkflows} figure stays on one line at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/");
    const lines = await linesTakenBy(page.locator("main"), figures.budgetLostToBrokenWorkflows);
    expect(lines.length, "the figure is quoted on the page").toBeGreaterThan(0);
    expect(lines, "lines each occurrence takes").toEqual(lines.map(() => 1));
  });
}

test("each of the four offerings on /solutions is an article named by its own heading", async ({
  page,
}) => {
  await page.goto("/solutions");
  const articles = page.locator("main").getByRole("article");
  await expect(articles).toHaveCount(offerings.length);
  for (const [index, offering] of offerings.entries()) {
    await expect(articles.nth(index)).toHaveAccessibleName(offering.title);
  }
});

test("the legal pages carry the effective date and link to each other", async ({ page }) => {
  await page.goto("/terms-conditions");
  await expect(page.locator("main")).toContainText("9/11/2025");
  await page.locator("main").getByRole("link", { name: "Privacy Policy" }).first().click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator("main")).toContainText("9/11/2025");
  await expect(page.locator("main")).toContainText("Colorado");
  await page.locator("main").getByRole("link", { name: "Terms & Conditions" }).first().click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
});

test("the legal contents stay in view while the page scrolls on a wide screen, not on a phone", async ({
  page,
}) => {
  const contents = page.getByRole("navigation", { name: "On this page" });
  const lastSection = page.locator("main article section").last();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/privacy-policy");
  await lastSection.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2 * 900);
  await expect(contents).toBeInViewport({ ratio: 1 });
  const header = await page.getByRole("banner").boundingBox();
  const shown = await contents.boundingBox();
  expect(shown?.y, "below the fixed header").toBeGreaterThanOrEqual(header?.height ?? 64);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/privacy-policy");
  await lastSection.scrollIntoViewIfNeeded();
  await expect(contents).not.toBeInViewport();
  expect(await contents.evaluate((nav) => getComputedStyle(nav).position)).toBe("static");
});

test("pages render and hydrate without errors in the browser console", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  for (const { path } of marketingPages) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(errors).toEqual([]);
});

test("no page loads anything from another origin", async ({ page, app }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(app.url) && !url.startsWith("data:")) foreign.push(url);
  });
  for (const { path } of marketingPages) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(foreign).toEqual([]);
});

for (const width of [390, 768, 1024, 1440]) {
  test(`no page scrolls sideways at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const { path } of marketingPages) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
}

test("each page has one address: another spelling of it moves there for good (301), query kept", async ({
  page,
  request,
}) => {
  const spellings: [string, string][] = [
    ["/solutions/", "/solutions"],
    ["/SOLUTIONS", "/solutions"],
    ["/contact/", "/contact"],
    ["/Team", "/team"],
    ["/Insights/?page=1", "/insights?page=1"],
    ["/Privacy-Policy/", "/privacy-policy"],
  ];
  for (const [asked, canonical] of spellings) {
    const moved = await request.get(asked, { maxRedirects: 0 });
    expect(moved.status(), asked).toBe(301);
    expect(moved.headers().location, asked).toBe(canonical);
    const response = await page.goto(asked);
    expect(response?.status(), asked).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search, asked).toBe(canonical);
    const canonicalLink = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonicalLink ?? "").pathname, asked).toBe(canonical.split("?")[0]);
  }
});
