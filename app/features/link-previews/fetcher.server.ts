// Reads the preview of a page a post links to, never letting the fetch reach inside our network.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { addAbortSignal } from "node:stream";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { unfurl } from "unfurl.js";
import type { LinkPreview } from "~/db/schema";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import { normaliseLinkPreviews } from "./link-previews";

export type PreviewRefusal =
  | "invalid-url"
  | "blocked-scheme"
  | "blocked-port"
  | "blocked-address"
  | "too-many-redirects"
  | "timeout"
  | "too-large"
  | "not-html"
  | "http-status"
  | "network";

export type PreviewFetchOptions = {
  /** Ports a page may be fetched from; LINK_PREVIEW_PORTS by default. */
  ports?: number[];
  /** "host:port" pages that may be fetched although loopback or private; LINK_PREVIEW_TEST_HOSTS by default. */
  testHosts?: string[];
  /** One budget for every redirect and the body. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Resolves host names instead of the system resolver. */
  lookup?: net.LookupFunction;
};

export type PreviewFetchResult =
  { ok: true; preview: LinkPreview } | { ok: false; reason: PreviewRefusal; detail: string };

type Refusal = Extract<PreviewFetchResult, { ok: false }>;
type Settings = Required<Omit<PreviewFetchOptions, "lookup">> & Pick<PreviewFetchOptions, "lookup">;
type Page = { url: URL; contentType: string; body: Buffer };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const USER_AGENT = `LinkPreviewBot/1.0 (+${env.SITE_URL})`;

/** Never throws: every failure comes back as a refusal, and is logged with the host only. */
export async function fetchLinkPreview(
  url: string,
  options: PreviewFetchOptions = {},
): Promise<PreviewFetchResult> {
  const settings: Settings = {
    ports: options.ports ?? env.LINK_PREVIEW_PORTS,
    testHosts: options.testHosts ?? env.LINK_PREVIEW_TEST_HOSTS,
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: options.maxBytes ?? 1_000_000,
    maxRedirects: options.maxRedirects ?? 3,
    lookup: options.lookup,
  };
  const requested = parseUrl(url.trim());
  const result = requested
    ? await fetchPreview(requested, settings)
    : refuse("invalid-url", "This is not a web address.");
  const host = requested?.hostname ?? null;
  if (result.ok) logEvent("info", "link_preview_fetched", { host });
  else logEvent("warn", "link_preview_refused", { reason: result.reason, host });
  return result;
}

async function fetchPreview(requested: URL, settings: Settings): Promise<PreviewFetchResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  const agents: http.Agent[] = [];
  try {
    const page = await fetchPage(requested, settings, deadline.signal, agents);
    if (!page.ok) return page;
    return await readPreview(requested, page);
  } catch (error) {
    return refusalFor(error, deadline.signal);
  } finally {
    clearTimeout(timer);
    for (const agent of agents) agent.destroy();
  }
}

/** Follows redirects by hand, so that every hop is checked as strictly as the first. */
async function fetchPage(
  requested: URL,
  settings: Settings,
  signal: AbortSignal,
  agents: http.Agent[],
): Promise<({ ok: true } & Page) | Refusal> {
  let current = requested;
  for (let redirects = 0; ; redirects++) {
    const refusal = checkTarget(current, settings);
    if (refusal) return refusal;
    const agent = await agentFor(current, settings);
    agents.push(agent);
    const response = await requestPage(current, agent, signal);
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (redirects === settings.maxRedirects) {
        return refuse("too-many-redirects", `The page redirects more than ${redirects} times.`);
      }
      const next = parseUrl(location, current);
      if (!next) {
        return refuse("invalid-url", `${current.hostname} redirects to an invalid address.`);
      }
      current = next;
      continue;
    }
    return await readPage(current, response, settings.maxBytes, signal);
  }
}

function checkTarget(url: URL, settings: Settings): Refusal | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse(
      "blocked-scheme",
      `Only http and https pages can be previewed, not ${url.protocol}`,
    );
  }
  const port = effectivePort(url);
  if (!settings.ports.includes(port)) {
    return refuse("blocked-port", `Pages on port ${port} cannot be previewed.`);
  }
  return null;
}

/**
 * A fresh agent per hop, so no connection outlives the fetch. The filtering agent checks the
 * address actually connected to, after resolution, so a name that resolves (or re-resolves) to
 * a private address is refused too; only a configured test host may be private.
 */
async function agentFor(url: URL, settings: Settings): Promise<http.Agent> {
  const allowIPAddressList = isTestHost(url, settings.testHosts)
    ? await addressesOf(bareHostname(url), settings.lookup)
    : [];
  const agentOptions = { keepAlive: false, lookup: settings.lookup, allowIPAddressList };
  return url.protocol === "https:"
    ? new RequestFilteringHttpsAgent(agentOptions)
    : new RequestFilteringHttpAgent(agentOptions);
}

function isTestHost(url: URL, testHosts: string[]): boolean {
  const target = hostAndPort(url);
  return testHosts.some((entry) => {
    const testHost = parseUrl(`http://${entry}`);
    return testHost !== null && hostAndPort(testHost) === target;
  });
}

function addressesOf(hostname: string, lookup: net.LookupFunction = dns.lookup): Promise<string[]> {
  if (net.isIP(hostname)) return Promise.resolve([hostname]);
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return reject(error);
      resolve(Array.isArray(addresses) ? addresses.map(({ address }) => address) : [addresses]);
    });
  });
}

function requestPage(
  url: URL,
  agent: http.Agent,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      agent,
      signal,
      headers: {
        Accept: "text/html,application/xhtml+xml",
        // Asking for no compression keeps the byte cap honest and leaves nothing to decode.
        "Accept-Encoding": "identity",
        "User-Agent": USER_AGENT,
      },
    });
    request.on("response", resolve);
    request.on("error", reject);
    request.end();
  });
}

/** Refuses by the headers whatever can be refused before a byte of the body is read. */
async function readPage(
  url: URL,
  response: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<({ ok: true } & Page) | Refusal> {
  const contentType = response.headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const declaredLength = Number(response.headers["content-length"] ?? 0);
  if (response.statusCode !== 200) {
    response.destroy();
    return refuse("http-status", `${url.hostname} answered with status ${response.statusCode}.`);
  }
  if (!HTML_TYPES.has(mediaType)) {
    response.destroy();
    return refuse(
      "not-html",
      `${url.hostname} answered with ${mediaType || "no content type"}, not a web page.`,
    );
  }
  if (declaredLength > maxBytes) {
    response.destroy();
    return refuse("too-large", `The page is larger than ${maxBytes} bytes.`);
  }
  addAbortSignal(signal, response);
  const chunks: Buffer[] = [];
  let size = 0;
  // Counted as it streams, since a chunked answer has no Content-Length to refuse by.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the response, so the rest is never downloaded.
    if (size > maxBytes) return refuse("too-large", `The page is larger than ${maxBytes} bytes.`);
    chunks.push(chunk);
  }
  return { ok: true, url, contentType, body: Buffer.concat(chunks) };
}

async function readPreview(requested: URL, page: Page): Promise<PreviewFetchResult> {
  const metadata = await metadataOf(page);
  const openGraph = metadata.open_graph;
  const twitterCard = metadata.twitter_card;
  const [preview] = normaliseLinkPreviews([
    {
      // The address the admin typed, which readers will follow, not wherever it redirected.
      url: requested.href,
      title: openGraph?.title || twitterCard?.title || metadata.title,
      description: openGraph?.description || twitterCard?.description || metadata.description,
      image: openGraph?.images?.[0]?.url || twitterCard?.images?.[0]?.url,
      domain: requested.hostname.replace(/^www\./, ""),
    },
  ]);
  // The normaliser bounds what it stores; a preview that would not store the same address is refused.
  if (!preview || preview.url !== requested.href) {
    return refuse("invalid-url", "This address is too long to keep.");
  }
  return { ok: true, preview };
}

// unfurl.js types these as always present, but leaves them out when a page has no such tags.
type PageMetadata = Partial<Awaited<ReturnType<typeof unfurl>>>;

/**
 * Hands the page already fetched to unfurl.js, which only parses it. Relative image addresses
 * resolve against the page's own (final) address.
 */
async function metadataOf(page: Page): Promise<PageMetadata> {
  // unfurl.js matches text/html only (its xhtml pattern never matches), so it is told text/html,
  // keeping the page's own parameters for the charset.
  const parameters = page.contentType.includes(";")
    ? page.contentType.slice(page.contentType.indexOf(";"))
    : "";
  const response = new Response(new Uint8Array(page.body), {
    status: 200,
    headers: { "Content-Type": `text/html${parameters}` },
  });
  try {
    return await unfurl(page.url.href, { oembed: false, fetch: async () => response });
  } catch (error) {
    // A malformed address anywhere in the head (a favicon, a canonical link) makes unfurl.js
    // give up on the whole page; the link still deserves a plain preview.
    logEvent("warn", "link_preview_unreadable", {
      host: page.url.hostname,
      error: error instanceof Error ? error.message : String(error),
    });
    return {};
  }
}

function refusalFor(error: unknown, deadline: AbortSignal): Refusal {
  // Once the budget is spent, whatever broke (the request, the body) broke because of it.
  if (deadline.aborted) return refuse("timeout", "The page took too long to answer.");
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("is not allowed")) {
    return refuse(
      "blocked-address",
      "The address is, or resolves to, a private or reserved network address.",
    );
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return refuse("network", code ? `The page could not be reached (${code}).` : message);
}

function refuse(reason: PreviewRefusal, detail: string): Refusal {
  return { ok: false, reason, detail };
}

function parseUrl(input: string, base?: URL): URL | null {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

function hostAndPort(url: URL): string {
  return `${url.hostname}:${effectivePort(url)}`;
}

/** The hostname as sockets take it: an IPv6 literal without its brackets. */
function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}
