// The link-preview fetcher against real loopback servers: what it reads, and every refusal.
import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  fetchLinkPreview,
  type PreviewFetchOptions,
  type PreviewRefusal,
} from "~/features/link-previews/fetcher.server";
import { captureLogLines } from "./support/logs";

type Listener = { server: http.Server; port: number; connections: number };

async function listen(
  handler: http.RequestListener,
  host = "127.0.0.1",
  port = 0,
): Promise<Listener> {
  const server = http.createServer(handler);
  const listener: Listener = { server, port, connections: 0 };
  server.on("connection", () => listener.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}

async function close(listener: Listener | null) {
  if (!listener) return;
  listener.server.closeAllConnections();
  await new Promise((resolve) => listener.server.close(resolve));
}

const ARTICLE = `<!doctype html>
<html><head>
  <title>Keelstone | Lean inventory</title>
  <meta name="description" content="The page's own description">
  <meta property="og:title" content="Lean inventory in practice">
  <meta property="og:description" content="How three plants cut stock by a third.">
  <meta property="og:image" content="cover.png">
  <meta name="twitter:title" content="Twitter title">
</head><body><h1>Lean inventory</h1></body></html>`;

const TWITTER_ONLY = `<html><head><title>Document title</title>
  <meta name="twitter:title" content="Twitter title">
  <meta name="twitter:description" content="Twitter description">
  <meta name="twitter:image" content="https://cdn.example.com/card.png">
</head></html>`;

const PLAIN = `<html><head><title>Just a title</title>
  <meta name="description" content="Just a description">
  <meta property="og:image" content="javascript:alert(1)">
</head></html>`;

const BROKEN_FAVICON = `<html><head><link rel="icon" href="http://[">
  <meta property="og:title" content="Unreadable"></head></html>`;

const html = { "Content-Type": "text/html; charset=utf-8" };

const pageRoutes: Record<string, http.RequestListener> = {
  "/blog/lean-inventory": (_request, response) => response.writeHead(200, html).end(ARTICLE),
  "/twitter": (_request, response) => response.writeHead(200, html).end(TWITTER_ONLY),
  "/plain": (_request, response) => response.writeHead(200, html).end(PLAIN),
  "/broken-favicon": (_request, response) => response.writeHead(200, html).end(BROKEN_FAVICON),
  "/xhtml": (_request, response) =>
    response
      .writeHead(200, { "Content-Type": "application/xhtml+xml; charset=utf-8" })
      .end(ARTICLE),
  "/to-victim": (_request, response) =>
    response.writeHead(302, { Location: `http://localhost:${victim.port}/` }).end(),
  "/to-victim-ip": (_request, response) =>
    response.writeHead(307, { Location: `http://127.0.0.1:${victim.port}/` }).end(),
  "/to-file": (_request, response) =>
    response.writeHead(301, { Location: "file:///etc/passwd" }).end(),
  "/big": (_request, response) =>
    response.writeHead(200, html).end(`<html><body>${"x".repeat(2_000_000)}</body></html>`),
  "/endless": (_request, response) => {
    // No Content-Length: the fetcher only learns the size by counting.
    response.writeHead(200, html);
    const chunk = `<p>${"x".repeat(64_000)}</p>`;
    const writeMore = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on("drain", writeMore);
    response.on("close", () => (endlessClosed = true));
    writeMore();
  },
  "/data.json": (_request, response) =>
    response.writeHead(200, { "Content-Type": "application/json" }).end('{"title":"x"}'),
  "/photo.png": (_request, response) =>
    response.writeHead(200, { "Content-Type": "image/png" }).end(Buffer.alloc(64)),
  "/headers-then-nothing": (_request, response) => {
    response.writeHead(200, html);
    response.write("<html><head>");
  },
  "/silent": () => {},
};

function servePage(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? "/", "http://pages").pathname;
  const hops = /^\/hops\/(\d+)$/.exec(path);
  if (hops) {
    // Each hop redirects with another status, until the last one lands on the article.
    const left = Number(hops[1]);
    const status = [301, 302, 303, 307, 308][left % 5];
    const location = left > 1 ? `/hops/${left - 1}` : "/blog/lean-inventory";
    response.writeHead(status ?? 302, { Location: location }).end();
    return;
  }
  const slowHops = /^\/slow-hops\/(\d+)$/.exec(path);
  if (slowHops) {
    const left = Number(slowHops[1]);
    const location = left > 1 ? `/slow-hops/${left - 1}` : "/blog/lean-inventory";
    setTimeout(() => response.writeHead(302, { Location: location }).end(), 400);
    return;
  }
  const route = pageRoutes[path];
  if (route) route(request, response);
  else response.writeHead(404, html).end("<html><title>Not found</title></html>");
}

let pages: Listener;
let victim: Listener;
let victimV6: Listener | null = null;
let endlessClosed = false;
let logged: string[] = [];

beforeAll(async () => {
  pages = await listen(servePage);
  // A page worth stealing: reaching it at all is the failure these tests look for.
  const serveVictim: http.RequestListener = (_request, response) =>
    response.writeHead(200, html).end(ARTICLE);
  victim = await listen(serveVictim);
  // The same port on ::1 (where the machine has IPv6), so IPv6 loopback targets land on a
  // counting server too.
  victimV6 = await listen(serveVictim, "::1", victim.port).catch(() => null);
  logged = captureLogLines().lines;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([close(pages), close(victim), close(victimV6)]);
});

const pagesOptions = (): PreviewFetchOptions => ({
  ports: [pages.port],
  testHosts: [`127.0.0.1:${pages.port}`],
});
const pageUrl = (path: string) => `http://127.0.0.1:${pages.port}${path}`;
const victimConnections = () => victim.connections + (victimV6?.connections ?? 0);

/** A resolver that answers every name with `address`, as a rebinding name server would. */
const resolveTo =
  (address: string, family = 4): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
const resolveToLoopback = resolveTo("127.0.0.1");

describe("reading a page", () => {
  test("takes the Open Graph title, description and image, made absolute", async () => {
    const result = await fetchLinkPreview(pageUrl("/blog/lean-inventory"), pagesOptions());
    expect(result).toEqual({
      ok: true,
      preview: {
        url: pageUrl("/blog/lean-inventory"),
        image: pageUrl("/blog/cover.png"),
        title: "Lean inventory in practice",
        description: "How three plants cut stock by a third.",
        domain: "127.0.0.1",
      },
    });
    expect(logged.at(-1)).toContain('"event":"link_preview_fetched"');
  });

  test("keeps the typed address through redirects, and reads images against the final page", async () => {
    const result = await fetchLinkPreview(pageUrl("/hops/3"), pagesOptions());
    expect(result).toMatchObject({
      ok: true,
      preview: {
        url: pageUrl("/hops/3"),
        image: pageUrl("/blog/cover.png"),
        title: "Lean inventory in practice",
      },
    });
  });

  test("falls back to Twitter card tags", async () => {
    const result = await fetchLinkPreview(pageUrl("/twitter"), pagesOptions());
    expect(result).toMatchObject({
      ok: true,
      preview: {
        title: "Twitter title",
        description: "Twitter description",
        image: "https://cdn.example.com/card.png",
      },
    });
  });

  test("falls back to the title and description, and drops a non-http image", async () => {
    const result = await fetchLinkPreview(pageUrl("/plain"), pagesOptions());
    expect(result).toMatchObject({
      ok: true,
      preview: { title: "Just a title", description: "Just a description", image: null },
    });
  });

  test("reads a page served as application/xhtml+xml", async () => {
    const result = await fetchLinkPreview(pageUrl("/xhtml"), pagesOptions());
    expect(result).toMatchObject({ ok: true, preview: { title: "Lean inventory in practice" } });
  });

  test("still gives a plain preview of a page whose head unfurl.js cannot read", async () => {
    const result = await fetchLinkPreview(pageUrl("/broken-favicon"), pagesOptions());
    expect(result).toMatchObject({ ok: true, preview: { title: "127.0.0.1", image: null } });
  });

  test("reaches a test host by name through the given resolver", async () => {
    const result = await fetchLinkPreview(`http://site.test:${pages.port}/blog/lean-inventory`, {
      ports: [pages.port],
      testHosts: [`site.test:${pages.port}`],
      lookup: resolveToLoopback,
    });
    expect(result).toMatchObject({
      ok: true,
      preview: { domain: "site.test", image: `http://site.test:${pages.port}/blog/cover.png` },
    });
  });

  test("allows only ports 80 and 443 unless told otherwise", async () => {
    const result = await fetchLinkPreview(pageUrl("/blog/lean-inventory"), {
      testHosts: [`127.0.0.1:${pages.port}`],
    });
    expect(result).toMatchObject({ ok: false, reason: "blocked-port" });
  });
});

describe("refusing to reach inside the network", () => {
  // {victim} is the port of a server on loopback that counts every connection it receives.
  const targets: [string, PreviewRefusal, PreviewFetchOptions?][] = [
    ["http://127.0.0.1:{victim}/", "blocked-address"],
    ["http://localhost:{victim}/", "blocked-address"],
    ["HTTP://LOCALHOST:{victim}/admin", "blocked-address"],
    ["https://127.0.0.1:{victim}/", "blocked-address"],
    ["https://localhost:{victim}/", "blocked-address"],
    ["http://[::1]:{victim}/", "blocked-address"],
    ["http://0.0.0.0:{victim}/", "blocked-address"],
    ["http://0:{victim}/", "blocked-address"],
    ["http://127.0.0.2:{victim}/", "blocked-address"],
    ["http://127.1:{victim}/", "blocked-address"],
    ["http://10.0.0.1:{victim}/", "blocked-address"],
    ["http://10.255.255.255:{victim}/", "blocked-address"],
    ["http://172.16.0.1:{victim}/", "blocked-address"],
    ["http://172.31.255.255:{victim}/", "blocked-address"],
    ["http://192.168.0.1:{victim}/", "blocked-address"],
    ["http://169.254.169.254:{victim}/latest/meta-data/", "blocked-address"],
    ["http://100.64.0.1:{victim}/", "blocked-address"],
    ["http://100.127.255.255:{victim}/", "blocked-address"],
    ["http://224.0.0.1:{victim}/", "blocked-address"],
    ["http://255.255.255.255:{victim}/", "blocked-address"],
    ["http://[::ffff:127.0.0.1]:{victim}/", "blocked-address"],
    ["http://[::ffff:7f00:1]:{victim}/", "blocked-address"],
    ["http://[::ffff:a00:1]:{victim}/", "blocked-address"],
    ["http://[::]:{victim}/", "blocked-address"],
    ["http://[fe80::1]:{victim}/", "blocked-address"],
    ["http://[fc00::1]:{victim}/", "blocked-address"],
    ["http://[fd12:3456::1]:{victim}/", "blocked-address"],
    ["http://2130706433:{victim}/", "blocked-address"],
    ["http://0x7f000001:{victim}/", "blocked-address"],
    ["http://0177.0.0.1:{victim}/", "blocked-address"],
    ["http://017700000001:{victim}/", "blocked-address"],
    // IPv4 inside IPv6 and the rest of the special-purpose registries, which ipaddr.js (the
    // filtering agent's rule) reads as unicast or does not know.
    ["http://[::127.0.0.1]:{victim}/", "blocked-address"],
    ["http://[::7f00:1]:{victim}/", "blocked-address"],
    ["http://[::169.254.169.254]:{victim}/latest/meta-data/", "blocked-address"],
    ["http://[64:ff9b::127.0.0.1]:{victim}/", "blocked-address"],
    ["http://[64:ff9b:1::a9fe:a9fe]:{victim}/", "blocked-address"],
    ["http://[2002:7f00:1::]:{victim}/", "blocked-address"],
    ["http://[2001::1]:{victim}/", "blocked-address"],
    ["http://[2001:db8::1]:{victim}/", "blocked-address"],
    ["http://[3fff::1]:{victim}/", "blocked-address"],
    ["http://[100::1]:{victim}/", "blocked-address"],
    ["http://[5f00::1]:{victim}/", "blocked-address"],
    ["http://[fec0::1]:{victim}/", "blocked-address"],
    ["http://[ff02::1]:{victim}/", "blocked-address"],
    ["http://198.18.0.1:{victim}/", "blocked-address"],
    ["http://rebind.example:{victim}/", "blocked-address", { lookup: resolveToLoopback }],
    [
      "http://rebind6.example:{victim}/latest/meta-data/",
      "blocked-address",
      { lookup: resolveTo("::a9fe:a9fe", 6) },
    ],
    [
      "http://rebind64.example:{victim}/",
      "blocked-address",
      { lookup: resolveTo("64:ff9b::7f00:1", 6) },
    ],
    ["{pages}/to-victim", "blocked-address"],
    ["{pages}/to-victim-ip", "blocked-address"],
    ["{pages}/to-file", "blocked-scheme"],
    ["{pages}/hops/4", "too-many-redirects"],
    ["file:///etc/passwd", "blocked-scheme"],
    ["ftp://127.0.0.1:{victim}/", "blocked-scheme"],
    ["gopher://127.0.0.1:{victim}/_GET%20/", "blocked-scheme"],
    ["data:text/html,<title>hi</title>", "blocked-scheme"],
    ["javascript:alert(1)", "blocked-scheme"],
    ["http://example.com:22/", "blocked-port"],
    ["http://127.0.0.1:6379/", "blocked-port"],
    ["not a web address", "invalid-url"],
    ["http://", "invalid-url"],
  ];

  test.each(targets)("%s is refused: %s", async (target, reason, extra) => {
    const url = target
      .replace("{victim}", String(victim.port))
      .replace("{pages}", `http://127.0.0.1:${pages.port}`);
    const connectionsBefore = victimConnections();
    const result = await fetchLinkPreview(url, {
      // Only the pages server is a test host; the victim's port is allowed, so only the address
      // check stands between the fetcher and the victim.
      ports: [80, 443, victim.port, pages.port],
      testHosts: [`127.0.0.1:${pages.port}`],
      ...extra,
    });
    expect(result).toMatchObject({ ok: false, reason });
    expect(result).not.toHaveProperty("preview");
    expect(victimConnections()).toBe(connectionsBefore);
  });

  test("no target above reached the victim", () => {
    expect(victimConnections()).toBe(0);
  });

  test("logs the refusal with the host, never the query string", async () => {
    await fetchLinkPreview(`http://localhost:${victim.port}/?token=secret-value`, {
      ports: [victim.port],
    });
    const line = JSON.parse(logged.at(-1) ?? "{}");
    expect(line).toMatchObject({
      level: "warn",
      event: "link_preview_refused",
      reason: "blocked-address",
      host: "localhost",
    });
    expect(logged.join("\n")).not.toContain("secret-value");
  });
});

describe("refusing pages that are not worth reading", () => {
  test("a 2 MB page is too large", async () => {
    const result = await fetchLinkPreview(pageUrl("/big"), pagesOptions());
    expect(result).toMatchObject({ ok: false, reason: "too-large" });
  });

  test("an endless page without Content-Length is cut off as soon as it is too large", async () => {
    const result = await fetchLinkPreview(pageUrl("/endless"), pagesOptions());
    expect(result).toMatchObject({ ok: false, reason: "too-large" });
    await vi.waitFor(() => expect(endlessClosed).toBe(true));
  });

  test("a smaller byte cap applies", async () => {
    const result = await fetchLinkPreview(pageUrl("/blog/lean-inventory"), {
      ...pagesOptions(),
      maxBytes: 100,
    });
    expect(result).toMatchObject({ ok: false, reason: "too-large" });
  });

  test.each(["/data.json", "/photo.png"])("%s is not a web page", async (path) => {
    const result = await fetchLinkPreview(pageUrl(path), pagesOptions());
    expect(result).toMatchObject({ ok: false, reason: "not-html" });
    expect(result).not.toHaveProperty("preview");
  });

  test("a missing page is refused with its status", async () => {
    const result = await fetchLinkPreview(pageUrl("/missing"), pagesOptions());
    expect(result).toMatchObject({ ok: false, reason: "http-status" });
    expect(result.ok || result.detail).toContain("404");
  });

  test("a server that never answers times out after the default five seconds", async () => {
    const started = Date.now();
    const result = await fetchLinkPreview(pageUrl("/silent"), pagesOptions());
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(6000);
  }, 10_000);

  test("a body that never finishes times out within the budget", async () => {
    const started = Date.now();
    const result = await fetchLinkPreview(pageUrl("/headers-then-nothing"), {
      ...pagesOptions(),
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("the budget covers all redirects together, not each one", async () => {
    // Three hops of 400 ms each: every hop fits in 700 ms, all of them do not, so a budget per hop
    // would read the page. How soon it gives up is the test above's; on a loaded machine the
    // clock here says more about the machine than about the budget.
    const result = await fetchLinkPreview(pageUrl("/slow-hops/3"), {
      ...pagesOptions(),
      timeoutMs: 700,
    });
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
  });
});
