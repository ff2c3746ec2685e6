// With JavaScript, a test that checks what React does (pending states, client-side navigation)
// must wait for React: a click before hydration is the browser's own form post or link, which the
// page handles as well, but without the behaviour under test.
import type { Page } from "@playwright/test";
import { holdRequests } from "./held-requests";

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

/**
 * Opens `path` as a slow phone would: the page is drawn, and can be typed in, before its scripts
 * arrive. They come when the returned function is called; then wait for hydration.
 */
export async function openBeforeScripts(page: Page, path: string) {
  const release = await holdRequests(page, "**/assets/**/*.js");
  await page.goto(path, { waitUntil: "commit" });
  return release;
}
