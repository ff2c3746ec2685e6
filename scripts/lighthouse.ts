// Audits every public landing page of the production build with Lighthouse (default mobile
// profile: a mid-range phone, simulated slow 4G) and holds each to our budgets: Performance >= 95,
// Accessibility, Best Practices and SEO = 100. Exits 1 if any page is under budget.
//
// The pages are those in app/routes/ that a visitor can land on. Left out: the admin (not public),
// the not-found page (an answer to a wrong address, not a page anyone lands on; it answers 404,
// which Lighthouse reports as an error), and the feeds, sitemap, robots.txt and /healthz (not
// HTML). /assessment-results is audited as a visitor without a result sees it: Lighthouse starts
// each run with empty storage, so it holds no assessment cookie. The article is the newest demo
// post, given a cover image through the admin's form first, so the article and the Insights list
// are audited with a cover as their largest image.
//
// /assessment-results is kept out of search engines (noindex), so its SEO audit's "is-crawlable" is
// expected to fail; nothing else may.
//
// Settings: LIGHTHOUSE_RUNS (runs per page, default 3; the test command runs 1), LIGHTHOUSE_PAGES
// (some of the pages, comma-separated, as the table names them; default all), CHROMIUM_PATH
// (default /usr/bin/chromium), LIGHTHOUSE_FAILURES_FILE (where to write what put pages under
// budget, for the test command's summary).
// With fewer than 3 runs, a page whose Performance is under budget gets runs up to 3 and is judged
// on their median, as the default judges every page: one run is a shortcut that a moment of load
// on the machine must not turn into a failure. The other categories are judged as before.
// The table goes to stdout; progress goes to stderr.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import lighthouse, { type Result } from "lighthouse";
import {
  ensureBuild,
  makeScratchDirectory,
  onCleanUp,
  positiveIntegerFromEnv,
  PUBLIC_PAGES,
  runScript,
  startProductionServer,
  throwIfStopping,
} from "./lib/production-server.ts";
import { chromiumFlags, chromiumPath } from "./lib/chromium.ts";
import { giveNewestPostACover } from "./lib/cover-post.ts";
import {
  CATEGORIES,
  DELIBERATELY_NOT_INDEXED,
  needsRunsForAVerdict,
  RUNS_FOR_A_VERDICT,
  scoreOf,
  summarize,
  type AuditResult,
  type PageSummary,
} from "./lib/lighthouse-verdict.ts";

/** What is used here of chrome-launcher's Launcher, which comes with Lighthouse, not with us. */
type ChromiumLauncher = {
  launch: () => Promise<void>;
  kill: () => void;
  port?: number;
  chromeProcess?: ChildProcess;
};
type LauncherOptions = {
  chromePath: string;
  chromeFlags: string[];
  userDataDir: string;
  envVars: NodeJS.ProcessEnv;
  logLevel: "silent";
};

// chrome-launcher comes with Lighthouse: load the copy Lighthouse itself uses. Its Launcher,
// rather than its launch(), leaves Ctrl-C to runScript(), which also stops the server.
const { Launcher }: { Launcher: new (options: LauncherOptions) => ChromiumLauncher } = await import(
  pathToFileURL(createRequire(import.meta.resolve("lighthouse")).resolve("chrome-launcher")).href
);

const CHROME_FLAGS = ["--headless=new", ...chromiumFlags];

/** What failingElements reads of an audit's detail rows, whose shape differs from audit to audit. */
type DetailItem = {
  node?: { selector?: string; snippet?: string };
  url?: unknown;
  source?: { url?: unknown };
};

const LISTED_ELEMENTS = 3;
const ATTEMPTS_PER_RUN = 3;

await runScript(main);

/** The public pages, or those LIGHTHOUSE_PAGES names (each must be one of them). */
function pagesToAudit() {
  const chosen = process.env.LIGHTHOUSE_PAGES?.split(",").map((page) => page.trim());
  if (!chosen) return PUBLIC_PAGES;
  const unknown = chosen.filter((page) => !PUBLIC_PAGES.includes(page));
  if (unknown.length > 0) {
    throw new Error(`LIGHTHOUSE_PAGES: not public pages: ${unknown.join(", ")}`);
  }
  return chosen;
}

/** Audits every page; resolves to the exit code. */
async function main() {
  const runs = positiveIntegerFromEnv("LIGHTHOUSE_RUNS", 3);
  const started = Date.now();
  // Other work on the machine lowers the scores: this makes a busy run recognizable.
  const loadBefore = os.loadavg()[0];
  ensureBuild();
  const scratchDirectory = makeScratchDirectory("lighthouse-");
  const databasePath = path.join(scratchDirectory, "app.db");

  // Named localhost, as a developer's own machine would be: the origin Lighthouse sees.
  const server = await startProductionServer({ databasePath, siteHost: "localhost" });
  // The article audited has a cover (its largest image, and the list's card shows it too).
  const articlePath = await giveNewestPostACover(server.url, databasePath);
  const targets = pagesToAudit().map((page) => ({
    page,
    path: page === "/insights/<id>" ? articlePath : page,
  }));
  // One request each first, so the first run does not time the server's own warm-up.
  for (const target of targets) {
    const response = await fetch(`${server.url}${target.path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target.path} answered ${response.status}`);
  }

  const chrome = await startChromium(scratchDirectory);
  console.error(`Auditing ${targets.length} pages, ${runs} runs each...`);
  const results = [];
  const allLhrs = [];
  const remeasured: string[] = [];
  for (const target of targets) {
    const lhrs: Result[] = [];
    const url = `${server.siteUrl}${target.path}`;
    for (let run = 1; run <= runs; run++) {
      lhrs.push(await auditWithRetries(url, chrome.port, `${target.page} run ${run}/${runs}`));
    }
    let summary = summarize(target.page, lhrs);
    if (needsRunsForAVerdict(summary, lhrs.length)) {
      remeasured.push(target.page);
      console.error(`  ${target.page}: Performance under budget; runs up to ${RUNS_FOR_A_VERDICT}`);
      while (lhrs.length < RUNS_FOR_A_VERDICT) {
        const label = `${target.page} run ${lhrs.length + 1}/${RUNS_FOR_A_VERDICT}`;
        lhrs.push(await auditWithRetries(url, chrome.port, label));
      }
      summary = summarize(target.page, lhrs);
    }
    results.push(summary);
    allLhrs.push(...lhrs);
  }

  console.log(
    describeRun(allLhrs, runs, remeasured, loadBefore, await browserVersion(chrome.port)),
  );
  printReport(results);
  // The test command shows these beside its totals, where a CI log cut to its tail keeps them.
  if (process.env.LIGHTHOUSE_FAILURES_FILE) {
    const lines = underBudgetLines(results).filter((line) => line !== "");
    fs.writeFileSync(process.env.LIGHTHOUSE_FAILURES_FILE, lines.join("\n"));
  }
  const under = results.filter((result) => !result.withinBudget).length;
  console.error(`Took ${Math.round((Date.now() - started) / 1000)} s.`);
  console.log(
    under === 0
      ? `lighthouse: ${results.length} pages, all within budgets`
      : `lighthouse: ${under} of ${results.length} pages under budget`,
  );
  return under === 0 ? 0 : 1;
}

/** The browser's full version (its user agent gives only the major one). */
async function browserVersion(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/json/version`);
  if (!response.ok) throw new Error(`Chromium's /json/version answered ${response.status}`);
  const { Browser: version } = (await response.json()) as { Browser: string };
  return version;
}

function describeRun(
  lhrs: Result[],
  runs: number,
  remeasured: string[],
  loadBefore: number | undefined,
  browser: string,
) {
  const [first] = lhrs;
  // Lighthouse's own measure of the machine's speed while it ran; below about 1000 its
  // performance scores are unreliable.
  const indexes = lhrs.map((lhr) => lhr.environment.benchmarkIndex).filter(Number.isFinite);
  return [
    `Lighthouse ${first?.lighthouseVersion ?? "?"}`,
    browser,
    "mobile, simulated throttling",
    `${runs} runs per page` +
      (remeasured.length > 0
        ? ` (${RUNS_FOR_A_VERDICT}, median Performance, for ${remeasured.join(", ")})`
        : ""),
    `${os.cpus().length} cores, load ${loadBefore?.toFixed(1)} before the run`,
    indexes.length > 0
      ? `CPU benchmark index ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}`
      : "no CPU benchmark index",
  ].join(" | ");
}

async function startChromium(scratchDirectory: string) {
  console.error("Starting Chromium...");
  throwIfStopping();
  // Both inside the scratch directory, so that they go with it: Chromium, killed rather than
  // closed, leaves its temporary files behind.
  const profileDirectory = path.join(scratchDirectory, "chromium-profile");
  const temporaryDirectory = path.join(scratchDirectory, "chromium-tmp");
  fs.mkdirSync(profileDirectory);
  fs.mkdirSync(temporaryDirectory);
  try {
    fs.accessSync(chromiumPath, fs.constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${chromiumPath}: install it ("apt-get install -y chromium" on Debian) ` +
        "or set CHROMIUM_PATH to a Chrome or Chromium binary.",
    );
  }
  const chromium = new Launcher({
    chromePath: chromiumPath,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDirectory,
    envVars: { ...process.env, TMPDIR: temporaryDirectory },
    logLevel: "silent",
  });
  const launching = chromium.launch();
  // Registered before Chromium answers, so that a Ctrl-C meanwhile stops it too.
  onCleanUp(async () => {
    // A failed launch is reported by the caller; whatever it started must still stop.
    await launching.catch(() => {});
    await stopChromium(chromium);
  });
  try {
    await launching;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Chromium (${chromiumPath}) did not start: ${reason}`);
  }
  if (chromium.port === undefined) throw new Error(`Chromium (${chromiumPath}) opened no port`);
  return { port: chromium.port };
}

/** Stops Chromium and its helper processes (chrome-launcher kills its process group). */
function stopChromium(chromium: ChromiumLauncher) {
  const child = chromium.chromeProcess;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    chromium.kill();
  });
}

/**
 * Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, NO_FCP...) and asks to
 * be run again: a failed run says nothing about the page, so it is retried a few times.
 */
async function auditWithRetries(url: string, port: number, label: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    throwIfStopping();
    const lhr = await audit(url, port);
    if (!lhr.runtimeError) {
      console.error(`  ${label}: performance ${scoreOf(lhr, "performance") ?? "-"}`);
      return lhr;
    }
    const { code, message } = lhr.runtimeError;
    console.error(`  ${label}: ${code}: ${message}`);
    if (attempt === ATTEMPTS_PER_RUN) return lhr;
    console.error(`  ${label}: trying again (${attempt + 1} of ${ATTEMPTS_PER_RUN})`);
  }
}

async function audit(url: string, port: number) {
  // No config: Lighthouse's default, the mobile profile with simulated throttling.
  const result = await lighthouse(url, { port, logLevel: "error", output: "json" });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result.lhr;
}

function printReport(results: PageSummary[]) {
  const widths = [24, 12, 14, 15, 4];
  const row = (cells: (string | number)[]) =>
    cells
      .map((cell, index) => String(cell).padEnd(widths[index] ?? 0))
      .join(" ")
      .trimEnd();
  console.log("");
  console.log(row(["page", ...CATEGORIES.map((category) => category.label)]));
  for (const result of results) {
    console.log(
      row([
        result.page,
        ...result.categories.map(
          (category) =>
            `${category.score ?? "-"}${category.withinBudget ? "" : " !"}` +
            (category.id === "seo" && DELIBERATELY_NOT_INDEXED[result.page] ? " (noindex)" : ""),
        ),
      ]),
    );
  }
  console.log("");
  console.log(
    `Budgets: ${CATEGORIES.map((category) => `${category.label} >= ${category.budget}`).join(", ")}` +
      ` (! = under budget)`,
  );

  for (const line of underBudgetLines(results)) console.log(line);
  console.log("");
}

/** What puts each page under budget: its score, Lighthouse's error, the failing audits. */
function underBudgetLines(results: PageSummary[]) {
  const lines: string[] = [];
  for (const result of results) {
    for (const category of result.categories) {
      if (category.withinBudget) continue;
      lines.push(
        "",
        `${result.page}: ${category.label} ${category.score ?? "-"} < ${category.budget}`,
      );
      if (category.runtimeError) {
        lines.push(`  ${category.runtimeError.code}: ${category.runtimeError.message}`);
      }
      for (const audit of category.failingAudits) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : "";
        const error = audit.errorMessage ? ` [error: ${audit.errorMessage}]` : "";
        lines.push(`  ${audit.id}: ${audit.title}${value}${error}`);
        for (const element of failingElements(audit)) lines.push(`      at ${element}`);
      }
    }
  }
  return lines;
}

/** The first few elements or resources an audit names, to find what to fix. */
function failingElements(audit: AuditResult) {
  const items: DetailItem[] =
    audit.details && "items" in audit.details ? (audit.details.items as DetailItem[]) : [];
  const named = items
    .map((item) => {
      if (item.node?.selector) return `${item.node.selector}  ${item.node.snippet ?? ""}`.trim();
      if (typeof item.url === "string") return item.url;
      if (typeof item.source?.url === "string") return item.source.url;
      return undefined;
    })
    .filter((text): text is string => Boolean(text));
  const shown = named.slice(0, LISTED_ELEMENTS).map((text) => text.replace(/\s+/g, " "));
  if (named.length > LISTED_ELEMENTS) shown.push(`... and ${named.length - LISTED_ELEMENTS} more`);
  return shown;
}
