import { expect, test } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled,
  "copy checks: the server's HTML, without JavaScript, where no script can add the text",
);

test("Case Studies shows three complete case studies, the patterns, six challenges and two CTAs", async ({
  page,
}) => {
  await page.goto("/case-studies");
  const studies = page.locator("main article");
  await expect(studies).toHaveCount(3);
  for (const study of await studies.all()) {
    await expect(study.getByRole("heading", { level: 2 })).not.toBeEmpty();
    for (const part of ["The Challenge", "The Problem", "Our Solution", "The Results"]) {
      await expect(study.getByRole("heading", { name: part, exact: true })).toBeVisible();
    }
    expect(await study.locator("li").count()).toBeGreaterThanOrEqual(4);
    await expect(study.locator("figure blockquote")).not.toBeEmpty();
  }
  await expect(page.locator("#consistent-patterns h3")).toHaveCount(4);
  await expect(page.locator("#common-challenges h3")).toHaveCount(6);
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Get Your Operational Score" })).toHaveAttribute(
    "href",
    "/efficiency-assessment",
  );
  await expect(main.getByRole("link", { name: "Schedule Discovery Call" })).toHaveAttribute(
    "href",
    "/book",
  );
  await expect(main).toContainText("5x to 50x");
  await expect(main).toContainText("30-60 days");
});

test("Team shows three members with portrait, name, title and bio", async ({ page }) => {
  await page.goto("/team");
  const members = page.locator("main article");
  await expect(members).toHaveCount(3);
  const expected = [
    ["Dana Whitfield", /Operational Systems Designer/],
    ["Marcus Oyelaran", /Technology Integration Specialist/],
    ["Priya Raman", /Strategic Change Management Expert/],
  ] as const;
  for (const [index, [name, title]] of expected.entries()) {
    const member = members.nth(index);
    await expect(member.getByRole("heading", { level: 2 })).toHaveText(name);
    await expect(member).toContainText(title);
    const portrait = member.getByRole("img", { name: `Portrait of ${name}` });
    await portrait.scrollIntoViewIfNeeded();
    await expect
      .poll(() => portrait.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect((await member.locator("p").allTextContents()).join(" ").length).toBeGreaterThan(200);
  }
});

test("Solutions explains diagnostics with a how-it-works diagram and highlights the new offer", async ({
  page,
}) => {
  await page.goto("/solutions");
  const main = page.locator("main");
  await expect(main.locator("ol").first()).toBeVisible();
  expect(await main.locator("svg").count()).toBeGreaterThan(0);
  await expect(main).toContainText("quarterly strategic reviews with monthly check-ins");
  await expect(main).toContainText("10-day");
  await expect(main).toContainText("30-60 days");
  await expect(
    main.getByRole("heading", { name: "AI-Ready Operations Assessment", exact: true }),
  ).toBeVisible();
});

test("Ethos has its three sections with real copy", async ({ page }) => {
  await page.goto("/ethos");
  for (const heading of ["What Drives Us", "What Makes Us Different", "How We Work"]) {
    const section = page.locator("main section", {
      has: page.getByRole("heading", { level: 2, name: heading, exact: true }),
    });
    expect((await section.innerText()).length).toBeGreaterThan(300);
  }
});
