// Site-wide security in the browser: the CSP lets every public page work with its nonce (or, for a
// page from the page cache, its scripts' hashes) and reports no violation, and a form posted from another site is refused without storing anything.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/fixtures";
import { marketingPages } from "./support/public-pages";

type Violation = { directive: string; blocked: string };

test("every public page sends a nonce- or hash-based CSP and runs without a single violation", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI }),
    );
  });
  for (const { path } of [...marketingPages, { path: "/no-such-page" }]) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    const policy = response?.headers()["content-security-policy"] ?? "";
    // Rendered for this request, the page's scripts carry its nonce; stored, their hashes.
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    const hashes = policy.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? [];
    expect(Boolean(nonce) !== hashes.length > 0, `${path}: a nonce or hashes, not both`).toBe(true);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response?.headers()["permissions-policy"]).toBeTruthy();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: Violation[] }).cspViolations,
    );
    expect(violations, `${path} breaks its own policy`).toEqual([]);
  }
  if (javaScriptEnabled) {
    // Hydrated under the policy: the assessment's Next button reacts to typing.
    await page.goto("/efficiency-assessment");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await expect(next).toBeDisabled();
  }
});

test("a form on another site cannot post to ours", async ({ page, app }) => {
  // A real page on another origin (another port of 127.0.0.1) with a form aimed at our contact page.
  const attacker = http.createServer((_request, response) => {
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    response.end(`<!doctype html><title>Win a prize</title>
      <form method="post" action="${app.url}/contact">
        <input name="fullName" value="Forged Sender">
        <input name="email" value="forged@example.org">
        <input name="message" value="Sent from another site">
        <button>Claim</button>
      </form>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  try {
    const port = (attacker.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().startsWith(`${app.url}/contact`)),
      page.getByRole("button", { name: "Claim" }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(page.locator("body")).toContainText(
      "This form can only be sent from our own pages.",
    );
    const db = app.openDatabase();
    const stored = db
      .prepare("select count(*) as n from contact_messages where full_name = 'Forged Sender'")
      .get() as { n: number };
    db.close();
    expect(stored.n).toBe(0);
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
});

test("a post that names another site only in its Referer is refused too", async ({
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once is enough");
  // What an old browser without Origin sends for a form on another site; curl sends neither.
  const post = (headers: Record<string, string>) =>
    fetch(`${app.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "X-Forwarded-For": "10.88.0.1" },
      body: new URLSearchParams({
        fullName: "Referer Sender",
        email: "referer@example.org",
        message: "Sent from another site",
      }),
    });
  const forged = await post({ Referer: "https://evil.example/prize" });
  expect(forged.status).toBe(403);
  expect(await forged.text()).toBe("This form can only be sent from our own pages.");
  const count = () => {
    const db = app.openDatabase();
    const row = db
      .prepare("select count(*) as n from contact_messages where full_name = 'Referer Sender'")
      .get() as { n: number };
    db.close();
    return row.n;
  };
  expect(count()).toBe(0);
  expect((await post({ Referer: `${app.url}/contact` })).status).toBe(302);
  expect(count()).toBe(1);
});
