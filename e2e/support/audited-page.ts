// A page that runs the tests' own code (axe, measurements) while the site's scripts stay off.
import type { Browser, Page } from "@playwright/test";

/**
 * Checks that run inside the page (axe, computed colours) need JavaScript. For the no-JavaScript
 * project they get a page of their own with JavaScript on but the site's own scripts blocked: the
 * page stays exactly as the server sent it. With JavaScript, the test's page is returned as it is.
 */
export async function auditedPage(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
) {
  if (javaScriptEnabled) return page;
  const auditPage = await (
    await browser.newContext({ baseURL, javaScriptEnabled: true })
  ).newPage();
  await auditPage.route("**/*", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue(),
  );
  return auditPage;
}
