// With JavaScript, every public page hydrates with React Router and moves on without reloading:
// links and the wizard's steps are handled in the browser, with no new document request.
import type { Page } from "@playwright/test";
import { fillContact, expectStep, newContact } from "./support/assessment";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { marketingPages } from "./support/public-pages";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript");

/** Waits until React Router has hydrated the page, and returns what React said was wrong. */
async function hydrated(page: Page, path: string) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(path);
  await waitForHydration(page);
  return problems;
}

/** Counts the document requests the page makes from now on. */
function countDocumentRequests(page: Page) {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  return documents;
}

for (const { path } of marketingPages) {
  test(`${path} hydrates with React Router, without a hydration error`, async ({ page }) => {
    const problems = await hydrated(page, path);
    expect(problems).toEqual([]);
  });
}

test("the main navigation moves between public pages without loading a document", async ({
  page,
}) => {
  await hydrated(page, "/");
  const documents = countDocumentRequests(page);
  const main = page.getByRole("navigation", { name: "Main" });
  for (const [name, path] of [
    ["Solutions", "/solutions"],
    ["Ethos", "/ethos"],
    ["Insights", "/insights"],
  ] as const) {
    await main.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.locator("main h1")).toBeVisible();
  }
  await page.goBack();
  await expect(page).toHaveURL("/ethos");
  expect(documents).toEqual([]);
});

test("the wizard's steps are posted and shown without loading a document", async ({
  page,
}, testInfo) => {
  await hydrated(page, "/efficiency-assessment");
  const documents = countDocumentRequests(page);
  await fillContact(page, newContact(`hydrated-${testInfo.project.name}`));
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expectStep(page, 2);
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeDisabled();
  await page.getByRole("radio").first().check();
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expectStep(page, 3);
  expect(documents).toEqual([]);
});
