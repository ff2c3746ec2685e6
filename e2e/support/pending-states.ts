// What a page shows while the next one loads. Chromium answers no DevTools call (evaluate,
// screenshot) from the moment a document navigation starts until the next page arrives, though
// the page itself keeps running: so the page records what it shows in sessionStorage, which the
// next page of the same site can read.
import type { Page } from "@playwright/test";

const KEY = "e2e-pending-states";

/**
 * Records, from now on, every state of the elements matching `selector`: whether each is enabled
 * or disabled, shown or hidden, and its text if it has any (as "disabled shown Sending..."). Returns a function that reads them back from the
 * page that follows.
 */
export async function recordStatesOf(page: Page, selector: string) {
  await page.evaluate(
    ({ selector, key }) => {
      sessionStorage.removeItem(key);
      const describe = (element: Element) =>
        [
          element.matches(":disabled") ? "disabled" : "enabled",
          (element as HTMLElement).hidden ? "hidden" : "shown",
          element.textContent?.trim(),
        ]
          .filter(Boolean)
          .join(" ");
      new MutationObserver(() => {
        const states = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
        states.push(...[...document.querySelectorAll(selector)].map(describe));
        sessionStorage.setItem(key, JSON.stringify(states));
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { selector, key: KEY },
  );
  return async () =>
    JSON.parse(
      (await page.evaluate((key) => sessionStorage.getItem(key), KEY)) ?? "[]",
    ) as string[];
}
