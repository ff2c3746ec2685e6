// Load-tests the production server (`node server.ts` on a scratch database with 1,000 seeded
// posts) with autocannon, compares its home page with nginx serving the same HTML as a static
// file, and weighs the JavaScript a public page makes the browser download. Results go to stdout;
// progress and diagnostics go to stderr.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import {
  ensureBuild,
  freePort,
  makeScratchDirectory,
  onCleanUp,
  positiveIntegerFromEnv,
  PUBLIC_PAGES,
  runScript,
  startChild,
  startProductionServer,
  stopProcess,
  throwIfStopping,
  waitUntilAnswering,
} from "./lib/production-server.ts";

const WARM_UP_SECONDS = 2;
// Autocannon sends neither header by default; browsers send both, and the compression middleware
// (and nginx) only gzip when asked, so both servers get the same pair.
const REQUEST_HEADERS = { "accept-encoding": "gzip", accept: "text/html" };

const POST_COUNT = 1000;
const JAVASCRIPT_BUDGET_BYTES = 120 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const AUTHORS = ["Dana Whitfield", "Marcus Oyelaran", "Priya Raman"];
const TAG_SETS = [
  ["Process Design", "Automation"],
  ["Operations", "Leadership"],
  ["Knowledge Management"],
  ["Automation", "Tooling", "Operations"],
];
const WORDS = (
  "process team workflow handoff approval meeting backlog owner system document checklist " +
  "review cost delay bottleneck customer quality metric capacity schedule decision budget " +
  "standard template audit training onboarding escalation dashboard forecast vendor contract " +
  "risk priority roadmap update report scope effort outcome client request ticket queue the a " +
  "of to and in for with on every each our their clear simple shared weekly manual repeatable"
).split(" ");

type Settings = { durationSeconds: number; connections: number };
type Measurement = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};
type Tally = { count: number; raw: number; gzip: number };

let scratchDirectory: string;
// The autocannon run in progress: a server only exits on SIGTERM once its connections close.
let currentLoad: ReturnType<typeof autocannon> | undefined;
onCleanUp(() => currentLoad?.stop());

await runScript(main);

/** Runs every measurement; resolves to the exit code. */
async function main() {
  const settings: Settings = {
    durationSeconds: positiveIntegerFromEnv("BENCH_DURATION", 10),
    connections: positiveIntegerFromEnv("BENCH_CONNECTIONS", 10),
  };
  ensureBuild();
  scratchDirectory = makeScratchDirectory("bench-");

  console.log(describeMachine());
  console.log(
    `${settings.connections} connections, ${WARM_UP_SECONDS} s warm-up + ` +
      `${settings.durationSeconds} s measured per target, ${POST_COUNT} published posts`,
  );

  const server = await startProductionServer({
    databasePath: path.join(scratchDirectory, "app.db"),
    env: { SEED_DEMO_CONTENT: "false" },
  });
  const articleId = seedPosts(path.join(scratchDirectory, "app.db"));

  console.log("");
  printRow(["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"]);
  const targets: [label: string, target: string][] = [
    ["/", "/"],
    ["/insights", "/insights"],
    ["/insights?page=40", "/insights?page=40"],
    ["/insights/<id>", `/insights/${articleId}`],
  ];
  const rows: Measurement[] = [];
  for (const [label, target] of targets) {
    rows.push(printMeasurement(await measure(label, `${server.url}${target}`, settings)));
  }

  const weightLines = [];
  for (const page of PUBLIC_PAGES) {
    const pagePath = page === "/insights/<id>" ? `/insights/${articleId}` : page;
    weightLines.push(await describeJavaScriptWeight(server.url, pagePath));
  }
  weightLines.push(await describeRenderWithoutJavaScript(server.url, "/"));
  const homeHtml = await (await fetch(`${server.url}/`)).text();
  // Stopped before nginx starts so the baseline does not share the machine with an idle server.
  await stopProcess(server.child);

  const nginxRow = await measureNginx(homeHtml, settings);
  const [homeRow] = rows;
  if (nginxRow && homeRow) {
    printMeasurement(nginxRow);
    const ratio = homeRow.requestsPerSecond / nginxRow.requestsPerSecond;
    console.log(`ours/nginx (/): ${ratio.toFixed(2)}`);
    rows.push(nginxRow);
  }

  console.log("");
  for (const line of weightLines) console.log(line);
  return rows.some(hasFailed) ? 1 : 0;
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

/** Inserts the published posts; returns the newest one's id. */
function seedPosts(databasePath: string) {
  console.error(`Seeding ${POST_COUNT} posts...`);
  // The server has the file open; its migrations have run because /healthz answered.
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const insert = database.prepare(
      `insert into blog_posts (id, title, excerpt, content, preview_link, author, read_time, tags,
         featured, published, published_date, created_at, link_previews)
       values (@id, @title, @excerpt, @content, null, @author, '5 min read', @tags,
         @featured, 1, @publishedDate, @publishedDate, '[]')`,
    );
    // Seeded so every run measures the same text.
    const random = seededRandom(20240601);
    const now = Date.now();
    const ids: string[] = [];
    database.transaction(() => {
      for (let index = 0; index < POST_COUNT; index++) {
        const id = crypto.randomUUID();
        ids.push(id);
        insert.run({
          id,
          title: capitalize(`${sentence(random, 6).slice(0, -1)} (${index + 1})`),
          excerpt: sentence(random, 25),
          content: Array.from({ length: 6 }, () => `<p>${paragraph(random, 100)}</p>`).join("\n"),
          author: AUTHORS[index % AUTHORS.length],
          tags: JSON.stringify(TAG_SETS[index % TAG_SETS.length]),
          featured: index % 333 === 0 ? 1 : 0,
          publishedDate: now - Math.round((index + random()) * DAY_MS),
        });
      }
    })();
    return ids[0];
  } finally {
    database.close();
  }
}

function seededRandom(seed: number) {
  // mulberry32: tiny and good enough for filler text.
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(random: () => number, wordCount: number) {
  const words = Array.from({ length: wordCount }, () => WORDS[Math.floor(random() * WORDS.length)]);
  return `${capitalize(words.join(" "))}.`;
}

function paragraph(random: () => number, wordCount: number) {
  const sentences = [];
  for (let remaining = wordCount; remaining > 0;) {
    const length = Math.min(remaining, 10 + Math.floor(random() * 8));
    sentences.push(sentence(random, length));
    remaining -= length;
  }
  return sentences.join(" ");
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A warm-up run whose figures are discarded (JIT, SQLite page cache), then the measured run. */
async function measure(
  label: string,
  url: string,
  { durationSeconds, connections }: Settings,
): Promise<Measurement> {
  console.error(`Measuring ${label}...`);
  const options = { url, connections, headers: REQUEST_HEADERS };
  await runLoad({ ...options, duration: WARM_UP_SECONDS });
  const result = await runLoad({ ...options, duration: durationSeconds });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    // Autocannon counts timeouts among the errors.
    errors: result.errors,
  };
}

async function runLoad(options: Parameters<typeof autocannon>[0]) {
  currentLoad = autocannon(options);
  try {
    const result = await currentLoad;
    throwIfStopping();
    return result;
  } finally {
    currentLoad = undefined;
  }
}

function hasFailed(row: Measurement) {
  return row.non2xx > 0 || row.errors > 0;
}

function printMeasurement(row: Measurement) {
  printRow([
    row.label,
    row.requestsPerSecond.toFixed(1),
    row.p50,
    row.p99,
    row.non2xx,
    row.errors,
    hasFailed(row) ? "FAILED" : "",
  ]);
  return row;
}

function printRow([label, ...figures]: (string | number)[]) {
  const cells = [String(label).padEnd(22), ...figures.map((figure) => String(figure).padEnd(9))];
  console.log(cells.join(" ").trimEnd());
}

/** Serves the same HTML as a static file from nginx: the ceiling for this machine. */
async function measureNginx(homeHtml: string, settings: Settings) {
  const nginxBinary = findNginx();
  if (!nginxBinary) {
    console.log('nginx not installed: run "apt-get install -y nginx" (Debian) to compare');
    return undefined;
  }
  console.error(`Starting ${nginxBinary}...`);
  const webRoot = path.join(scratchDirectory, "www");
  fs.mkdirSync(webRoot);
  fs.writeFileSync(path.join(webRoot, "index.html"), homeHtml);
  // When started as root, nginx's workers drop to an unprivileged user, which must be able to
  // reach www/ inside the otherwise private scratch directory.
  fs.chmodSync(scratchDirectory, 0o711);

  // nginx creates its temp directories but not their parent.
  fs.mkdirSync(path.join(scratchDirectory, "nginx-temp"));

  const port = await freePort();
  const configPath = path.join(scratchDirectory, "nginx.conf");
  fs.writeFileSync(configPath, nginxConfig(port, webRoot));
  const child = startChild(nginxBinary, ["-c", configPath, "-p", `${scratchDirectory}/`], {
    cwd: scratchDirectory,
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilAnswering(url, child, "nginx");
  try {
    return await measure("nginx /", url, settings);
  } finally {
    await stopProcess(child);
  }
}

function findNginx() {
  const candidates = process.env.BENCH_NGINX
    ? [process.env.BENCH_NGINX]
    : [
        "/usr/sbin/nginx",
        ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "nginx")),
      ];
  return candidates.find((candidate) => {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

function nginxConfig(port: number, webRoot: string) {
  const temp = (name: string) => path.join(scratchDirectory, "nginx-temp", name);
  return `daemon off;
master_process on;
worker_processes auto;
pid ${path.join(scratchDirectory, "nginx.pid")};
error_log stderr warn;

events {
  worker_connections 1024;
}

http {
  access_log off;
  client_body_temp_path ${temp("client_body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  default_type text/html;

  # As the compression middleware does: zlib's default level, bodies of 1 KB and more.
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  # Node keeps a connection open for any number of requests; nginx would close it after 1,000.
  keepalive_requests 1000000;

  server {
    listen 127.0.0.1:${port};
    root ${webRoot};
    index index.html;
  }
}
`;
}

/**
 * Sums the scripts a page references (module preloads included), as the server sends them to a
 * browser that accepts gzip and to one that accepts Brotli, and its inline scripts. The budget
 * counts the files, as gzip: the code a page needs before it runs.
 */
async function describeJavaScriptWeight(origin: string, pagePath: string) {
  const pageUrl = new URL(pagePath, origin);
  const response = await fetch(pageUrl);
  const html = await response.text();

  const assetUrls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) assetUrls.add(new URL(src, pageUrl).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (rel.includes("modulepreload") && href) assetUrls.add(new URL(href, pageUrl).href);
  }
  const sameOriginUrls = [...assetUrls].filter((url) => new URL(url).origin === pageUrl.origin);

  const files = { count: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const url of sameOriginUrls) {
    files.count += 1;
    files.raw += await bytesSent(url, "identity", pagePath);
    files.gzip += await bytesSent(url, "gzip", pagePath);
    files.brotli += await bytesSent(url, "br", pagePath);
  }

  const inline: Tally = { count: 0, raw: 0, gzip: 0 };
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (attribute(attributes, "src") || !isJavaScriptType(attribute(attributes, "type"))) continue;
    addToTally(inline, Buffer.from(body));
  }

  const status = response.ok ? "" : ` [page answered ${response.status}]`;
  const overBudget = files.gzip > JAVASCRIPT_BUDGET_BYTES ? " OVER the 120 KB budget" : "";
  return (
    `JavaScript loaded by ${pagePath} : ${files.count} files, ${kilobytes(files.gzip)} KB gzip ` +
    `(${kilobytes(files.brotli)} KB brotli, ${kilobytes(files.raw)} KB raw) + ` +
    `${inline.count} inline scripts, ${kilobytes(inline.gzip)} KB gzip ` +
    `(${kilobytes(inline.raw)} KB raw)${status}${overBudget}`
  );
}

/** The bytes the server sends for `url` to a browser accepting `encoding`. */
async function bytesSent(url: string, encoding: string, pagePath: string) {
  // fetch() would decode the body: ask node:http, which hands over the bytes as they came.
  const { statusCode, body } = await new Promise<{
    statusCode: number | undefined;
    body: Buffer;
  }>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({ statusCode: answer.statusCode, body: Buffer.concat(chunks) }),
        );
        answer.on("error", reject);
      })
      .on("error", reject);
  });
  if (statusCode !== 200)
    throw new Error(`${url} (referenced by ${pagePath}) answered ${statusCode}`);
  return body.length;
}

/**
 * What a page needs to be drawn with scripts off: its HTML and the stylesheets it links, and
 * whether its content (the main heading) and styles arrive without any script.
 */
async function describeRenderWithoutJavaScript(origin: string, pagePath: string) {
  const pageUrl = new URL(pagePath, origin);
  const html = await (await fetch(pageUrl, { headers: REQUEST_HEADERS })).text();
  const stylesheets: Tally = { count: 0, raw: 0, gzip: 0 };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (!rel.includes("stylesheet") || !href) continue;
    const css = await fetch(new URL(href, pageUrl));
    if (!css.ok) throw new Error(`${href} (linked by ${pagePath}) answered ${css.status}`);
    addToTally(stylesheets, Buffer.from(await css.arrayBuffer()));
  }
  const heading = /<main\b[\s\S]*?<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const headingText = heading?.replace(/<[^>]+>/g, "").trim();
  const renders = stylesheets.count > 0 && headingText ? "yes" : "NO";
  return (
    `Without JavaScript, ${pagePath} : HTML ${kilobytes(zlib.gzipSync(html).length)} KB gzip + ` +
    `${stylesheets.count} stylesheet(s) ${kilobytes(stylesheets.gzip)} KB gzip, linked in the HTML; ` +
    `main heading "${headingText ?? ""}" in the HTML; renders without scripts: ${renders}`
  );
}

function attribute(tag: string, name: string) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

// JSON-LD and other data blocks are <script> elements too, but not code the browser runs.
function isJavaScriptType(type: string | undefined) {
  return (
    type === undefined ||
    ["", "module", "text/javascript", "application/javascript"].includes(type.trim().toLowerCase())
  );
}

function addToTally(tally: Tally, content: Buffer) {
  tally.count += 1;
  tally.raw += content.length;
  tally.gzip += zlib.gzipSync(content).length;
}

function kilobytes(bytes: number) {
  return (bytes / 1024).toFixed(1);
}
