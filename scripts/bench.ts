// `npm run bench` (first part): load-tests the production server (`node server.ts` on a scratch
// database) with wrk: every public page with the page cache on, at 1,000 and at 100,000 published
// posts, /insights also with the cache off, and the two form posts that store leads. Its home page
// is compared with nginx and a bare Node server sending the same bytes, the budgets of issue 25
// are checked, and the JavaScript each public page loads is weighed. Results go to stdout;
// progress and diagnostics go to stderr.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureBareNode, measureNginx, savePage, type SavedPage } from "./lib/bench-baselines.ts";
import { seedPosts } from "./lib/bench-seed.ts";
import {
  describeJavaScriptWeight,
  describeRenderWithoutJavaScript,
  kilobytes,
} from "./lib/bench-weight.ts";
import {
  findExecutable,
  measureReads,
  type LoadResult,
  type LoadSettings,
} from "./lib/bench-wrk.ts";
import {
  measureAssessmentPosts,
  measureContactPosts,
  type WriteOutcome,
} from "./lib/bench-writes.ts";
import {
  ensureBuild,
  makeScratchDirectory,
  positiveIntegerFromEnv,
  PUBLIC_PAGES,
  runScript,
  startProductionServer,
  stopProcess,
} from "./lib/production-server.ts";

const WARM_UP_SECONDS = 2;
const SMALL_BLOG = 1_000;
const LARGE_BLOG = 100_000;
const ARTICLE = "/insights/<id>";
/** Every page a visitor can land on, with the Insights list's other shapes and the feeds. */
const PAGES = [
  ...PUBLIC_PAGES,
  "/insights?page=2",
  "/insights?tag=Automation",
  "/insights/rss.xml",
  "/sitemap.xml",
];
// The pages that read posts: the only ones measured again at 100,000 (the others show none).
const POST_PAGES = PAGES.filter((page) => page.startsWith("/insights") || page === "/sitemap.xml");
// Issue 25's budgets for this 2-core machine.
const CLIENT_CEILING_BUDGET = 50_000;
const HOME_SHARE_OF_NGINX_BUDGET = 0.25;
const HOME_P99_BUDGET_MS = 10;
const INSIGHTS_CACHED_P99_BUDGET_MS = 20;
const INSIGHTS_UNCACHED_P99_BUDGET_MS = 60;

type PageRow = {
  page: string;
  posts: number;
  pageCache: boolean;
  /** The page cache's X-Cache header on a request after the run: HIT when it answers the page. */
  cache: string;
  load: LoadResult;
};

type Results = {
  pages: PageRow[];
  writes: { label: string; outcome: WriteOutcome }[];
  nginx?: LoadResult;
  bareNode?: LoadResult;
};

await runScript(main);

/** Runs every measurement; resolves to the exit code. */
async function main() {
  const connections = positiveIntegerFromEnv("BENCH_CONNECTIONS", 50);
  const durationSeconds = positiveIntegerFromEnv("BENCH_DURATION", 8);
  ensureBuild();
  const scratchDirectory = makeScratchDirectory("bench-");
  const databasePath = path.join(scratchDirectory, "app.db");
  const wrk = findExecutable("wrk", process.env.BENCH_WRK);
  const nginx = findExecutable("nginx", process.env.BENCH_NGINX);

  console.log(describeMachine());
  if (wrk) {
    console.log(
      `wrk, ${connections} connections (BENCH_CONNECTIONS), gzip accepted, ${WARM_UP_SECONDS} s ` +
        `warm-up + ${durationSeconds} s measured (BENCH_DURATION) per target`,
    );
  } else {
    console.log(
      "SKIPPED every load measurement (pages, form posts, baselines, budgets): wrk is not " +
        'installed. Run "apt-get install -y wrk nginx" (Debian, as root) to measure.',
    );
  }
  if (wrk && !nginx) {
    console.log(
      "SKIPPED the nginx baseline: nginx is not installed. " +
        'Run "apt-get install -y nginx" (Debian, as root) to compare.',
    );
  }
  const settings: LoadSettings | undefined = wrk
    ? { wrk, connections, warmUpSeconds: WARM_UP_SECONDS, durationSeconds, scratchDirectory }
    : undefined;
  const results: Results = { pages: [], writes: [] };
  const server = (pageCache: boolean) =>
    startProductionServer({
      databasePath,
      env: { SEED_DEMO_CONTENT: "false", ...(pageCache ? {} : { PAGE_CACHE_MB: "0" }) },
    });

  // Cache off first: the server migrates the new database, the posts go in before any page is
  // rendered, and /insights is measured as it is rendered on every request.
  let uncached = await server(false);
  console.error(`Seeding ${SMALL_BLOG} posts...`);
  const articlePath = seedPosts(databasePath, 0, SMALL_BLOG);
  const pagePath = (page: string) => (page === ARTICLE ? articlePath : page);
  if (settings) {
    printHeading(`${SMALL_BLOG.toLocaleString("en-US")} posts`);
    results.pages.push(await measurePage(uncached.url, "/insights", SMALL_BLOG, false, settings));
  }
  await stopProcess(uncached.child);

  let cached = await server(true);
  const weightLines = [];
  for (const page of PUBLIC_PAGES) {
    weightLines.push(await describeJavaScriptWeight(cached.url, pagePath(page)));
  }
  weightLines.push(await describeRenderWithoutJavaScript(cached.url, "/"));
  const homePage = await savePage(`${cached.url}/`);
  if (settings) {
    for (const page of PAGES) {
      results.pages.push(
        await measurePage(cached.url, pagePath(page), SMALL_BLOG, true, settings, page),
      );
    }
    for (const [label, measure] of [
      ["POST /contact", measureContactPosts],
      ["POST /efficiency-assessment?step=10", measureAssessmentPosts],
    ] as const) {
      const outcome = await measure(cached.url, databasePath, settings);
      results.writes.push({ label, outcome });
      printWrite(label, outcome);
    }
  }
  await stopProcess(cached.child);

  if (settings) {
    await measureBaselines(homePage, nginx, settings, results);

    console.error(`Seeding ${LARGE_BLOG - SMALL_BLOG} more posts...`);
    seedPosts(databasePath, SMALL_BLOG, LARGE_BLOG - SMALL_BLOG);
    printHeading(`${LARGE_BLOG.toLocaleString("en-US")} posts`);
    uncached = await server(false);
    results.pages.push(await measurePage(uncached.url, "/insights", LARGE_BLOG, false, settings));
    await stopProcess(uncached.child);
    cached = await server(true);
    for (const page of POST_PAGES) {
      results.pages.push(
        await measurePage(cached.url, pagePath(page), LARGE_BLOG, true, settings, page),
      );
    }
    await stopProcess(cached.child);

    printBudgets(results);
    printPerformanceTable(results.pages);
  }

  console.log("");
  for (const line of weightLines) console.log(line);
  if (process.env.BENCH_JSON) {
    // The accepted posts' numbers only matter for the check above: their count is enough here.
    const json = JSON.stringify(
      results,
      (key, value: unknown) => (key === "accepted" && Array.isArray(value) ? value.length : value),
      2,
    );
    fs.writeFileSync(process.env.BENCH_JSON, `${json}\n`);
  }
  const loads = [results.nginx, results.bareNode, ...results.pages.map((row) => row.load)];
  const failed =
    loads.some((load) => load && hasFailed(load)) ||
    results.writes.some(({ outcome }) => isLost(outcome) || hasFailed(outcome.result));
  return failed ? 1 : 0;
}

function describeMachine() {
  const cpus = os.cpus();
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return [
    `node ${process.version}`,
    cpus[0]?.model ?? "unknown CPU",
    `${cpus.length} cores`,
    `${memoryGiB} GiB RAM`,
    // Other work on the machine skews every figure; this makes a busy run recognizable.
    `load ${os.loadavg()[0]?.toFixed(1)}`,
    new Date().toISOString(),
  ].join(" | ");
}

async function measurePage(
  serverUrl: string,
  target: string,
  posts: number,
  pageCache: boolean,
  settings: LoadSettings,
  page = target,
): Promise<PageRow> {
  const label = labelOf({ page, pageCache });
  console.error(`Measuring ${label} with ${posts} posts...`);
  const load = await measureReads(`${serverUrl}${target}`, settings);
  const probe = await fetch(`${serverUrl}${target}`, { headers: { accept: "text/html" } });
  await probe.arrayBuffer();
  const row = { page, posts, pageCache, cache: probe.headers.get("x-cache") ?? "-", load };
  printLoad(label, load, row.cache);
  return row;
}

async function measureBaselines(
  homePage: SavedPage,
  nginx: string | undefined,
  settings: LoadSettings,
  results: Results,
) {
  printHeading(`Baselines: the same home page (${kilobytes(homePage.gzip.length)} KB gzip)`);
  if (nginx) {
    results.nginx = await measureNginx(nginx, homePage, settings);
    printLoad("nginx, static file", results.nginx);
  }
  console.error("Measuring a bare Node server...");
  results.bareNode = await measureBareNode(homePage, settings);
  printLoad("bare Node http, from memory", results.bareNode);
}

function printHeading(title: string) {
  console.log("");
  console.log(title);
  printRow(["target", "req/s", "p50 ms", "p99 ms", "errors", "wrk cores", "cache"]);
}

function printLoad(label: string, load: LoadResult, cache = "") {
  printRow([
    label,
    whole(load.requestsPerSecond),
    milliseconds(load.p50Ms),
    milliseconds(load.p99Ms),
    load.errors,
    load.cpu ? load.cpu.clientCores.toFixed(2) : "?",
    cache,
    hasFailed(load) ? "FAILED" : "",
  ]);
}

function printWrite(label: string, outcome: WriteOutcome) {
  const { result, stored, queued } = outcome;
  const accepted = result.accepted.length;
  printRow([
    label,
    whole(outcome.acceptedPerSecond),
    milliseconds(result.p50Ms),
    milliseconds(result.p99Ms),
    result.errors,
    result.cpu ? result.cpu.clientCores.toFixed(2) : "?",
    "",
    hasFailed(result) || isLost(outcome) ? "FAILED" : "",
  ]);
  console.log(
    `  accepted ${accepted}, refused ${result.refused}: stored ${stored} of ${accepted}, ` +
      `queued ${queued} of ${accepted}` +
      (result.exhausted ? " (prepared visitors ran out: the rate is understated)" : ""),
  );
}

/** Any error, or no answer at all within the run. */
function hasFailed(load: LoadResult) {
  return load.errors > 0 || load.requests === 0;
}

function isLost({ result, stored, queued }: WriteOutcome) {
  return stored < result.accepted.length || queued < result.accepted.length;
}

function printRow([label, ...figures]: (string | number)[]) {
  const cells = [String(label).padEnd(36), ...figures.map((figure) => String(figure).padEnd(9))];
  console.log(cells.join(" ").trimEnd());
}

function printBudgets({ pages, nginx, bareNode }: Results) {
  console.log("");
  console.log("Budgets (issue 25)");
  const budget = (met: boolean, text: string) =>
    console.log(`${met ? "OK    " : "MISSED"} ${text}`);
  if (nginx) {
    budget(
      nginx.requestsPerSecond > CLIENT_CEILING_BUDGET,
      `nginx ${whole(nginx.requestsPerSecond)} req/s, above ${whole(CLIENT_CEILING_BUDGET)}: ` +
        "the load generator outruns the fastest server it measures",
    );
    if (nginx.requestsPerSecond <= CLIENT_CEILING_BUDGET)
      console.log(`       ${clientVerdict(nginx)}`);
  } else {
    console.log("SKIPPED nginx baseline (nginx not installed): no share of nginx to check");
  }

  const row = (page: string, posts: number, pageCache: boolean) =>
    pages.find((r) => r.page === page && r.posts === posts && r.pageCache === pageCache);
  const homeRow = row("/", SMALL_BLOG, true);
  const home = homeRow?.load;
  if (homeRow && homeRow.cache !== "HIT") {
    console.log(`NOTE   the home page did not come from the cache (X-Cache: ${homeRow.cache})`);
  }
  if (home && nginx) {
    const share = home.requestsPerSecond / nginx.requestsPerSecond;
    const bareShare = bareNode ? bareNode.requestsPerSecond / nginx.requestsPerSecond : undefined;
    budget(
      share >= HOME_SHARE_OF_NGINX_BUDGET,
      `home page from the cache: ${share.toFixed(2)} of nginx's req/s (at least ` +
        `${HOME_SHARE_OF_NGINX_BUDGET}; the bare Node server's share: ${bareShare?.toFixed(2) ?? "?"})`,
    );
  }
  if (home) {
    budget(
      home.p99Ms < HOME_P99_BUDGET_MS,
      `home page from the cache: p99 ${milliseconds(home.p99Ms)} ms (under ${HOME_P99_BUDGET_MS})`,
    );
  }
  for (const posts of [SMALL_BLOG, LARGE_BLOG]) {
    for (const [pageCache, limit] of [
      [true, INSIGHTS_CACHED_P99_BUDGET_MS],
      [false, INSIGHTS_UNCACHED_P99_BUDGET_MS],
    ] as const) {
      const load = row("/insights", posts, pageCache)?.load;
      if (!load) continue;
      budget(
        load.p99Ms < limit,
        `/insights, ${posts.toLocaleString("en-US")} posts, cache ${pageCache ? "on" : "off"}: ` +
          `p99 ${milliseconds(load.p99Ms)} ms (under ${limit})`,
      );
    }
  }
}

/**
 * Why nginx stayed under the ceiling, from the CPU time wrk took: with every core busy, a client
 * that takes as much CPU as all else is what the server waits for.
 */
function clientVerdict({ cpu }: LoadResult) {
  if (!cpu)
    return "The CPU split is unknown (no /proc): cannot tell whether wrk was the bottleneck.";
  const cores = os.cpus().length;
  const others = cores - cpu.idleCores - cpu.clientCores;
  const split =
    `wrk took ${cpu.clientCores.toFixed(2)} of the ${cores} cores, nginx and everything else ` +
    `${others.toFixed(2)}, ${cpu.idleCores.toFixed(2)} idle`;
  if (cpu.idleCores < 0.1 * cores && cpu.clientCores >= others) {
    return `The client is the bottleneck: ${split}, so nginx could only go as fast as wrk.`;
  }
  if (cpu.idleCores >= 0.1 * cores) {
    return `Not the client: ${split}; something other than CPU (too few connections?) limited it.`;
  }
  return `Not the client: ${split}; nginx (or another process on the machine) had the cores.`;
}

/** docs/performance.md's table of every public page, cache on, as Markdown. */
function printPerformanceTable(pages: PageRow[]) {
  console.log("");
  console.log("docs/performance.md table (page cache on unless said otherwise):");
  const header = [
    "Page",
    `${SMALL_BLOG.toLocaleString("en-US")} posts: req/s`,
    "p99 (ms)",
    `${LARGE_BLOG.toLocaleString("en-US")} posts: req/s`,
    "p99 (ms)",
  ];
  const lines = [header, header.map((_, index) => (index === 0 ? "---" : "--:"))];
  // In the pages' order, each page's row with the cache off after its row with the cache on.
  const order = (row: PageRow) => PAGES.indexOf(row.page) * 2 + (row.pageCache ? 0 : 1);
  const sorted = pages.toSorted((a, b) => order(a) - order(b));
  for (const label of new Set(sorted.map(labelOf))) {
    const cells = [SMALL_BLOG, LARGE_BLOG].flatMap((posts) => {
      const load = pages.find((row) => labelOf(row) === label && row.posts === posts)?.load;
      return load ? [whole(load.requestsPerSecond), milliseconds(load.p99Ms)] : ["-", "-"];
    });
    lines.push([`\`${label}\``, ...cells]);
  }
  for (const line of lines) console.log(`| ${line.join(" | ")} |`);
}

function labelOf({ page, pageCache }: Pick<PageRow, "page" | "pageCache">) {
  return `${page}${pageCache ? "" : " (cache off)"}`;
}

function whole(value: number) {
  return Math.round(value).toLocaleString("en-US");
}

function milliseconds(value: number) {
  if (value < 1) return value.toFixed(2);
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}
