// PDF reports and share cards are drawn by the render pool's worker thread (app/lib/render-pool.server.ts):
// the main thread keeps answering while they are drawn, and past the queue's limit a render is
// refused with 503 and Retry-After rather than left to pile up.
import type { Page } from "@playwright/test";
import { answerEverything, knownRun, newContact } from "./support/assessment";
import { expect, test } from "./support/fixtures";
import { startServer } from "./support/server";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the server's threads: once is enough");

/** A real run of the assessment in this page's browser, so it holds a result to report on. */
async function takeAssessment(page: Page, origin: string, label: string) {
  await page.goto(`${origin}/efficiency-assessment`);
  await answerEverything(page, newContact(label), knownRun.answers);
  await page.getByRole("button", { name: "Get My Results" }).click();
  await expect(page).toHaveURL(/\/assessment-results$/);
  await expect(page.getByTestId("efficiency-score")).toHaveText("73%", { timeout: 5_000 });
}

test("while 8 reports are drawn, the server goes on answering other requests at once", async ({
  page,
  app,
}) => {
  await takeAssessment(page, app.url, "pool-concurrent");
  let drawing = true;
  const reports = Promise.all(
    Array.from({ length: 8 }, () => page.request.get(`${app.url}/assessment-report.pdf`)),
  ).finally(() => {
    drawing = false;
  });
  const waits: number[] = [];
  while (drawing) {
    const started = performance.now();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const answers = await reports;
  expect(answers.map((answer) => answer.status())).toEqual(Array(8).fill(200));
  for (const answer of answers)
    expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Drawn on the main thread, 8 reports held /healthz for seconds; a generous bound, as the
  // machine's two cores are shared with the worker and the browser.
  expect(waits.length).toBeGreaterThan(3);
  expect(Math.max(...waits)).toBeLessThan(1_500);
});

test("past the queue's limit a report is refused with 503 and Retry-After, and the next one is drawn", async ({
  page,
}) => {
  const server = await startServer({ env: { RENDER_QUEUE_LIMIT: "1" } });
  try {
    await takeAssessment(page, server.url, "pool-full");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => page.request.get(`${server.url}/assessment-report.pdf`)),
    );
    const statuses = answers.map((answer) => answer.status());
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const refused = answers.find((answer) => answer.status() === 503);
    expect(refused?.headers()["retry-after"]).toBe("10");
    expect(refused?.headers()["cache-control"]).toBe("no-store");
    expect(server.logs.some((line) => line.includes('"render_queue_full"'))).toBe(true);
    const later = await page.request.get(`${server.url}/assessment-report.pdf`);
    expect(later.status()).toBe(200);
  } finally {
    await server.stop();
  }
});
