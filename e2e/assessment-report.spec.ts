// The results report: downloaded from the results page after a real run, opened from the link in
// the respondent's email, refused when the link was altered, and the results page on paper.
import fs from "node:fs";
import type { APIResponse } from "@playwright/test";
import { extractText } from "unpdf";
import { answerEverything, knownRun, newContact } from "./support/assessment";
import { giveResult } from "./support/assessment-cookie";
import { expect, test } from "./support/fixtures";

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

function expectPdfHeaders(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="operational-efficiency-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
  );
}

test("after the assessment, the results page and the email both give the report", async ({
  page,
  request,
  mailbox,
}, testInfo) => {
  const contact = newContact(`report-${testInfo.project.name}`);
  await page.goto("/efficiency-assessment");
  await answerEverything(page, contact, knownRun.answers);
  await page.getByRole("button", { name: "Get My Results" }).click();
  await expect(page).toHaveURL(/\/assessment-results$/);
  await expect(page.getByTestId("efficiency-score")).toHaveText("73%", { timeout: 5_000 });

  const link = page.getByRole("link", { name: "Download your report (PDF)" });
  await expect(link).toHaveAttribute("href", "/assessment-report.pdf");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^operational-efficiency-report-[\d-]+\.pdf$/);
  const downloaded = await pdfText(fs.readFileSync(await download.path()));
  expect(downloaded).toContain(`Prepared for ${contact.firstName} ${contact.lastName}`);
  expect(downloaded).toContain("Your Efficiency Score 73%");
  expect(downloaded).toContain(knownRun.level);
  expect(downloaded).toContain(knownRun.recommendation);
  for (const label of knownRun.answers.flat()) expect(downloaded).toContain(label);

  // The same request with this browser's cookie: what the link answers.
  const byCookie = await page.request.get("/assessment-report.pdf");
  expectPdfHeaders(byCookie);

  await expect
    .poll(() => mailbox.messages.find((mail) => mail.to.includes(contact.email)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const email = mailbox.messages.find((mail) => mail.to.includes(contact.email));
  const emailed = /https?:\/\/\S+\/assessment-report\/[\w.-]+/.exec(email?.text ?? "")?.[0];
  expect(emailed, email?.text).toBeTruthy();
  expect(email?.html).toContain(`href="${emailed}"`);

  // The link works anywhere: `request` shares no cookie with the browser.
  const byLink = await request.get(emailed ?? "");
  expectPdfHeaders(byLink);
  const linked = await pdfText(await byLink.body());
  expect(linked).toContain("Your Efficiency Score 73%");
  expect(linked).toContain(knownRun.recommendation);

  // A day more, written into the link, breaks its signature.
  const [, address, expiry, signature] = /^(.+)\.(\d+)\.([\w-]+)$/.exec(emailed ?? "") ?? [];
  const altered = `${address}.${Number(expiry) + 86_400}.${signature}`;
  const refused = await page.goto(altered);
  expect(refused?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("This link is not valid");
  await expect(page.getByRole("link", { name: "Take the assessment again" })).toHaveAttribute(
    "href",
    "/efficiency-assessment",
  );
});

test("printed, the results page is the result alone, dark on white", async ({ page, app }) => {
  await giveResult(page.context(), app.url, app.sessionSecret, {
    submissionId: 1,
    firstName: "Grace",
    efficiencyScore: 73,
    bandScore: 12,
    uncertainCount: 0,
  });
  await page.goto("/assessment-results");
  const header = page.locator("body > header");
  const footer = page.locator("body > footer");
  await expect(header).toBeVisible();
  await expect(footer).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await page.reload();
  // At once: paper has no 2-second pause.
  await expect(page.getByTestId("efficiency-score")).toBeVisible({ timeout: 1_000 });
  await expect(page.getByText("Calculating Your Results...")).toBeHidden();
  await expect(page.getByTestId("recommendation")).toHaveText(knownRun.recommendation);
  await expect(header).toBeHidden();
  await expect(footer).toBeHidden();
  await expect(page.getByRole("link", { name: "Download your report (PDF)" })).toBeHidden();
  await expect(
    page.locator("main").getByRole("link", { name: knownRun.recommendation }),
  ).toBeHidden();
  for (const selector of ["main h1", '[data-testid="efficiency-score"]', "#score-heading"]) {
    const colour = await page
      .locator(selector)
      .evaluate((element) => getComputedStyle(element).color);
    const [red = 255, green = 255, blue = 255] = colour.match(/\d+/g)?.map(Number) ?? [];
    // Dark enough to read on white: every channel well below the middle.
    expect(Math.max(red, green, blue), `${selector} is ${colour}`).toBeLessThan(100);
  }
  const tableWidth = await page.locator("main table").evaluate((table) => ({
    table: table.scrollWidth,
    page: document.documentElement.clientWidth,
  }));
  expect(tableWidth.table).toBeLessThanOrEqual(tableWidth.page);
});
