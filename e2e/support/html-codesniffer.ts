// HTML_CodeSniffer, the checker pa11y runs, as a second opinion beside axe: its WCAG 2 AA errors
// on a page. pa11y itself drives Puppeteer, which downloads its own Chrome; the checker is the same
// script in Playwright's page. Run through Playwright's own channel, so the site's CSP, which
// allows only its own scripts, does not stop it.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const source = fs.readFileSync(
  createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/build/HTMLCS.js"),
  "utf8",
);

type Message = { type: number; code: string; msg: string; element: Element };
declare const HTMLCS: {
  process: (standard: string, content: Document, done: () => void) => void;
  getMessages: () => Message[];
  ERROR: number;
};

/** HTML_CodeSniffer's errors on the page (its warnings and notices ask a person to look). */
export async function codeSnifferErrors(page: Page) {
  await page.evaluate(source);
  return page.evaluate(
    () =>
      new Promise<{ code: string; message: string; element: string }[]>((resolve) => {
        HTMLCS.process("WCAG2AA", document, () => {
          resolve(
            HTMLCS.getMessages()
              .filter((message) => message.type === HTMLCS.ERROR)
              .map((message) => ({
                code: message.code,
                message: message.msg,
                element: (message.element as Element).outerHTML?.slice(0, 200) ?? "",
              })),
          );
        });
      }),
  );
}
