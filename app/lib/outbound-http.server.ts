// Requests the server makes to addresses someone typed (link previews, webhooks), never letting
// one reach inside our network: only http(s) on allowed ports, every hop checked, special-purpose
// addresses (special-purpose-addresses.server.ts) refused as typed and after resolution, one
// time budget, a byte cap on what is read.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { addAbortSignal } from "node:stream";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { env } from "~/lib/env.server";
import { isPublicAddress } from "~/lib/special-purpose-addresses.server";

export type OutboundRefusalReason =
  | "invalid-url"
  | "blocked-scheme"
  | "blocked-port"
  | "blocked-address"
  | "too-many-redirects"
  | "timeout"
  | "too-large"
  | "network";

export type OutboundOptions = {
  /** Ports an address may use; OUTBOUND_PORTS by default. */
  ports?: number[];
  /** "host:port" addresses that may be reached although loopback or private; OUTBOUND_TEST_HOSTS by default. */
  testHosts?: string[];
  /** One budget for every redirect and the body. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Redirects followed, each checked like the first; with 0 a redirect is the answer. */
  maxRedirects?: number;
  /** Resolves host names instead of the system resolver. */
  lookup?: net.LookupFunction;
  /** False when only the status matters: the answer's body is then never read. */
  readBody?: boolean;
};

export type OutboundRequest = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
};

export type OutboundResponse = {
  ok: true;
  /** The address that answered, after any redirects. */
  url: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type OutboundRefusal<Reason extends string = OutboundRefusalReason> = {
  ok: false;
  reason: Reason;
  detail: string;
};

/**
 * Looks at an answer before its body is read; a refusal returned here ends the request without
 * downloading the body.
 */
export type ResponseScreen<Reason extends string> = (answer: {
  url: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
}) => OutboundRefusal<Reason> | null;

type Settings = Required<Omit<OutboundOptions, "lookup">> & Pick<OutboundOptions, "lookup">;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BLOCKED_ADDRESS = "The address is, or resolves to, a private or reserved network address.";

/** A name resolved, as the request connected, to an address that is not public. */
class BlockedAddressError extends Error {}

/** Never throws: every failure, and every address it will not reach, comes back as a refusal. */
export async function outboundRequest<Reason extends string = never>(
  url: string,
  request: OutboundRequest,
  options: OutboundOptions = {},
  screen?: ResponseScreen<Reason>,
): Promise<OutboundResponse | OutboundRefusal<OutboundRefusalReason | Reason>> {
  const settings: Settings = {
    ports: options.ports ?? env.OUTBOUND_PORTS,
    testHosts: options.testHosts ?? env.OUTBOUND_TEST_HOSTS,
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: options.maxBytes ?? 1_000_000,
    maxRedirects: options.maxRedirects ?? 0,
    lookup: options.lookup,
    readBody: options.readBody ?? true,
  };
  const requested = parseUrl(url.trim());
  if (!requested) return refuse("invalid-url", "This is not a web address.");
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  const agents: http.Agent[] = [];
  try {
    return await follow(requested, request, settings, deadline.signal, agents, screen);
  } catch (error) {
    return refusalFor(error, deadline.signal, settings.timeoutMs);
  } finally {
    clearTimeout(timer);
    for (const agent of agents) agent.destroy();
  }
}

/**
 * Whether an address may be reached now: its form, and every address its name resolves to, by
 * the rule requests keep (public addresses only, unless a test host). Requests are checked again
 * when made, as a name may resolve differently later.
 */
export async function checkOutboundTarget(
  input: string,
  options: Pick<OutboundOptions, "ports" | "testHosts" | "lookup"> = {},
): Promise<OutboundRefusal | null> {
  const url = parseUrl(input.trim());
  if (!url) return refuse("invalid-url", "This is not a web address.");
  const testHosts = options.testHosts ?? env.OUTBOUND_TEST_HOSTS;
  const refusal = checkTarget(url, options.ports ?? env.OUTBOUND_PORTS, testHosts);
  if (refusal) return refusal;
  if (isTestHost(url, testHosts)) return null;
  try {
    const addresses = await addressesOf(bareHostname(url), options.lookup);
    const blocked = !addresses.every(isPublicAddress);
    return blocked ? refuse("blocked-address", BLOCKED_ADDRESS) : null;
  } catch (error) {
    return refuse("network", connectionFailure(error));
  }
}

/** Follows redirects by hand, so that every hop is checked as strictly as the first. */
async function follow<Reason extends string>(
  requested: URL,
  request: OutboundRequest,
  settings: Settings,
  signal: AbortSignal,
  agents: http.Agent[],
  screen?: ResponseScreen<Reason>,
): Promise<OutboundResponse | OutboundRefusal<OutboundRefusalReason | Reason>> {
  let current = requested;
  for (let redirects = 0; ; redirects++) {
    const refusal = checkTarget(current, settings.ports, settings.testHosts);
    if (refusal) return refusal;
    const agent = await agentFor(current, settings);
    agents.push(agent);
    const response = await send(current, request, agent, signal);
    const location = response.headers.location;
    const redirected = REDIRECT_STATUSES.has(response.statusCode ?? 0) && location;
    if (redirected && settings.maxRedirects > 0) {
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
    const answer = { url: current, status: response.statusCode ?? 0, headers: response.headers };
    const screened = screen?.(answer);
    if (screened || !settings.readBody) {
      response.destroy();
      return screened ?? { ok: true, ...answer, body: Buffer.alloc(0) };
    }
    return await readBody(answer, response, settings.maxBytes, signal);
  }
}

/** The scheme, the port and, when the host is an IP address as typed, that address. */
function checkTarget(url: URL, ports: number[], testHosts: string[]): OutboundRefusal | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse(
      "blocked-scheme",
      `Only http and https addresses can be reached, not ${url.protocol}`,
    );
  }
  const port = effectivePort(url);
  if (!ports.includes(port)) {
    return refuse("blocked-port", blockedPort(port, ports));
  }
  // An address as typed is connected to without a lookup, so it is checked here.
  const host = bareHostname(url);
  if (net.isIP(host) && !isPublicAddress(host) && !isTestHost(url, testHosts)) {
    return refuse("blocked-address", BLOCKED_ADDRESS);
  }
  return null;
}

/**
 * A fresh agent per hop, so no connection outlives the request. The addresses a name resolves to
 * as it connects are checked, so a name that resolves (or re-resolves) to a special-purpose
 * address is refused too, by our rule and then by the filtering agent's own (ipaddr.js's ranges);
 * only a configured test host may be private.
 */
async function agentFor(url: URL, settings: Settings): Promise<http.Agent> {
  const testHost = isTestHost(url, settings.testHosts);
  const allowIPAddressList = testHost ? await addressesOf(bareHostname(url), settings.lookup) : [];
  const lookup = testHost ? settings.lookup : publicOnly(settings.lookup);
  const agentOptions = { keepAlive: false, lookup, allowIPAddressList };
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

/** The resolver, failing a name that resolves to any address that is not public. */
function publicOnly(lookup: net.LookupFunction = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      if (!error && !addresses.every(isPublicAddress)) {
        callback(
          new BlockedAddressError(`${hostname} resolves to an address that is not public.`),
          "",
        );
        return;
      }
      callback(error, address, family);
    });
  };
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

function send(
  url: URL,
  { method, headers, body }: OutboundRequest,
  agent: http.Agent,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method,
      agent,
      signal,
      // Asking for no compression keeps the byte cap honest and leaves nothing to decode.
      headers: { "Accept-Encoding": "identity", ...headers },
    });
    outgoing.on("response", resolve);
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function readBody(
  answer: { url: URL; status: number; headers: http.IncomingHttpHeaders },
  response: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<OutboundResponse | OutboundRefusal> {
  const tooLarge = () => refuse("too-large", `The answer is larger than ${maxBytes} bytes.`);
  if (Number(answer.headers["content-length"] ?? 0) > maxBytes) {
    response.destroy();
    return tooLarge();
  }
  addAbortSignal(signal, response);
  const chunks: Buffer[] = [];
  let size = 0;
  // Counted as it streams, since a chunked answer has no Content-Length to refuse by.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the response, so the rest is never downloaded.
    if (size > maxBytes) return tooLarge();
    chunks.push(chunk);
  }
  return { ok: true, ...answer, body: Buffer.concat(chunks) };
}

function refusalFor(error: unknown, deadline: AbortSignal, timeoutMs: number): OutboundRefusal {
  // Once the budget is spent, whatever broke (the request, the body) broke because of it.
  if (deadline.aborted) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return refuse("timeout", `The connection timed out: no answer within ${seconds} seconds.`);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BlockedAddressError || message.includes("is not allowed")) {
    return refuse("blocked-address", BLOCKED_ADDRESS);
  }
  return refuse("network", connectionFailure(error));
}

/**
 * Which ports are allowed, and how another is, in words staff can pass on to whoever runs the
 * server: the setting is theirs, not the admin's.
 */
function blockedPort(port: number, allowed: number[]): string {
  const list = allowed.length === 1 ? `port ${allowed[0]}` : `ports ${listOf(allowed)}`;
  return (
    `Addresses on port ${port} cannot be reached: only ${list} are allowed. ` +
    `To allow port ${port}, whoever runs the server can add it to the OUTBOUND_PORTS setting ` +
    `(for example OUTBOUND_PORTS=${[...allowed, port].join(",")}) and restart it.`
  );
}

function listOf(items: number[]): string {
  return items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * What a failed connection means, in plain words, by the code Node, OpenSSL or nodemailer gives
 * it. The one table for every connection the server makes to an address staff chose: webhook
 * deliveries, link previews and the mail server alike.
 */
const CONNECTION_FAILURES: [codes: string[], words: string][] = [
  [["ENOTFOUND", "EAI_NONAME", "EAI_NODATA", "EAI_FAIL"], "The address could not be found"],
  [["EAI_AGAIN"], "The address could not be looked up: the name server did not answer"],
  [["ECONNREFUSED"], "The server refused the connection"],
  [["ETIMEDOUT", "ESOCKETTIMEDOUT", "ETIME"], "The connection timed out"],
  [["ECONNRESET", "EPIPE", "ECONNABORTED"], "The server closed the connection before answering"],
  [
    ["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN"],
    "The server cannot be reached from here",
  ],
  [["CERT_HAS_EXPIRED"], "The server's certificate has expired"],
  [["CERT_NOT_YET_VALID"], "The server's certificate is not valid yet"],
  [
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "SELF_SIGNED_CERT_IN_CHAIN"],
    "The server's certificate is self-signed, so it cannot be trusted",
  ],
  [
    [
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      "UNABLE_TO_GET_ISSUER_CERT",
      "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
      "CERT_UNTRUSTED",
      "CERT_SIGNATURE_FAILURE",
    ],
    "The server's certificate could not be verified",
  ],
  [["ERR_TLS_CERT_ALTNAME_INVALID"], "The server's certificate is for another name"],
  [["CERT_REVOKED"], "The server's certificate has been revoked"],
  [["EPROTO", "ERR_SSL_WRONG_VERSION_NUMBER"], "A secure connection could not be set up"],
  [["EAUTH"], "The mail server did not accept the user name or password"],
  [["EMAXLIMIT"], "The mail server closed the connection: too many messages at once"],
];

const WORDS_BY_CODE = new Map(
  CONNECTION_FAILURES.flatMap(([codes, words]) => codes.map((code) => [code, words] as const)),
);

// nodemailer names its own stage (ESOCKET, EDNS, ECONNECTION) and keeps the system's code only
// in its message ("connect ECONNREFUSED 127.0.0.1:25"); the system's says more.
const CODE_IN_MESSAGE = /\b[A-Z][A-Z0-9_]{3,}\b/g;

/**
 * A failed connection in plain words, with its code in brackets for whoever supports the server,
 * e.g. "The server refused the connection (ECONNREFUSED)."
 */
export function connectionFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const ownCode = (error as { code?: unknown } | null)?.code;
  const codes = [
    typeof ownCode === "string" ? ownCode : "",
    ...(message.match(CODE_IN_MESSAGE) ?? []),
  ];
  const code = codes.find((candidate) => WORDS_BY_CODE.has(candidate));
  if (code) return `${WORDS_BY_CODE.get(code)} (${code}).`;
  const unnamed = typeof ownCode === "string" && !message.includes(ownCode);
  return `The connection failed: ${message}${unnamed ? ` (${ownCode})` : ""}`;
}

export function refuse<Reason extends string>(
  reason: Reason,
  detail: string,
): OutboundRefusal<Reason> {
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
