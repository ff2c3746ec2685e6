// Runs every check and test suite in turn and ends with one line of totals: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

type Counts = { passed: number; failed: number; failures?: string[] };

/** The parts of Playwright's JSON report read here. */
type PlaywrightSuite = {
  title: string;
  specs?: {
    title: string;
    tests?: {
      status: string;
      projectName: string;
      results?: { error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = {
  suites?: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number };
};

/** The parts of vitest's JSON report read here. */
type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "test-reports-"));
const totals = { passed: 0, failed: 0 };
const summary: string[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

// Enough to name every page under budget and its failing audits, without burying the totals.
const MAX_REASON_LINES = 40;

/**
 * A check that passes or fails as a whole (typecheck, lint, formatting, build). `failuresFile`,
 * when the check writes one, says why it failed, and goes beside the totals like a suite's
 * failed tests.
 */
function check(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  failuresFile?: string,
) {
  const ok = run(command, args, env);
  totals[ok ? "passed" : "failed"] += 1;
  summary.push(`${ok ? "ok  " : "FAIL"} ${name}`);
  if (!ok && failuresFile && fs.existsSync(failuresFile)) {
    const reasons = fs.readFileSync(failuresFile, "utf8").split("\n").filter(Boolean);
    for (const reason of reasons.slice(0, MAX_REASON_LINES)) summary.push(`       ${reason}`);
    if (reasons.length > MAX_REASON_LINES) {
      summary.push(`       ... and ${reasons.length - MAX_REASON_LINES} more lines above`);
    }
  }
  return ok;
}

/** A suite whose runner writes a JSON report with its own pass and fail counts. */
function suite(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  readCounts: () => Counts,
) {
  const ok = run(command, args, env);
  let counts: Counts;
  try {
    counts = readCounts();
  } catch {
    counts = { passed: 0, failed: 1 };
  }
  // A runner that failed without reporting a failing test still failed (a crash, a bad config).
  if (!ok && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  summary.push(`${ok ? "ok  " : "FAIL"} ${name}: ${counts.passed} passed, ${counts.failed} failed`);
  // The names of what failed sit beside the totals, so a CI log cut to its tail still tells them.
  for (const title of counts.failures ?? []) summary.push(`       failed: ${title}`);
}

/**
 * A failure's first line, without the colours a terminal would show: what a CI log cut to its
 * tail keeps of why the test failed.
 */
function firstLineOf(message: string | undefined) {
  const line =
    (message ?? "")
      // eslint-disable-next-line no-control-regex -- ANSI colour codes start with the escape character.
      .replace(/\u001b\[[0-9;]*m/g, "")
      .trim()
      .split("\n")[0] ?? "";
  return line ? `\n         ${line.slice(0, 200)}` : "";
}

/** Titles of the failed (or flaky) tests in a Playwright JSON report, with their project. */
function playwrightFailures(report: PlaywrightReport) {
  const failures: string[] = [];
  const walk = (suiteNode: PlaywrightSuite, trail: string[]) => {
    const here = suiteNode.title ? [...trail, suiteNode.title] : trail;
    for (const spec of suiteNode.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected" || test.status === "flaky") {
          const error = test.results?.find((result) => result.error)?.error;
          failures.push(
            `[${test.projectName}] ${[...here, spec.title].join(" › ")}${firstLineOf(error?.message)}`,
          );
        }
      }
    }
    for (const child of suiteNode.suites ?? []) walk(child, here);
  };
  for (const suiteNode of report.suites ?? []) walk(suiteNode, []);
  return failures;
}

const bin = (name: string) => path.join("node_modules", ".bin", name);

check("typecheck", "npm", ["run", "typecheck"]);
check("lint", bin("eslint"), ["--max-warnings", "0", "."]);
check("format", bin("prettier"), ["--check", "."]);
check("unused files, exports and dependencies (knip)", bin("knip"), []);

const vitestReport = path.join(reports, "vitest.json");
suite(
  "unit and integration (vitest)",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  {},
  () => {
    const report: VitestReport = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
    const failures = report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === "failed")
        .map(
          (test) =>
            `${path.relative(process.cwd(), file.name)} › ${test.fullName}${firstLineOf(test.failureMessages?.[0])}`,
        ),
    );
    return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
  },
);

if (check("production build", "npm", ["run", "build"])) {
  const playwrightReport = path.join(reports, "playwright.json");
  if (check("chromium installed", "node", ["scripts/check-chromium.ts"])) {
    suite(
      "end-to-end (playwright, with and without JavaScript)",
      bin("playwright"),
      ["test"],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      () => {
        const report: PlaywrightReport = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
        const { stats } = report;
        return {
          passed: stats.expected,
          failed: stats.unexpected + stats.flaky,
          failures: playwrightFailures(report),
        };
      },
    );
    // Every public page against its Lighthouse budgets (Performance 95, the rest 100), on the
    // build just made, once each to keep the run short (about 2 minutes on 2 cores). A busy
    // machine lowers Performance: a page one run puts under it is judged on the median of three
    // (decision 074), and the report's first line gives the load and the CPU index.
    const lighthouseFailures = path.join(reports, "lighthouse-failures.txt");
    check(
      "lighthouse budgets, one run per page",
      "node",
      ["scripts/lighthouse.ts"],
      { LIGHTHOUSE_RUNS: "1", LIGHTHOUSE_FAILURES_FILE: lighthouseFailures },
      lighthouseFailures,
    );
  }
}

// Last, as the slowest: the Dockerfile's steps performed without a Docker engine.
check("Dockerfile build mirror", "node", ["scripts/docker-build-mirror.ts"]);

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${summary.join("\n")}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
