import { expect, test } from "./support/fixtures";

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

test("the health check answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});
