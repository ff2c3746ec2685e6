// The first screen paints without waiting for anything but the page (issue 33): the stylesheet is
// inside the HTML, the display font's Latin file is preloaded and never hides text, and the text
// drawn before it arrives is set in a fallback sized to match.
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { firstArticlePath } from "./support/insights";
import { marketingPages } from "./support/public-pages";

const pagePaths = (article: string) => [...marketingPages.map(({ path }) => path), article];

test.describe("as served", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "reads the HTML: once is enough");

  test("every public page holds its stylesheet and preloads the display font", async ({
    request,
    app,
  }) => {
    for (const path of pagePaths(await firstArticlePath(app.url))) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const css = /<style id="site-styles">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      // The whole stylesheet: the utilities the page uses and the fonts' faces.
      expect(css, path).toContain(".bg-navy-deep{");
      expect(css, path).toMatch(/font-family:\s*['"]?Fraunces Variable/);
      const fontLink =
        /<link\b[^>]*href="\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2"[^>]*>/.exec(
          html,
        )?.[0];
      expect(fontLink, path).toMatch(/\brel="preload"/);
      expect(fontLink, path).toMatch(/\bas="font"/);
      expect(fontLink, path).toMatch(/\bcrossorigin="anonymous"/);
    }
  });

  test("no face of a web font hides text, and each has a fallback sized to it", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const css = /<style id="site-styles">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = ""]) => body);
    const webFaces = faces.filter((face) => /\.woff2/.test(face));
    expect(webFaces.length).toBeGreaterThan(0);
    for (const face of webFaces) expect(face).toMatch(/font-display:\s*(swap|optional)/);

    for (const family of ["Fraunces", "Inter"]) {
      const fallbacks = faces.filter((face) => face.includes(`${family} Fallback`));
      expect(fallbacks.length, family).toBeGreaterThan(0);
      for (const face of fallbacks) {
        expect(face, family).toMatch(/src:\s*local\(/);
        expect(face, family).toMatch(/size-adjust:\s*\d/);
        expect(face, family).toMatch(/ascent-override:\s*\d/);
        expect(face, family).toMatch(/descent-override:\s*\d/);
      }
      // Named right after the web font, so text waits in the fallback, not in a system font.
      expect(css, family).toMatch(new RegExp(`"?${family} Variable"?,\\s*"?${family} Fallback"?`));
    }
  });
});

test("the first screen is styled with nothing fetched but the page", async ({ page }) => {
  // Every request but the document fails: a linked stylesheet, the fonts and the scripts.
  await page.route("**/*", (route) =>
    route.request().resourceType() === "document" ? route.continue() : route.abort(),
  );
  await page.goto("/");
  const heading = page.locator("main h1");
  await expect(heading).toBeVisible();
  // The hero's navy and white come from the stylesheet: unstyled, the heading is black on white.
  await expect(heading).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(heading).toHaveCSS("font-family", /Fraunces Variable/);
});

test("the stylesheet stays in the page as the browser's router moves between pages", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "only the browser's router keeps the document");
  await page.goto("/");
  await waitForHydration(page);
  const sheetLength = () =>
    page.evaluate(() => document.getElementById("site-styles")?.textContent?.length ?? 0);
  const served = await sheetLength();
  expect(served).toBeGreaterThan(10_000);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Team", exact: true })
    .click();
  await expect(page).toHaveURL(/\/team$/);
  expect(await sheetLength()).toBe(served);
  await expect(page.locator("main h1")).toHaveCSS("color", "rgb(255, 255, 255)");
});
