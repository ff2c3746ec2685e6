// What a public page makes the browser download, for scripts/bench.ts and e2e/bundles.spec.ts: the
// JavaScript it loads against its budget, and whether it renders without any script.
import http from "node:http";
import zlib from "node:zlib";

/** Issue 33: no public page's initial JavaScript, as gzip, may pass this (e2e/bundles.spec.ts). */
export const JAVASCRIPT_BUDGET_BYTES = 120 * 1024;

type Tally = { count: number; raw: number; gzip: number };

/** What a page makes the browser download as JavaScript before it runs (see javaScriptWeight). */
export type JavaScriptWeight = {
  status: number;
  files: { count: number; raw: number; gzip: number; brotli: number };
  inline: Tally;
};

/**
 * Sums the scripts a page references (module scripts and module preloads), as the server sends
 * them to a browser that accepts gzip and to one that accepts Brotli, and its inline scripts. The
 * budget counts the files, as gzip: the code a page needs before it runs.
 */
export async function javaScriptWeight(
  origin: string,
  pagePath: string,
): Promise<JavaScriptWeight> {
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
  return { status: response.status, files, inline };
}

/** One line for the bench: a page's JavaScript weight, flagged when it passes the budget. */
export async function describeJavaScriptWeight(origin: string, pagePath: string) {
  const { status, files, inline } = await javaScriptWeight(origin, pagePath);
  const answered = status === 200 ? "" : ` [page answered ${status}]`;
  const overBudget = files.gzip > JAVASCRIPT_BUDGET_BYTES ? " OVER the 120 KB budget" : "";
  return (
    `JavaScript loaded by ${pagePath} : ${files.count} files, ${kilobytes(files.gzip)} KB gzip ` +
    `(${kilobytes(files.brotli)} KB brotli, ${kilobytes(files.raw)} KB raw) + ` +
    `${inline.count} inline scripts, ${kilobytes(inline.gzip)} KB gzip ` +
    `(${kilobytes(inline.raw)} KB raw)${answered}${overBudget}`
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
 * What a page needs to be drawn with scripts off: its HTML and the stylesheets it links or holds
 * inline, and whether its content (the main heading) and styles arrive without any script.
 */
export async function describeRenderWithoutJavaScript(origin: string, pagePath: string) {
  const pageUrl = new URL(pagePath, origin);
  const html = await (await fetch(pageUrl)).text();
  const stylesheets: Tally = { count: 0, raw: 0, gzip: 0 };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (!rel.includes("stylesheet") || !href) continue;
    const css = await fetch(new URL(href, pageUrl));
    if (!css.ok) throw new Error(`${href} (linked by ${pagePath}) answered ${css.status}`);
    addToTally(stylesheets, Buffer.from(await css.arrayBuffer()));
  }
  const inlineStyles: Tally = { count: 0, raw: 0, gzip: 0 };
  for (const [, css = ""] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    addToTally(inlineStyles, Buffer.from(css));
  }
  const heading = /<main\b[\s\S]*?<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const headingText = heading?.replace(/<[^>]+>/g, "").trim();
  const renders = stylesheets.count + inlineStyles.count > 0 && headingText ? "yes" : "NO";
  return (
    `Without JavaScript, ${pagePath} : HTML ${kilobytes(zlib.gzipSync(html).length)} KB gzip ` +
    `(${inlineStyles.count} inline stylesheet(s), ${kilobytes(inlineStyles.gzip)} KB gzip alone) + ` +
    `${stylesheets.count} linked stylesheet(s) ${kilobytes(stylesheets.gzip)} KB gzip; ` +
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

export function kilobytes(bytes: number) {
  return (bytes / 1024).toFixed(1);
}
