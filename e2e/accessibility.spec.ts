import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import { marketingPages } from "./support/public-pages";

const pages = [...marketingPages.map(({ path }) => path), "/this-page-does-not-exist"];

for (const path of pages) {
  for (const width of [390, 1280]) {
    test(`${path} has no serious or critical accessibility violations at ${width}px`, async ({
      page,
      browser,
      baseURL,
      javaScriptEnabled,
    }) => {
      // axe runs inside the page, so it needs JavaScript. For the no-JavaScript audit we enable it
      // for axe but block the site's own scripts: the page stays exactly as the server sent it.
      const auditPage = javaScriptEnabled
        ? page
        : await (await browser.newContext({ baseURL, javaScriptEnabled: true })).newPage();
      if (!javaScriptEnabled) {
        await auditPage.route("**/*", (route) =>
          route.request().resourceType() === "script" ? route.abort() : route.continue(),
        );
      }
      await auditPage.setViewportSize({ width, height: 900 });
      await auditPage.goto(path);
      const results = await new AxeBuilder({ page: auditPage }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          rule: violation.id,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        }));
      expect(blocking).toEqual([]);
      if (auditPage !== page) await auditPage.context().close();
    });
  }
}
