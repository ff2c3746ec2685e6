// The admin on a 390 px phone: every section within reach through a menu, and each screen's
// primary action inside the viewport, without the page scrolling sideways.
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/fixtures";

const PHONE = { width: 390, height: 844 };
const sections = ["Blog", "Leads", "Users", "Outbox", "Webhooks", "Security"];

test.use({ viewport: PHONE });

async function pageScrollsSideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

async function expectInsideViewport(page: Page, box: Awaited<ReturnType<Page["locator"]>>) {
  await expect(box).toBeVisible();
  const bounds = await box.boundingBox();
  expect(bounds, "the element is laid out").toBeTruthy();
  if (!bounds) return;
  expect(bounds.x).toBeGreaterThanOrEqual(0);
  expect(bounds.x + bounds.width).toBeLessThanOrEqual(PHONE.width);
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
    await expect(menu.getByRole("link")).toHaveText(sections);
    for (const link of await menu.getByRole("link").all()) await expectInsideViewport(page, link);
    await menu.getByRole("link", { name: section, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${section.toLowerCase()}$`));
    // Chosen, the menu closes, with or without JavaScript (a new page starts with it closed).
    await expect(header.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await pageScrollsSideways(page), `${section} scrolls sideways`).toBe(false);
  }
});
