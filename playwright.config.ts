import { defineConfig, devices } from "@playwright/test";
// Debian's Chromium: Playwright's own browser download is not available on our machines.
import { chromiumFlags as chromiumArgs, chromiumPath } from "./scripts/lib/chromium.ts";

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Scenario tests type, fetch and wait for real timers; two workers on two busy cores can take
  // twice as long as an idle machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: "retain-on-failure",
  },
  // Every page and flow runs twice: as most visitors see it, and with JavaScript switched off.
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
});
