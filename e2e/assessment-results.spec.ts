// The results page for every level and recommendation, from a session cookie signed as the server
// would sign it, and its 2-second 'Calculating Your Results...' moment.
import { holdAnimations } from "./support/animation-clock";
import { giveResult } from "./support/assessment-cookie";
import { expect, test } from "./support/fixtures";
import { linesTakenBy } from "./support/layout";

const cases = [
  [85, 14, 1, "Highly Efficient Operations", "Schedule Strategic Consultation", "2-5 hours"],
  [
    84,
    13,
    0,
    "Good Efficiency with Room for Improvement",
    "Get the Quick Wins Guide",
    "5-10 hours",
  ],
  [
    70,
    10,
    1,
    "Good Efficiency with Room for Improvement",
    "Get the Quick Wins Guide",
    "5-10 hours",
  ],
  [
    69,
    9,
    0,
    "Significant Operational Waste Present",
    "Subscribe to Efficiency Updates",
    "10-20 hours",
  ],
  [
    50,
    4,
    0,
    "Significant Operational Waste Present",
    "Subscribe to Efficiency Updates",
    "10-20 hours",
  ],
  [
    49,
    16,
    1,
    "Major Inefficiencies Costing Substantial Money",
    "Schedule Strategic Consultation",
    "20+ hours",
  ],
] as const;

for (const [score, band, uncertain, level, recommendation, timeWaste] of cases) {
  test(`a score of ${score} with band ${band} shows ${level} and ${recommendation}`, async ({
    page,
    app,
  }) => {
    await giveResult(page.context(), app.url, app.sessionSecret, {
      submissionId: 1,
      firstName: "Grace",
      efficiencyScore: score,
      bandScore: band,
      uncertainCount: uncertain,
    });
    await page.goto("/assessment-results");
    await expect(page.locator("main h1")).toHaveText("Your Assessment Results");
    await expect(page.locator("main")).toContainText("Thank you, Grace.");
    await expect(page.getByTestId("efficiency-score")).toHaveText(`${score}%`, { timeout: 5_000 });
    await expect(page.getByTestId("efficiency-level")).toHaveText(level);
    await expect(page.getByTestId("recommendation")).toHaveText(recommendation);
    await expect(page.locator("main")).toContainText(timeWaste);
    const highlighted = page.locator('tbody tr[aria-current="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText(level);
    await expect(highlighted).toContainText("Your result");
    // A call is booked at /book and the guide asked for at /contact; the updates, for which the
    // respondent's address is known already, are one button that sends the opt-in email there.
    if (recommendation === "Subscribe to Efficiency Updates") {
      await expect(page.locator("main").getByRole("link", { name: recommendation })).toHaveCount(0);
      await expect(
        page.locator("main").getByRole("button", { name: "Send me the confirmation email" }),
      ).toBeVisible();
    } else {
      await expect(
        page.locator("main").getByRole("link", { name: recommendation }),
      ).toHaveAttribute("href", recommendation.startsWith("Schedule ") ? "/book" : "/contact");
    }
  });
}

for (const width of [320, 390]) {
  test(`the 'Your result' badge stays on one line in every level's row at ${width}px`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    for (const score of [90, 75, 60, 40]) {
      await giveResult(page.context(), app.url, app.sessionSecret, {
        submissionId: 6,
        firstName: "Grace",
        efficiencyScore: score,
        bandScore: 12,
        uncertainCount: 0,
      });
      await page.goto("/assessment-results");
      const highlighted = page.locator('tbody tr[aria-current="true"]');
      await expect(highlighted).toBeVisible({ timeout: 5_000 });
      expect(await linesTakenBy(highlighted, "Your result"), `score ${score}`).toEqual([1]);
      // Here the table leaves the level column room to spare, which a longer level name, another
      // font or a larger text size takes away; the badge must hold even at its narrowest.
      await highlighted
        .getByText("Your result", { exact: true })
        .evaluate((badge) => (badge.style.width = "min-content"));
      expect(await linesTakenBy(highlighted, "Your result"), `narrowest, score ${score}`).toEqual([
        1,
      ]);
    }
  });
}

test("'Calculating Your Results...' shows for 2 seconds before the result", async ({
  page,
  app,
}) => {
  await giveResult(page.context(), app.url, app.sessionSecret, {
    submissionId: 2,
    firstName: "Alan",
    efficiencyScore: 60,
    bandScore: 12,
    uncertainCount: 0,
  });
  const clock = await holdAnimations(page);
  await page.goto("/assessment-results");
  const calculating = page.getByText("Calculating Your Results...");
  const score = page.getByTestId("efficiency-score");
  await expect(calculating).toBeVisible();
  await expect(score).toBeHidden();
  await clock.release();
  await expect(score).toBeVisible({ timeout: 5_000 });
  await expect(calculating).toBeHidden();
  // Measured on the page's own animation clock: the result appeared no sooner than 2 s after the
  // reveal began, because its delay is exactly 2 s.
  const reveal = await page.evaluate(() => {
    const animation = document.querySelector(".calculated-panel")?.getAnimations()[0];
    const now = document.timeline.currentTime;
    return {
      delay: animation?.effect?.getTiming().delay,
      elapsed: Number(now) - Number(animation?.startTime),
    };
  });
  expect(reveal.delay).toBe(2_000);
  expect(reveal.elapsed).toBeGreaterThanOrEqual(2_000);
});

test("with reduced motion the pause stays but nothing spins or fades", async ({ page, app }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await giveResult(page.context(), app.url, app.sessionSecret, {
    submissionId: 3,
    firstName: "Alan",
    efficiencyScore: 60,
    bandScore: 12,
    uncertainCount: 0,
  });
  await page.goto("/assessment-results");
  const spinner = page.locator(".calculating-spinner");
  await expect(spinner).toHaveCSS("animation-name", "none");
  await expect(page.locator(".calculated-panel")).toHaveCSS("animation-duration", "0s");
  await expect(page.getByTestId("efficiency-score")).toBeVisible({ timeout: 5_000 });
});

test("a result cookie signed with another secret is ignored", async ({ page, app }) => {
  await giveResult(page.context(), app.url, "not-the-server-secret-0123456789abcdef", {
    submissionId: 4,
    firstName: "Mallory",
    efficiencyScore: 99,
    bandScore: 16,
    uncertainCount: 0,
  });
  await page.goto("/assessment-results");
  await expect(page.locator("main h1")).toHaveText("No assessment data found");
  await expect(page.locator("main")).not.toContainText("Mallory");
});

test("the page is kept out of search engines, with a result and without one", async ({
  page,
  request,
  app,
}) => {
  // As served, before any script: the page without a result is what a crawler gets, and it only
  // points to the assessment, the page to find in search.
  const served = await (await request.get("/assessment-results")).text();
  expect(served).toMatch(/<meta name="robots" content="noindex"\/?>/);
  expect(served).not.toMatch(/<link rel="canonical"/);
  await page.goto("/assessment-results");
  await expect(page.locator("main h1")).toHaveText("No assessment data found");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  await giveResult(page.context(), app.url, app.sessionSecret, {
    submissionId: 5,
    firstName: "Ada",
    efficiencyScore: 72,
    bandScore: 10,
    uncertainCount: 0,
  });
  await page.goto("/assessment-results");
  await expect(page.locator("main")).toContainText("Ada");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

for (const [view, uncertainCount, headingName] of [
  ["score", 0, "Your Efficiency Score"],
  ["consultation", 2, "Let's Complete the Picture Together"],
] as const) {
  test(`the ${view} view is announced as it appears, and with JavaScript its heading takes the focus`, async ({
    page,
    app,
    javaScriptEnabled,
  }) => {
    await giveResult(page.context(), app.url, app.sessionSecret, {
      submissionId: 5,
      firstName: "Alan",
      efficiencyScore: 60,
      bandScore: 12,
      uncertainCount,
    });
    const clock = await holdAnimations(page);
    await page.goto("/assessment-results");
    const status = page.getByRole("status");
    await expect(status).toHaveText("Calculating Your Results...", { useInnerText: true });
    await clock.release();
    const heading = page.getByRole("heading", { name: headingName });
    await expect(heading).toBeVisible({ timeout: 5_000 });
    // The same live region that said "Calculating" says the result is there.
    await expect(status).toHaveText(/^Your results are ready/, { useInnerText: true });
    await expect(status).toBeVisible();
    if (javaScriptEnabled) await expect(heading, "focus is on the result").toBeFocused();
  });
}
