// Measurements of what a visitor sees laid out, for the design checks: how many lines a piece of
// text takes, which text a line of a clipped box shows, and what shows between a page and its footer.
import type { Locator, Page } from "@playwright/test";

/** Waits for the site's fonts: line breaks measured in a fallback font are not the real ones. */
export async function fontsLoaded(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** How many lines each occurrence of `text` inside `scope` is drawn on (1 when it does not wrap). */
export async function linesTakenBy(scope: Locator, text: string): Promise<number[]> {
  await fontsLoaded(scope.page());
  return scope.evaluate((root, wanted) => {
    const counts: number[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent ?? "";
      for (let at = content.indexOf(wanted); at >= 0; at = content.indexOf(wanted, at + 1)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
        counts.push(new Set(tops).size);
      }
    }
    return counts;
  }, text);
}

/**
 * The text each line of `box` shows, left to right, words joined by single spaces: what is
 * clipped by the box's own overflow is left out, so a separator pushed out of sight is not read.
 */
export async function visibleLines(box: Locator): Promise<string[]> {
  await fontsLoaded(box.page());
  return box.evaluate((element) => {
    const clip = element.getBoundingClientRect();
    const runs: { text: string; top: number; left: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const shown = rect.width > 0 && rect.right > clip.left + 0.5 && rect.left < clip.right;
        if (shown) runs.push({ text, top: rect.top, left: rect.left });
      }
    }
    runs.sort((a, b) => a.top - b.top || a.left - b.left);
    const lines: { top: number; runs: typeof runs }[] = [];
    for (const run of runs) {
      const line = lines.find((candidate) => Math.abs(candidate.top - run.top) < 4);
      if (line) line.runs.push(run);
      else lines.push({ top: run.top, runs: [run] });
    }
    return lines.map((line) =>
      line.runs
        .sort((a, b) => a.left - b.left)
        .map((run) => run.text)
        .join(" "),
    );
  });
}

/**
 * The background colour drawn just above the site's footer, and the body's own. A page whose
 * content ends short of the footer shows the body's between them.
 */
export async function backgroundsAboveFooter(page: Page) {
  return page.evaluate(() => {
    const footer = document.querySelector("body > footer");
    if (!footer) throw new Error("The page has no footer");
    const transparent = "rgba(0, 0, 0, 0)";
    const backgroundOf = (element: Element | null) => {
      for (let current = element; current; current = current.parentElement) {
        const colour = getComputedStyle(current).backgroundColor;
        if (colour !== transparent) return colour;
      }
      return transparent;
    };
    // Brings the footer's top edge into the middle of the window, clear of the fixed header.
    const footerTop = footer.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: footerTop - window.innerHeight / 2, behavior: "instant" });
    const edge = footer.getBoundingClientRect().top;
    return {
      aboveFooter: backgroundOf(document.elementFromPoint(window.innerWidth / 2, edge - 1)),
      body: backgroundOf(document.body),
    };
  });
}
