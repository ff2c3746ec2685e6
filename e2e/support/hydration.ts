// With JavaScript, a test that checks what React does (pending states, client-side navigation)
// must wait for React: a click before hydration is the browser's own form post or link, which the
// page handles as well, but without the behaviour under test.
import type { Page } from "@playwright/test";

declare global {
  interface Window {
    __reactRouterDataRouter?: { state: { initialized: boolean } };
  }
}

/**
 * Resolves once React Router's router runs and React has taken over the page's elements, its forms
 * included: a form whose code comes after the page's first scripts (/contact's, decision 057)
 * joins a moment after the rest.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const byReact = (element: Element) =>
      Object.keys(element).some((key) => key.startsWith("__reactProps"));
    return (
      window.__reactRouterDataRouter?.state.initialized === true &&
      byReact(document.body) &&
      Array.from(document.forms).every(byReact)
    );
  });
}
