// The site-wide protections of server/security.ts, on a real Express server on 127.0.0.1.
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  inlineScriptHashes,
  sameOriginRequests,
  securityHeaders,
  withScriptHashes,
} from "../server/security.ts";

/** The Content-Security-Policy a server with these options sends, as directive -> values. */
async function policyServed(https: boolean) {
  const app = express();
  app.use(securityHeaders({ https }));
  app.get("/", (_request, response) => {
    response.type("text/plain").send(String(response.locals.cspNonce));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const nonce = await response.text();
    const header = response.headers.get("Content-Security-Policy") ?? "";
    const directives = Object.fromEntries(
      header
        .split(/;\s*/)
        .filter(Boolean)
        .map((directive) => {
          const [name = "", ...values] = directive.trim().split(/\s+/);
          return [name, values];
        }),
    );
    return { nonce, directives };
  } finally {
    server.close();
  }
}

describe("the Content-Security-Policy", () => {
  test("scripts run only from this origin or with the request's nonce", async () => {
    const { nonce, directives } = await policyServed(false);
    expect(directives["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives["default-src"]).toEqual(["'self'"]);
  });

  test("nobody may frame the site, and plugins and <base> are off", async () => {
    const { directives } = await policyServed(false);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
  });

  test("insecure requests are upgraded only when the site is served over https", async () => {
    expect((await policyServed(true)).directives).toHaveProperty("upgrade-insecure-requests");
    expect((await policyServed(false)).directives).not.toHaveProperty("upgrade-insecure-requests");
  });
});

describe("on a live server", () => {
  let origin = "";
  let close = () => {};
  const siteOrigin = "https://www.example.com";

  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders({ https: true }));
    app.use(sameOriginRequests({ siteOrigin }));
    app.all("/form", (_request, response) => {
      response.type("text/plain").send(String(response.locals.cspNonce));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  test("every response carries the security headers and a fresh nonce in its policy", async () => {
    const [first, second] = await Promise.all([fetch(`${origin}/form`), fetch(`${origin}/form`)]);
    for (const response of [first, second]) {
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
      const nonce = await response.text();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
    }
    expect(first?.headers.get("Content-Security-Policy")).not.toBe(
      second?.headers.get("Content-Security-Policy"),
    );
  });

  test.each([
    ["GET from another site", "GET", { Origin: "https://evil.example" }, 200],
    ["POST without Origin (not a browser)", "POST", {}, 200],
    ["POST from the configured site origin", "POST", { Origin: siteOrigin }, 200],
    ["POST from the origin it was reached at", "POST", "own", 200],
    ["POST marked same-origin", "POST", { "Sec-Fetch-Site": "same-origin" }, 200],
    ["POST from another site", "POST", { Origin: "https://evil.example" }, 403],
    ["POST from a sibling subdomain", "POST", { Origin: "https://shop.example.com" }, 403],
    ["POST from an opaque origin", "POST", { Origin: "null" }, 403],
    ["POST marked cross-site", "POST", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["DELETE from another site", "DELETE", { Origin: "https://evil.example" }, 403],
    ["PUT from another site", "PUT", { Origin: "http://localhost:9" }, 403],
    ["POST with only a Referer on the site", "POST", { Referer: `${siteOrigin}/contact` }, 200],
    ["POST with only a Referer where it was reached", "POST", "own referer", 200],
    [
      "POST with only a Referer from another site",
      "POST",
      { Referer: "https://evil.example/" },
      403,
    ],
    ["POST with only a Referer that is no URL", "POST", { Referer: "not a url" }, 403],
    [
      "POST whose Origin is the site's, whatever its Referer",
      "POST",
      { Origin: siteOrigin, Referer: "https://evil.example/" },
      200,
    ],
  ] as const)("%s answers %i", async (_label, method, headers, status) => {
    const response = await fetch(`${origin}/form`, {
      method,
      headers:
        headers === "own"
          ? { Origin: origin }
          : headers === "own referer"
            ? { Referer: `${origin}/contact` }
            : headers,
    });
    expect(response.status).toBe(status);
    if (status === 403) {
      expect(await response.text()).toBe("This form can only be sent from our own pages.");
    }
  });
});

describe("a stored page's policy", () => {
  const hashOf = (script: string) =>
    `'sha256-${crypto.createHash("sha256").update(script, "utf8").digest("base64")}'`;

  test.each([
    ["an inline script", "<script>a()</script>", [hashOf("a()")]],
    ["a module, with non-ASCII text", '<script type="module">b("é")</script>', [hashOf('b("é")')]],
    ["the same script twice, once", "<script>a()</script><script>a()</script>", [hashOf("a()")]],
    ["a script from a file: 'self' covers it", '<script src="/assets/x.js"></script>', []],
    ["JSON-LD, which never runs", '<script type="application/ld+json">{}</script>', []],
    ["an empty script", "<script></script>", [hashOf("")]],
  ])("hashes %s", (_case, html, hashes) => {
    expect(inlineScriptHashes(html)).toEqual(hashes);
  });

  test("the hashes take the nonce's place and nothing else changes", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc==';style-src 'self'";
    expect(withScriptHashes(policy, "abc==", ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-1' 'sha256-2';style-src 'self'",
    );
    expect(withScriptHashes(policy, "abc==", [])).toBe(
      "default-src 'self';script-src 'self';style-src 'self'",
    );
  });
});
