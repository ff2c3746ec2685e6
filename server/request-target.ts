// The headers a request's URL is built from (Host, and from a trusted proxy X-Forwarded-Host and
// X-Forwarded-Proto) must name a host and a scheme, nothing more. Express and React Router join
// them with the path into a URL: a "/", "?" or "#" in one of them would choose another route than
// the path asked for, and a value no URL takes (a port past 65535, "[::1") would throw. Such a
// request is refused before anything reads those headers (docs/security.md, "Request targets").
import net from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import { plainPage, plainPageHeaders } from "./plain-page.ts";

// A registered name (letters, digits, "-", "_" and dots), an IPv4 address, or an IPv6 literal in
// brackets; then an optional port.
const HOST_AND_PORT =
  /^(?:(?<name>[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)|\[(?<ipv6>[0-9a-f:.]+)\])(?::(?<port>\d{1,5}))?$/i;
const HIGHEST_PORT = 65_535;
const SCHEMES = new Set(["http", "https"]);

/** True when `value` is a host and an optional port, as a Host header should be. */
export function isHostAndPort(value: string): boolean {
  const match = HOST_AND_PORT.exec(value);
  if (!match?.groups) return false;
  const { ipv6, port } = match.groups;
  if (ipv6 !== undefined && !net.isIPv6(ipv6)) return false;
  if (port !== undefined && Number(port) > HIGHEST_PORT) return false;
  return URL.canParse(`http://${value}/`);
}

/** What is wrong with the request's target headers, in words for the log, or null. */
export function requestTargetProblem(headers: IncomingMessage["headers"]): string | null {
  // Node answers 400 itself to an HTTP/1.1 request without a Host; HTTP/1.0 may omit it.
  const host = headers.host;
  if (host !== undefined && !isHostAndPort(host)) return "Host is not a host and port";
  const forwardedHost = headers["x-forwarded-host"];
  if (forwardedHost !== undefined && !listOf(forwardedHost).every(isHostAndPort)) {
    return "X-Forwarded-Host is not a list of hosts";
  }
  const forwardedProto = headers["x-forwarded-proto"];
  if (
    forwardedProto !== undefined &&
    !listOf(forwardedProto).every((scheme) => SCHEMES.has(scheme.toLowerCase()))
  ) {
    return "X-Forwarded-Proto is not a list of http and https";
  }
  return null;
}

function listOf(header: string | string[]) {
  return (Array.isArray(header) ? header.join(",") : header).split(",").map((item) => item.trim());
}

const BAD_REQUEST_PAGE = plainPage(
  "Bad request",
  "This request names a host or scheme that is not valid, so it was not served. Check the address and try again.",
);

/** Answers 400 to a request whose target headers are malformed and returns true; else false. */
export function refuseMalformedTarget(
  request: IncomingMessage,
  response: ServerResponse,
  onRefused: (details: { problem: string; method: string }) => void,
): boolean {
  const problem = requestTargetProblem(request.headers);
  if (problem === null) return false;
  onRefused({ problem, method: request.method ?? "GET" });
  response.writeHead(400, { ...plainPageHeaders(BAD_REQUEST_PAGE), Connection: "close" });
  response.end(request.method === "HEAD" ? undefined : BAD_REQUEST_PAGE);
  return true;
}
