// The leads view in the browser, with and without JavaScript: a contact message, two assessments
// and CTA clicks made through the site, then every view, its filters and its CSV downloads.
import type { Page } from "@playwright/test";
import {
  efficiencyQuestionIds,
  NOT_CERTAIN,
  questionsById,
  type QuestionId,
} from "../app/features/assessment/scoring";
import { signInAsAdmin } from "./support/admin";
import { answerEverything, knownRun, newContact } from "./support/assessment";
import { expect, testOnOwnServer } from "./support/fixtures";
import { downloadCsv } from "./support/downloads";

// A server of its own, so the figures on screen are exactly what this test made.
const test = testOnOwnServer();

/** The label of the lowest-scoring real answer of a question. */
function worstLabel(id: QuestionId) {
  const options = questionsById[id].options.filter((option) => option.value !== NOT_CERTAIN);
  return options.reduce((worst, option) => (option.score < worst.score ? option : worst)).label;
}

const worstRun = [
  ...efficiencyQuestionIds.map((id) => [worstLabel(id)]),
  [worstLabel("role")],
  [worstLabel("approval_process")],
  [worstLabel("urgency"), worstLabel("timeline")],
];

async function runAssessment(page: Page, company: string, answers: string[][], query = "") {
  await page.goto(`/efficiency-assessment${query}`);
  await answerEverything(page, { ...newContact("leads"), company }, answers);
  await page.getByRole("button", { name: "Get My Results" }).click();
  await expect(page).toHaveURL(/\/assessment-results$/);
}

/** The rows of a chart's data table (opened first: it sits in a closed <details>). */
async function chartRows(page: Page, title: string) {
  const figure = page.locator("figure").filter({ has: page.getByRole("img", { name: title }) });
  await figure.getByText("Show the data as a table").click();
  const rows = figure.getByRole("table", { name: title }).getByRole("row");
  return (await rows.allInnerTexts())
    .slice(1)
    .map((row) => row.split("\t").map((cell) => cell.trim()));
}

test("an admin sees the site's leads in every view, filters them and downloads them", async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const run = testInfo.project.name;
  const good = `Goodwin ${run}`;
  const poor = `Poorman ${run}`;

  // What visitors do.
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Grace Hopper");
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill("grace@example.org");
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Our month-end close takes 12 days.\n=SUM(A1) is not a formula here.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent!")).toBeVisible();
  await runAssessment(page, good, knownRun.answers, "?utm_source=newsletter");
  await runAssessment(page, poor, worstRun);
  for (const [path, label] of [
    ["/", "Meet the Full Team"],
    ["/", "Meet the Full Team"],
    ["/solutions", "Schedule My Consultation"],
  ] as const) {
    await page.goto(path);
    await page.locator("main").getByRole("link", { name: label, exact: true }).click();
    await expect(page).not.toHaveURL(new RegExp(`${path === "/" ? "/$" : path}`));
  }

  await signInAsAdmin(page, app);
  await page.getByRole("link", { name: "Leads" }).click();

  // Assessments, the funnel and the levels.
  await expect(page.getByRole("heading", { name: "Assessments (2)" })).toBeVisible();
  const goodRow = page.getByRole("row").filter({ hasText: good });
  for (const text of [
    String(knownRun.row.efficiency_score),
    knownRun.level,
    String(knownRun.row.band_score),
    knownRun.recommendation,
    "newsletter",
  ]) {
    await expect(goodRow).toContainText(text);
  }
  await expect(page.getByRole("row").filter({ hasText: poor })).toContainText(
    "Major Inefficiencies Costing Substantial Money",
  );
  expect(await chartRows(page, "Assessment funnel")).toEqual([
    ...Array.from({ length: 10 }, (_, index) => [`Step ${index + 1}`, "2"]),
    ["Submitted", "2"],
  ]);
  expect(await chartRows(page, "Efficiency levels")).toEqual([
    ["Highly Efficient Operations", "0"],
    ["Good Efficiency with Room for Improvement", "1"],
    ["Significant Operational Waste Present", "0"],
    ["Major Inefficiencies Costing Substantial Money", "1"],
  ]);

  const all = await downloadCsv(page, "Download assessments as CSV");
  expect(all.map((row) => row.Company)).toEqual([poor, good]);
  expect(all[1]).toMatchObject({
    "Efficiency score": String(knownRun.row.efficiency_score),
    Level: knownRun.level,
    Recommendation: knownRun.recommendation,
    [questionsById.time_wasted.prompt]: knownRun.answers[0]![0],
    "UTM source": "newsletter",
  });

  await page.getByRole("combobox", { name: "Level" }).selectOption({ label: knownRun.level });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "Assessments (1)" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: poor })).toHaveCount(0);
  const filtered = await downloadCsv(page, "Download assessments as CSV");
  expect(filtered.map((row) => row.Company)).toEqual([good]);

  await goodRow.getByRole("link", { name: good }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Assessment from ${good}`);
  // An assessment's page sits under the Assessments tab.
  await expect(
    page.getByRole("navigation", { name: "Leads" }).locator('[aria-current="page"]'),
  ).toHaveText("Assessments");
  const firstAnswer = page.getByRole("row").filter({ hasText: questionsById.time_wasted.prompt });
  await expect(firstAnswer).toContainText(knownRun.answers[0]![0]!);
  await expect(firstAnswer.getByRole("cell").last()).toHaveText(
    String(knownRun.row.time_wasted_score),
  );

  // Contact messages, with their email's delivery and the handled mark.
  await page
    .getByRole("navigation", { name: "Leads" })
    .getByRole("link", { name: "Contact messages" })
    .click();
  const messageRow = page.getByRole("row").filter({ hasText: "Grace Hopper" });
  await expect(messageRow).toContainText("Our month-end close takes 12 days.");
  await expect(async () => {
    await page.reload();
    await expect(messageRow).toContainText("Email sent", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await messageRow
    .getByRole("button", { name: "Mark the message from Grace Hopper as handled" })
    .click();
  await expect(page.getByText("The message is marked as handled.")).toBeVisible();
  await expect(messageRow).toContainText("Handled");
  const messages = await downloadCsv(page, "Download contact messages as CSV");
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({
    "Full name": "Grace Hopper",
    Email: "grace@example.org",
    // A formula at the start of any line is made inert too: a spreadsheet may split there.
    Message: "Our month-end close takes 12 days.\n'=SUM(A1) is not a formula here.",
    "Email delivery": "sent",
  });

  // CTA clicks.
  await page
    .getByRole("navigation", { name: "Leads" })
    .getByRole("link", { name: "CTA clicks" })
    .click();
  // The period's own links: the other lists have a "Last 7 days" of dates.
  await page
    .getByRole("navigation", { name: "Period" })
    .getByRole("link", { name: "Last 7 days" })
    .click();
  await expect(page.getByRole("heading", { name: "3 clicks in the last 7 days" })).toBeVisible();
  const perButton = page.getByRole("table", { name: "Clicks per button" });
  await expect(perButton.getByRole("row").nth(1)).toHaveText(/Meet the Full Team\s*2/);
  await expect(perButton.getByRole("row").nth(2)).toHaveText(/Schedule My Consultation\s*1/);
  const perPage = page.getByRole("table", { name: "Clicks per page" });
  await expect(perPage.getByRole("row").nth(1)).toHaveText(/^\/\s*2$/);
  const days = await chartRows(page, "Clicks per day");
  expect(days).toHaveLength(7);
  expect(days.at(-1)?.[1]).toBe("3");
  const clicks = await downloadCsv(page, "Download CTA clicks as CSV");
  expect(clicks.map((row) => [row.Button, row.Page]).sort()).toEqual(
    [
      ["Meet the Full Team", "/"],
      ["Meet the Full Team", "/"],
      ["Schedule My Consultation", "/solutions"],
    ].sort(),
  );

  // The outbox, a section of the admin's own: what went out.
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Outbox" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await page.getByRole("link", { name: /^Sent/ }).click();
  await expect(
    page.getByRole("row").filter({
      hasText: `New assessment lead: ${good} scored ${knownRun.row.efficiency_score}%`,
    }),
  ).toBeVisible();
});
