// The HTTP server's own settings (server/config.ts): the defaults, each variable read as the README
// documents it, and a value that is not valid refused with its name and why, never replaced by a
// default.
import { describe, expect, test } from "vitest";
import { parseServerConfig } from "../server/config.ts";

describe("the server's settings", () => {
  test("unset, or set to nothing, each takes its default", () => {
    const defaults = {
      mode: "production",
      port: 3000,
      host: undefined,
      pageCacheBytes: 64 * 1024 * 1024,
      trustProxy: ["loopback"],
      shutdownGraceMs: 10_000,
      litefsDir: undefined,
      heapGrowingPercent: 0,
    };
    expect(parseServerConfig({})).toEqual(defaults);
    expect(
      parseServerConfig({ PORT: "", HOST: " ", PAGE_CACHE_MB: "", SHUTDOWN_GRACE_MS: "" }),
    ).toEqual(defaults);
  });

  test("each is read from its variable", () => {
    expect(
      parseServerConfig({
        NODE_ENV: "test",
        PORT: "8080",
        HOST: "127.0.0.1",
        PAGE_CACHE_MB: "0.5",
        TRUST_PROXY: "1",
        SHUTDOWN_GRACE_MS: "2500",
        LITEFS_DIR: "/litefs",
        HEAP_GROWING_PERCENT: "100",
      }),
    ).toEqual({
      mode: "test",
      port: 8080,
      host: "127.0.0.1",
      pageCacheBytes: 524_288,
      trustProxy: 1,
      shutdownGraceMs: 2500,
      litefsDir: "/litefs",
      heapGrowingPercent: 100,
    });
  });

  test.each([
    ["true", true],
    ["false", false],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["10.0.0.1, 10.0.0.2", ["10.0.0.1", "10.0.0.2"]],
  ])("TRUST_PROXY=%s trusts %j", (value, trusted) => {
    expect(parseServerConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trusted);
  });

  test.each([
    ["PORT", "abc", "PORT must be a port number from 1 to 65535"],
    ["PORT", "70000", "PORT must be a port number from 1 to 65535"],
    ["PAGE_CACHE_MB", "plenty", "PAGE_CACHE_MB must be a number of megabytes"],
    ["HEAP_GROWING_PERCENT", "1.5", "HEAP_GROWING_PERCENT must be a whole number from 0 to 400"],
    ["HEAP_GROWING_PERCENT", "900", "HEAP_GROWING_PERCENT must be a whole number from 0 to 400"],
    ["PAGE_CACHE_MB", "-1", "PAGE_CACHE_MB must be a number of megabytes"],
    ["SHUTDOWN_GRACE_MS", "soon", "SHUTDOWN_GRACE_MS must be a number of milliseconds"],
    ["SHUTDOWN_GRACE_MS", "1.5", "SHUTDOWN_GRACE_MS must be a whole number of milliseconds"],
    ["TRUST_PROXY", "a,,b", "TRUST_PROXY must be true, false, a number of proxies"],
  ])("%s=%s is refused, naming it and why", (name, value, message) => {
    expect(() => parseServerConfig({ [name]: value })).toThrow(
      new RegExp(`^The server cannot start: ${message}`),
    );
  });

  test("every invalid value is named at once", () => {
    expect(() => parseServerConfig({ PORT: "x", SHUTDOWN_GRACE_MS: "y" })).toThrow(
      /PORT must be .*; SHUTDOWN_GRACE_MS must be/,
    );
  });
});
