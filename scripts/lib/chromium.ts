// Debian's Chromium, which our machines and CI install (nothing may download its own browser
// here), and the flags it needs to run headless in a container. Used by the end-to-end tests
// (playwright.config.ts, check-chromium.ts) and by npm run lighthouse.

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
