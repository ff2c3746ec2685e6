import type { Page } from "@playwright/test";
import { aiReadyAssessment, offerings } from "../app/content/offers";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

const primaryLinks = [
  ["Home", "/"],
  ["Solutions", "/solutions"],
  ["Ethos", "/ethos"],
  ["Team", "/team"],
  ["Insights", "/insights"],
  ["Case Studies", "/case-studies"],
  ["Contact", "/contact"],
] as const;

const pathOf = (url: string) => new URL(url).pathname;

test("the top bar links go where the spec says and mark the active one", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/ethos");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(primaryLinks.map(([label]) => label));

  for (const [label, path] of primaryLinks) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => pathOf(page.url())).toBe(path);
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveText(label);
  }
});

test("the score button and the footer links go to their pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/team");
  await page.getByRole("banner").getByRole("link", { name: "Get Your Operational Score" }).click();
  await expect.poll(() => pathOf(page.url())).toBe("/efficiency-assessment");

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect.poll(() => pathOf(page.url())).toBe("/terms-conditions");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect.poll(() => pathOf(page.url())).toBe("/privacy-policy");
});

test("the mobile menu opens and closes when an item is chosen at 390px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toBeHidden();

  await page.getByText("Menu", { exact: true }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Get Your Operational Score" })).toBeVisible();
  await menu.getByRole("link", { name: "Team", exact: true }).click();

  await expect.poll(() => pathOf(page.url())).toBe("/team");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();

  await page.getByText("Menu", { exact: true }).click();
  await expect(menu.locator('[aria-current="page"]')).toHaveText("Team");
});

test("the open mobile menu dims the page below the header; Escape or a tap outside closes it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "Escape and a tap outside need a script; the summary needs none");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/solutions");
  await waitForHydration(page);
  const toggle = page.getByTestId("mobile-menu-toggle");
  const menu = page.getByRole("navigation", { name: "Main" });
  const backdrop = page.getByTestId("mobile-menu-backdrop");

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(backdrop).toBeVisible();
  const header = await page.getByRole("banner").boundingBox();
  const dimmed = await backdrop.boundingBox();
  // The header's 1 px bottom border may lie over the backdrop's top edge.
  expect(
    Math.abs((dimmed?.y ?? 0) - (header?.height ?? 0)),
    "the backdrop starts under the header",
  ).toBeLessThanOrEqual(1);
  expect(dimmed?.width).toBe(390);
  expect((dimmed?.y ?? 0) + (dimmed?.height ?? 0), "and covers the page to its foot").toBe(844);
  expect(await backdrop.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
    "rgba(0, 0, 0, 0)",
  );

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(backdrop).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(195, 800);
  await expect(menu).toBeHidden();
  await expect(backdrop).toBeHidden();
  expect(new URL(page.url()).pathname, "the tap only closed the menu").toBe("/solutions");

  await toggle.click();
  await expect(menu).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
});

test("without a script the mobile menu opens with its backdrop, closes, and its links work", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "The script's behaviour is tested above");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const toggle = page.getByTestId("mobile-menu-toggle");
  const menu = page.getByRole("navigation", { name: "Main" });
  const backdrop = page.getByTestId("mobile-menu-backdrop");

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(backdrop).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
  await expect(backdrop).toBeHidden();

  await toggle.click();
  await menu.getByRole("link", { name: "Case Studies", exact: true }).click();
  await expect.poll(() => pathOf(page.url())).toBe("/case-studies");
  await expect(page.locator("main h1")).toHaveText("Real Problems. Real Solutions. Real Results.");
  await expect(menu).toBeHidden();
});

const homeCallsToAction = [
  ["Schedule Discovery Call", "/book"],
  ["Assess Your Operational Efficiency", "/efficiency-assessment"],
  ["See our $1.3M Case Study", "/case-studies"],
  ["Start Your Risk-Free Assessment", "/efficiency-assessment"],
  ["Meet the Full Team", "/team"],
  ["Explore All Solutions", "/solutions"],
  ["Get Your Operational Score", "/efficiency-assessment"],
  ["Start Your Project Now", "/contact"],
] as const;

for (const [label, target] of homeCallsToAction) {
  test(`Home's '${label}' goes to ${target}`, async ({ page }) => {
    await page.goto("/");
    await page.locator("main").getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => pathOf(page.url())).toBe(target);
  });
}

test("every offering button on Solutions goes to /contact, and Schedule My Consultation to /book", async ({
  page,
}) => {
  await page.goto("/solutions");
  const main = page.locator("main");
  for (const offering of [...offerings, aiReadyAssessment]) {
    await expect(main.getByRole("link", { name: offering.ctaLabel, exact: true })).toHaveAttribute(
      "href",
      "/contact",
    );
  }
  await main.getByRole("link", { name: "Schedule My Consultation", exact: true }).click();
  await expect.poll(() => pathOf(page.url())).toBe("/book");
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/solutions");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

/** Whether the focused element is drawn on top where it sits, not hidden under another layer. */
const focusInSight = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    const box = focused.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && focused.contains(top);
  });

/** Whether focus is in the open menu (its toggle or its panel); false while the menu is shut. */
const focusInOpenMenu = (page: Page) =>
  page.getByTestId("mobile-menu-toggle").evaluate((toggle) => {
    const menu = toggle.closest("details");
    return Boolean(menu?.open && menu.contains(document.activeElement));
  });

/** Opens the mobile menu from the keyboard alone: Tab to its toggle, then Enter. */
async function openMenuByKeyboard(page: Page) {
  const toggle = page.getByTestId("mobile-menu-toggle");
  for (let presses = 0; presses < 5; presses += 1) {
    await page.keyboard.press("Tab");
    if (await toggle.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

const menuStops = primaryLinks.length + 1;

test("by keyboard, focus never leaves the open mobile menu, and Escape returns it to the toggle", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "Keeping focus in needs a script; without one the menu steps aside",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await waitForHydration(page);
  const toggle = page.getByTestId("mobile-menu-toggle");
  const menu = page.getByRole("navigation", { name: "Main" });
  await openMenuByKeyboard(page);

  for (let stop = 0; stop < menuStops; stop += 1) {
    await page.keyboard.press("Tab");
    expect(await focusInOpenMenu(page), `Tab ${stop + 1} stays in the menu`).toBe(true);
  }
  await expect(menu.getByRole("link", { name: "Get Your Operational Score" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(toggle, "Tab past the last item comes back to the toggle").toBeFocused();
  await expect(menu).toBeVisible();

  await page.keyboard.press("Shift+Tab");
  await expect(
    menu.getByRole("link", { name: "Get Your Operational Score" }),
    "Shift+Tab before the toggle goes round to the last item",
  ).toBeFocused();
  for (let stop = 0; stop < menuStops; stop += 1) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInOpenMenu(page), `Shift+Tab ${stop + 1} stays in the menu`).toBe(true);
  }
  await expect(toggle).toBeFocused();
  expect(await focusInSight(page)).toBe(true);

  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("without a script, the open mobile menu steps aside once keyboard focus leaves it, so the focus is in sight", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "With a script focus stays in the menu, tested above");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Main" });
  await openMenuByKeyboard(page);

  for (let stop = 0; stop < menuStops; stop += 1) {
    await page.keyboard.press("Tab");
    expect(await focusInOpenMenu(page), `Tab ${stop + 1} is in the menu`).toBe(true);
    expect(await focusInSight(page), `the menu's item ${stop + 1} is in sight`).toBe(true);
  }
  await page.keyboard.press("Tab");
  await expect(menu, "focus went on to the page: the menu no longer covers it").toBeHidden();
  await expect(page.getByTestId("mobile-menu-backdrop")).toBeHidden();
  expect(await focusInSight(page), "the focused element is in sight").toBe(true);

  // The items stepped aside with the panel: Shift+Tab comes back to the toggle, which shows them.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByTestId("mobile-menu-toggle")).toBeFocused();
  await expect(menu, "back in the menu, it shows again").toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(menu, "before the toggle, the menu steps aside again").toBeHidden();
  expect(await focusInSight(page)).toBe(true);
});
