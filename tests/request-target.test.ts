// server/request-target.ts: which Host and forwarding headers a request may carry. Table-driven:
// each value either names a host (and port, or scheme), or is refused before any URL is built.
import { describe, expect, test } from "vitest";
import { isHostAndPort, requestTargetProblem } from "../server/request-target.ts";

describe("a Host header", () => {
  test.each([
    "localhost",
    "localhost:3000",
    "www.example.com",
    "WWW.Example.COM",
    "example.com.",
    "internal_host:8080",
    "127.0.0.1",
    "127.0.0.1:65535",
    "[::1]",
    "[::1]:3000",
    "[2001:db8::1]:443",
    "[::ffff:127.0.0.1]",
  ])("%s is a host", (value) => {
    expect(isHostAndPort(value)).toBe(true);
  });

  test.each([
    // A path, query or fragment would choose another route than the request's own path.
    "localhost:3000/ethos?",
    "localhost:3000/solutions?",
    "localhost:3000/insights?tag=SITE+CLOSED&x=",
    "localhost#",
    "user@localhost",
    "localhost\\ethos",
    // No URL takes these: building one would throw.
    "a:99999",
    "a:65536",
    "[::1",
    "[::1]]",
    "[not-ipv6]",
    "a b:1",
    "a%zz",
    "a%2Fb",
    "caf\u00e9.example",
    "\u00ff\u00fe",
    "",
    ":3000",
    "localhost:",
    "localhost:3000:1",
    "..",
  ])("%j is refused", (value) => {
    expect(isHostAndPort(value)).toBe(false);
  });
});

describe("the request's target headers", () => {
  test.each([
    [{ host: "localhost:3000" }, null],
    [{}, null],
    [{ host: "localhost", "x-forwarded-proto": "https" }, null],
    [{ host: "localhost", "x-forwarded-proto": "https, http" }, null],
    [{ host: "localhost", "x-forwarded-proto": "HTTPS" }, null],
    [{ host: "localhost", "x-forwarded-host": "www.example.com, edge.internal:8080" }, null],
    [{ host: "localhost:3000/ethos?" }, "Host is not a host and port"],
    [
      { host: "localhost", "x-forwarded-proto": "http://localhost:3000/ethos#, https" },
      "X-Forwarded-Proto is not a list of http and https",
    ],
    [
      { host: "localhost", "x-forwarded-proto": "javascript" },
      "X-Forwarded-Proto is not a list of http and https",
    ],
    [
      { host: "localhost", "x-forwarded-host": "www.example.com/admin?" },
      "X-Forwarded-Host is not a list of hosts",
    ],
  ])("%j: %s", (headers, problem) => {
    expect(requestTargetProblem(headers)).toBe(problem);
  });
});
