// Requests held back until the test lets them through, as a slow network would deliver them late:
// for what a page shows meanwhile (a pending state, a form whose code has not come).
import type { Page, Request } from "@playwright/test";

/**
 * Holds every request to `url` (that `matches` picks, when given) until the returned function is
 * called; then they all go on, and later ones are not held.
 */
export async function holdRequests(
  page: Page,
  url: string,
  matches: (request: Request) => boolean = () => true,
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (matches(route.request())) await released;
    await route.continue();
  });
  return release;
}
