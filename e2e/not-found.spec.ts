import { expect, test } from "./support/fixtures";
import { backgroundsAboveFooter } from "./support/layout";

test("an unknown path shows the not-found page with status 404 and logs the path", async ({
  page,
  app,
}) => {
  const path = `/no-such-page-${Date.now()}`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");

  await expect
    .poll(() =>
      app.logs
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line))
        .some((entry) => entry.event === "not_found" && entry.path === path),
    )
    .toBe(true);

  await page.locator("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "We Turn Hidden Process Inefficiencies Into Million-Dollar Savings",
  );
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the not-found page fills the window down to the footer and offers home and contact at ${viewport.width}px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/no-such-page");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Return to Home", exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(main.getByRole("link", { name: "Talk to the Team", exact: true })).toHaveAttribute(
      "href",
      "/contact",
    );

    const { aboveFooter, body } = await backgroundsAboveFooter(page);
    expect(aboveFooter, "the page's own section reaches the footer").not.toBe(body);
    const footerTop = await page
      .getByRole("contentinfo")
      .evaluate((footer) => footer.getBoundingClientRect().top + window.scrollY);
    expect(footerTop, "the footer starts below the first screen").toBeGreaterThanOrEqual(
      viewport.height,
    );
  });
}

test("the health check answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});
