// The spec's loading texts on a slow network: the responses are held back (a gate the test opens),
// and each text must show where the spec puts it while they are held, and go once they arrive.
// 'Loading insights...' and 'Loading article...' are React Router's client-side navigations, so
// they exist with JavaScript only; 'Calculating Your Results...' is the results page's own first
// moment, drawn by CSS, so it is checked with and without JavaScript.
import type { Page, Request } from "@playwright/test";
import { holdAnimations } from "./support/animation-clock";
import { answerEverything, expectStep, knownRun, newContact } from "./support/assessment";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";

/**
 * Holds every request `matches` picks while the gate is closed (it starts open), as a slow
 * network would, and lets them all through when it opens. `held` lists what was held ("GET /insights.data").
 */
async function networkGate(page: Page, matches: (request: Request) => boolean) {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  const held: string[] = [];
  await page.route(
    () => true,
    async (route) => {
      const request = route.request();
      if (matches(request)) {
        const url = new URL(request.url());
        held.push(`${request.method()} ${url.pathname}${url.search}`);
        await opened;
      }
      // The page may have gone on (or closed) while its request was held.
      await route.continue().catch(() => undefined);
    },
  );
  return {
    held,
    close: () => {
      opened = new Promise<void>((resolve) => (open = resolve));
    },
    open: () => open(),
  };
}

/** React Router's client-side data requests (`/insights.data`, `/insights/<id>.data`). */
const isRouterData = (request: Request) => new URL(request.url()).pathname.endsWith(".data");

const loadingStatus = (page: Page) => page.getByRole("status");

/** While held: the loading text, with its spinner, on screen over the page still shown. */
async function expectLoading(page: Page, text: string, previousHeading: string) {
  const status = loadingStatus(page);
  await expect(status).toHaveText(text);
  await expect(status).toBeInViewport();
  await expect(status.locator(".loading-spinner")).toHaveCount(1);
  await expect(page.locator("main h1")).toHaveText(previousHeading);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width}px, a slow client navigation shows 'Loading insights...' on the way to /insights and 'Loading article...' on the way to an article`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(
      !javaScriptEnabled,
      "Without JavaScript every link loads a whole document: the browser's own loading indicator is the only pending state, and the page has no code to show another",
    );
    await page.setViewportSize(viewport);
    await page.goto("/");
    await waitForHydration(page);
    const homeHeading = (await page.locator("main h1").textContent()) ?? "";
    const gate = await networkGate(page, isRouterData);
    const status = loadingStatus(page);

    // From another page, by the top bar's link (behind the Menu button on a phone).
    gate.close();
    if (viewport.width < 1280) await page.getByTestId("mobile-menu-toggle").click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Insights", exact: true })
      .click();
    await expectLoading(page, "Loading insights...", homeHeading);
    expect(gate.held).toContain("GET /insights.data");
    gate.open();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.locator("main h1")).toHaveText("Insights");
    await expect(status).toHaveCount(0);

    // An article, from its card's Read More.
    const readMore = page
      .getByRole("region", { name: "Latest Articles", exact: true })
      .getByRole("link", { name: /^Read More about / })
      .first();
    const title = ((await readMore.textContent()) ?? "").replace(/^Read More about /, "").trim();
    const articlePath = (await readMore.getAttribute("href")) ?? "";
    expect(articlePath).toMatch(/^\/insights\/[^/]+$/);
    gate.close();
    await readMore.click();
    await expectLoading(page, "Loading article...", "Insights");
    expect(gate.held).toContain(`GET ${articlePath}.data`);
    gate.open();
    await expect(page.locator("main h1")).toHaveText(title);
    await expect(status).toHaveCount(0);

    // And back to the list from the article.
    gate.close();
    await page.getByRole("link", { name: "← Back to Insights" }).click();
    await expectLoading(page, "Loading insights...", title);
    gate.open();
    await expect(page.locator("main h1")).toHaveText("Insights");
    await expect(status).toHaveCount(0);
  });
}

test("after the last step is submitted on a slow network, the results page first shows 'Calculating Your Results...', then the result", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/efficiency-assessment");
  if (javaScriptEnabled) await waitForHydration(page);
  await answerEverything(page, newContact("slow-results"), knownRun.answers);

  // The last step's post (the router's `.data` post with JavaScript, the form's own post without)
  // and the results page's data are held until the page has been looked at.
  const gate = await networkGate(page, (request) => {
    const url = new URL(request.url());
    const lastStepPost =
      request.method() === "POST" &&
      url.pathname.startsWith("/efficiency-assessment") &&
      url.searchParams.get("step") === "10";
    return lastStepPost || url.pathname.startsWith("/assessment-results");
  });
  gate.close();
  // The 2-second pause runs on the animation clock: held, so a busy machine cannot skip it.
  const clock = await holdAnimations(page);
  const calculating = page.getByText("Calculating Your Results...");

  // Without JavaScript the click waits for the document it asked for, which is being held.
  const clicked = page.getByRole("button", { name: "Get My Results" }).click();
  await expect.poll(() => gate.held.filter((entry) => entry.startsWith("POST"))).toHaveLength(1);
  if (javaScriptEnabled) {
    // While the answers are on their way, step 10 stays, its button saying so ('Submitting...').
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expectStep(page, 10);
    await expect(calculating).toHaveCount(0);
  } else {
    // The browser is loading the next document (its own indicator): the page cannot be read
    // until it arrives, and the address is still the last step's.
    expect(new URL(page.url()).searchParams.get("step")).toBe("10");
  }

  gate.open();
  await clicked;
  await expect(page).toHaveURL(/\/assessment-results$/);
  await expect(page.locator("main h1")).toHaveText("Your Assessment Results");
  await expect(calculating).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Calculating Your Results..." }),
  ).toBeInViewport();
  await expect(page.getByTestId("efficiency-score")).toBeHidden();

  await clock.release();
  await expect(page.getByTestId("efficiency-score")).toHaveText(
    `${knownRun.row.efficiency_score}%`,
    { timeout: 5_000 },
  );
  await expect(calculating).toBeHidden();
});
