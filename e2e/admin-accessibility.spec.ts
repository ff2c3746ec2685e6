// Issue 36 in the admin: placeholders that can be read, a formatting toolbar that is one Tab stop,
// empty lead tables that say so in a sentence, and forms told apart by their names.
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { placeholderTexts } from "./support/contrast";
import { expect, testOnOwnServer } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

// A server of its own, so no other spec's contact messages, assessments or clicks fill its tables;
// on localhost, since a site addressed by an IP address offers no passkey form to measure.
const test = testOnOwnServer({ hostname: "localhost" });

/** WCAG 1.4.3: a placeholder is text, and text needs 4.5:1 against what it is drawn on. */
const TEXT_MINIMUM = 4.5;

test("every placeholder in the post form and the passkey form reaches 4.5:1 on its field", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  await signInAsAdmin(page, app);
  await page.goto("/admin/blog?new");
  const inPostForm = await placeholderTexts(page);
  expect(inPostForm.map(({ placeholder }) => placeholder)).toEqual(
    expect.arrayContaining([
      "made from the title",
      "https://example.com/article",
      "Operations, Process design",
    ]),
  );
  const measured = [...inPostForm];
  // The passkey's name field comes with the script that adds a passkey.
  if (javaScriptEnabled) {
    await page.goto("/admin/security");
    await waitForHydration(page);
    const inPasskeyForm = await placeholderTexts(page);
    expect(inPasskeyForm.map(({ placeholder }) => placeholder)).toContain("Work laptop");
    measured.push(...inPasskeyForm);
  }
  for (const placeholder of measured) {
    expect(
      placeholder.contrast,
      `${placeholder.field} "${placeholder.placeholder}"`,
    ).toBeGreaterThanOrEqual(TEXT_MINIMUM);
  }
});

test("the editor's toolbar is one Tab stop whose buttons the arrow keys, Home and End move between", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the formatting toolbar comes with the editor, in the browser");
  await signInAsAdmin(page, app);
  await page.goto("/admin/blog?new");
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar).toBeVisible();
  const button = (name: string) => toolbar.getByRole("button", { name, exact: true });
  const editor = page.getByRole("textbox", { name: "Content" });

  // From the field before it, Tab enters the toolbar at its first button.
  await page.getByRole("textbox", { name: "Excerpt" }).focus();
  await page.keyboard.press("Tab");
  await expect(button("Bold")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(button("Italic")).toBeFocused();
  await page.keyboard.press("End");
  await expect(button("Horizontal rule")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(button("Bold"), "past the last button the arrow wraps to the first").toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(button("Horizontal rule")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(button("Bold")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(button("Underline")).toBeFocused();

  // One Tab leaves the toolbar for the text; Shift+Tab comes back to the button last used.
  await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(button("Underline")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("textbox", { name: "Excerpt" })).toBeFocused();
});

/** The names of the page's forms: aria-label, or the text of what aria-labelledby points at. */
function formNames(page: Page) {
  return page.locator("form").evaluateAll((forms) =>
    forms.map((form) => {
      const labelledBy = form.getAttribute("aria-labelledby");
      const name = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? "")
            .join(" ")
        : (form.getAttribute("aria-label") ?? "");
      return name.trim();
    }),
  );
}

test("with nothing to list, each lead table is a sentence, and each form has a name of its own", async ({
  page,
  app,
}) => {
  await signInAsAdmin(page, app);
  const main = page.locator("main");

  await page.goto("/admin/leads");
  await expect(main.getByText("No assessments match these filters.")).toBeVisible();
  await expect(main.getByRole("table", { name: /^Assessments/ })).toHaveCount(0);
  await expect(main.getByRole("columnheader", { name: "Company" })).toHaveCount(0);

  await page.goto("/admin/leads/messages");
  await expect(main.getByText("No messages yet.")).toBeVisible();
  await expect(main.getByRole("table")).toHaveCount(0);
  await expect(main.getByRole("columnheader")).toHaveCount(0);

  await page.goto("/admin/leads/clicks");
  for (const table of ["Clicks per button", "Clicks per page"]) {
    await expect(main.getByRole("table", { name: table })).toHaveCount(0);
  }
  await expect(main.getByText("No clicks in this period.")).toHaveCount(2);

  for (const path of ["/admin/leads", "/admin/leads/messages", "/admin/leads/clicks"]) {
    await page.goto(path);
    const names = await formNames(page);
    expect(names.length, `forms on ${path}`).toBeGreaterThan(0);
    expect(
      names.filter((name) => name === ""),
      `unnamed forms on ${path}`,
    ).toEqual([]);
    expect(new Set(names).size, `distinct form names on ${path}: ${names.join(" | ")}`).toBe(
      names.length,
    );
  }
});
