// The page cache for anonymous visitors (server/page-cache.ts, decision 030): what it stores, what
// it answers with, and that a change to a post shows on the next request to every page that lists
// it, with or without JavaScript in the visitor's browser.
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { zonedInputValue } from "../app/lib/zoned-time";
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/fixtures";
import { refusedStart, startServer, type RunningServer } from "./support/server";

const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

function scriptHashesIn(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

const scriptSources = (policy: string) =>
  (/(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? "").trim().split(/\s+/);

test.describe("what the cache answers", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP answers: the same either way");

  test("a stored page is the fresh render's bytes but for the nonce, and allows exactly its own inline scripts", async ({
    request,
  }) => {
    for (const path of ["/", "/ethos", "/insights", "/contact"]) {
      await request.get(path);
      const cached = await request.get(path);
      expect(cached.headers()["x-cache"], path).toBe("HIT");
      // A cookie of ours (here an unreadable notice) makes the server render for this request.
      const fresh = await request.get(path, { headers: { Cookie: "toast=not-a-signed-value" } });
      expect(fresh.headers()["x-cache"], path).toBeUndefined();

      const cachedHtml = await cached.text();
      const freshHtml = await fresh.text();
      expect(cachedHtml, path).not.toContain("nonce=");
      expect(freshHtml, path).toMatch(/<script nonce="[^"]+"/);
      expect(cachedHtml, path).toBe(withoutNonces(freshHtml));

      const sources = scriptSources(cached.headers()["content-security-policy"] ?? "");
      expect(
        sources.filter((source) => source.startsWith("'nonce-")),
        path,
      ).toEqual([]);
      expect(new Set(sources.filter((source) => source.startsWith("'sha256-"))), path).toEqual(
        scriptHashesIn(cachedHtml),
      );
      expect(scriptHashesIn(cachedHtml).size, path).toBeGreaterThan(0);
      // Every other header a page carries, the security headers first, comes with the copy.
      for (const name of [
        "strict-transport-security",
        "x-frame-options",
        "x-content-type-options",
        "referrer-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
        "content-type",
      ]) {
        expect(cached.headers()[name], `${path} ${name}`).toBe(fresh.headers()[name]);
      }
      // But for its caching: the render for a visitor with a cookie of ours is theirs alone.
      expect(cached.headers()["cache-control"], path).toMatch(/^public, /);
      expect(fresh.headers()["cache-control"], path).toBe("private, no-store");
      expect(cached.headers()["x-request-id"]).not.toBe(fresh.headers()["x-request-id"]);
    }
  });

  test("a hit writes the same request line as every other answer, found by its id", async ({
    request,
    app,
  }) => {
    await request.get("/case-studies");
    const hit = await request.get("/case-studies");
    expect(hit.headers()["x-cache"]).toBe("HIT");
    const requestId = hit.headers()["x-request-id"] ?? "";
    // Hit lines are written in batches (app/lib/logger.server.ts, batchedLogger): within 50 ms.
    await expect.poll(() => app.logs.find((line) => line.includes(requestId))).toBeDefined();
    const line = JSON.parse(app.logs.find((entry) => entry.includes(requestId)) ?? "{}");
    expect(line).toMatchObject({
      level: "info",
      event: "request",
      requestId,
      method: "GET",
      path: "/case-studies",
      status: 200,
      cache: "hit",
    });
    expect(typeof line.durationMs).toBe("number");
    expect(Date.parse(line.time)).not.toBeNaN();
  });

  test("a page rendered for its request never repeats a nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const response = await request.get("/ethos", { headers: { Cookie: "toast=x" } });
      const html = await response.text();
      const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toBeDefined();
      expect(response.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce ?? "");
    }
    expect(nonces.size).toBe(20);
  });

  test("a matching ETag gets 304 Not Modified; the copy goes out compressed once, as the client asks", async ({
    request,
  }) => {
    await request.get("/team");
    const stored = await request.get("/team");
    const etag = stored.headers().etag ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(stored.headers()["cache-control"]).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
    );

    const unchanged = await request.get("/team", { headers: { "If-None-Match": etag } });
    expect(unchanged.status()).toBe(304);
    expect(await unchanged.body()).toHaveLength(0);
    const other = await request.get("/team", { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status()).toBe(200);

    const html = await stored.text();
    for (const encoding of ["br", "gzip", "identity"]) {
      const answer = await request.get("/team", { headers: { "Accept-Encoding": encoding } });
      expect(answer.headers()["content-encoding"], encoding).toBe(
        encoding === "identity" ? undefined : encoding,
      );
      expect(answer.headers().vary).toBe("Accept-Encoding");
      expect(await answer.text(), encoding).toBe(html);
    }
    const head = await request.head("/team");
    expect(head.headers()["x-cache"]).toBe("HIT");
    expect(head.headers().etag).toBe(etag);
  });

  test("a signed-in admin, a visitor with a notice and the assessment never get a stored page", async ({
    browser,
    request,
    app,
  }) => {
    const admin = await signedInAdmin(browser, app);
    try {
      await request.get("/insights");
      expect((await request.get("/insights")).headers()["x-cache"]).toBe("HIT");
      const asAdmin = await admin.request.get("/insights");
      expect(asAdmin.headers()["x-cache"]).toBeUndefined();
      expect(await asAdmin.text()).toMatch(/<script nonce="/);

      // Saving a post leaves a notice for the admin's next page: rendered for them, then gone.
      const title = `Notice check ${crypto.randomUUID().slice(0, 8)}`;
      const saved = await admin.request.post("/admin/blog", {
        form: postForm({ title }),
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(303);
      expect(saved.headers()["set-cookie"]).toMatch(/toast=/);
      const withNotice = await admin.request.get("/ethos");
      expect(withNotice.headers()["x-cache"]).toBeUndefined();
      expect(await withNotice.text()).toContain("Blog post created successfully");
      expect(withNotice.headers()["cache-control"]).toBe("private, no-store");
    } finally {
      await admin.context().close();
    }
    for (const path of ["/efficiency-assessment", "/assessment-results", "/admin/auth"]) {
      await request.get(path);
      expect((await request.get(path)).headers()["x-cache"], path).toBeUndefined();
    }
    // Query strings the page does not use are not keys to fill the cache with.
    await request.get("/ethos?utm_source=x");
    expect((await request.get("/ethos?utm_source=x")).headers()["x-cache"]).toBeUndefined();
  });
});

/** One raw HTTP/1.1 request, headers exactly as given (Host included); its status and headers. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port, method, path, headers, setHost: false, agent: false },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () =>
            resolve({
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    },
  );
}

/** Bytes sent as they are, for a Host no HTTP client would send; the status line's code. */
function rawBytes(port: number, bytes: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(bytes));
    const received: Buffer[] = [];
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(received).toString("latin1"))?.[1])),
    );
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

test.describe("what no header may change", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP answers: the same either way");
  // Its own server: every page starts out of the cache, so a poisoned copy would be the one kept.
  let server: RunningServer;
  let port: number;
  test.beforeAll(async () => {
    server = await startServer();
    port = server.port;
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a Host or X-Forwarded-Proto naming another path is refused, and never chooses what a page holds", async () => {
    const home = await rawRequest(port, "GET", "/", { Host: `127.0.0.1:${port}` });
    const shareCard = /<meta property="og:image" content="https?:\/\/[^/]+(\/[^"]+)"/.exec(
      home.body,
    )?.[1];
    expect(shareCard).toMatch(/^\/share-cards\//);
    const attacks: { target: string; headers: Record<string, string> }[] = [
      { target: "/team", headers: { Host: `localhost:${port}/ethos?` } },
      { target: "/robots.txt", headers: { Host: `localhost:${port}/solutions?` } },
      {
        target: "/case-studies",
        headers: { "X-Forwarded-Proto": `http://localhost:${port}/ethos#, https` },
      },
      { target: "/contact", headers: { Host: `localhost:${port}/insights?tag=SITE+CLOSED&x=` } },
      { target: "/privacy-policy", headers: { Host: `localhost:${port}${shareCard}?` } },
      { target: "/terms-conditions", headers: { "X-Forwarded-Host": `localhost/ethos?` } },
    ];
    const own = new Map<string, { title: string; type: string | undefined }>();
    for (const { target } of attacks) {
      // What each page is, asked of a server with the cache off for it: a cookie of ours.
      const page = await rawRequest(port, "GET", target, {
        Host: `127.0.0.1:${port}`,
        Cookie: "toast=x",
      });
      own.set(target, { title: titleOf(page.body), type: page.headers["content-type"] });
    }
    for (const method of ["HEAD", "GET"]) {
      for (const { target, headers } of attacks) {
        const attack = await rawRequest(port, method, target, {
          Host: `127.0.0.1:${port}`,
          ...headers,
        });
        expect(attack.status, `${method} ${target} ${JSON.stringify(headers)}`).toBe(400);
        const visitor = await rawRequest(port, "GET", target, { Host: `127.0.0.1:${port}` });
        expect(visitor.status, target).toBe(200);
        expect(visitor.headers["content-type"], target).toBe(own.get(target)?.type);
        expect(titleOf(visitor.body), target).toBe(own.get(target)?.title);
        expect(visitor.headers["cache-control"], target).not.toContain("immutable");
      }
    }
    const refusals = server.logs.filter((line) => line.includes('"request_target_refused"'));
    expect(refusals).toHaveLength(attacks.length * 2);
  });

  test("a Host that is not a host is refused with 400 on every path and method; the server keeps serving", async () => {
    const hosts = ["a:99999", "[::1", "a b:1", "a%zz"];
    for (const host of hosts) {
      for (const [method, path, body] of [
        ["GET", "/contact", undefined],
        ["GET", "/admin/auth", undefined],
        ["HEAD", "/insights?page=2", undefined],
        ["POST", "/contact", "name=x"],
      ] as const) {
        const answer = await rawRequest(
          port,
          method,
          path,
          {
            Host: host,
            ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          body,
        );
        expect(answer.status, `${method} ${path} Host: ${host}`).toBe(400);
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
    }
    // Raw bytes, which no client library would put in a header.
    const raw = Buffer.concat([
      Buffer.from("GET /contact HTTP/1.1\r\nHost: "),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from("\r\nConnection: close\r\n\r\n"),
    ]);
    expect(await rawBytes(port, raw)).toBe(400);
    expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    expect(server.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect(server.logs.filter((line) => !line.startsWith("{"))).toEqual([]);
  });

  test("a cold answer to a client taking only deflate goes out as the stored copy, under its own ETag", async () => {
    const cold = await rawRequest(port, "GET", "/solutions", {
      Host: `127.0.0.1:${port}`,
      "Accept-Encoding": "deflate",
    });
    expect(cold.headers["x-cache"]).toBe("MISS");
    const stored = await rawRequest(port, "GET", "/solutions", {
      Host: `127.0.0.1:${port}`,
      "Accept-Encoding": "identity",
    });
    expect(stored.headers["x-cache"]).toBe("HIT");
    expect(cold.headers["content-encoding"]).toBeUndefined();
    expect(cold.body).toBe(stored.body);
    expect(cold.headers.etag).toBe(stored.headers.etag);
    const brotli = await rawRequest(port, "GET", "/solutions", {
      Host: `127.0.0.1:${port}`,
      "Accept-Encoding": "br",
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.etag).not.toBe(stored.headers.etag);
  });

  test("a made-up tag answers 404 and is not stored; a tag that posts carry is", async () => {
    const host = { Host: `127.0.0.1:${port}` };
    for (let round = 0; round < 2; round++) {
      const madeUp = await rawRequest(port, "GET", "/insights?tag=SITE+CLOSED", host);
      expect(madeUp.status).toBe(404);
      expect(madeUp.headers["x-cache"]).toBeUndefined();
      expect(madeUp.headers["cache-control"]).toBe("no-store");
      expect(madeUp.body).toContain('<meta name="robots" content="noindex"');
    }
    const list = await rawRequest(port, "GET", "/insights", host);
    const tag = /href="\/insights\?tag=([^"&]+)"/.exec(list.body)?.[1];
    expect(tag).toBeTruthy();
    await rawRequest(port, "GET", `/insights?tag=${tag}`, host);
    const stored = await rawRequest(port, "GET", `/insights?tag=${tag}`, host);
    expect(stored.status).toBe(200);
    expect(stored.headers["x-cache"]).toBe("HIT");
  });

  test("a page made for one visitor (a notice, a cookie of ours) says private, no-store", async () => {
    for (const path of ["/insights", "/", "/contact"]) {
      const answer = await rawRequest(port, "GET", path, {
        Host: `127.0.0.1:${port}`,
        Cookie: "toast=not-a-signed-value",
      });
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
    }
  });
});

test.describe("PAGE_CACHE_MB", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server settings: the same either way");

  test("0 turns the cache off: every page is rendered with its own nonce", async () => {
    const server = await startServer({ env: { PAGE_CACHE_MB: "0" } });
    try {
      const answers = [];
      for (let index = 0; index < 2; index++) answers.push(await fetch(`${server.url}/ethos`));
      expect(answers.map((answer) => answer.headers.get("X-Cache"))).toEqual([null, null]);
      const policies = answers.map((answer) => answer.headers.get("Content-Security-Policy"));
      expect(policies[0]).toMatch(/'nonce-/);
      expect(policies[1]).not.toBe(policies[0]);
    } finally {
      await server.stop();
    }
  });

  test("a value that is not a size refuses to start, in one line", async () => {
    const output = await refusedStart({ env: { PAGE_CACHE_MB: "plenty" } });
    expect(output).toEqual([
      expect.stringMatching(
        /^The server cannot start: PAGE_CACHE_MB must be a number of megabytes/,
      ),
    ]);
  });
});

test("a published, edited, renamed, unpublished and deleted post shows on the next request to every page that lists it", async ({
  browser,
  page,
  app,
}) => {
  const tag = `Cache${crypto.randomUUID().slice(0, 6)}`;
  const admin = await signedInAdmin(browser, app);
  // Every page that would show the post, read (and so stored) before each change.
  const listings = (address: string) => [
    "/insights",
    `/insights?tag=${tag}`,
    `/insights/${address}`,
    "/insights/rss.xml",
    "/sitemap.xml",
  ];
  const store = async (paths: string[]) => {
    for (const path of paths) await page.request.get(path);
  };
  try {
    const title = `Cached launch ${crypto.randomUUID().slice(0, 8)}`;
    await store(["/insights", `/insights?tag=${tag}`, "/insights/rss.xml", "/sitemap.xml"]);
    await savePost(admin, { title, tags: tag });
    const { id, address } = postAddressOf(app, title);
    await expectShownEverywhere(page, listings(address), title, address);

    const edited = `${title} (edited)`;
    await store(listings(address));
    await savePost(admin, { id, title: edited, tags: tag, slug: address });
    await expectShownEverywhere(page, listings(address), edited, address);

    // Renamed: the article stored at its old address goes; that address now leads to the new one.
    const renamed = `${address}-renamed`;
    await store(listings(address));
    expect((await page.request.get(`/insights/${address}`)).headers()["x-cache"]).toBe("HIT");
    await savePost(admin, { id, title: edited, tags: tag, slug: renamed });
    const moved = await page.request.get(`/insights/${address}`, { maxRedirects: 0 });
    expect([moved.status(), moved.headers()["location"]]).toEqual([301, `/insights/${renamed}`]);
    await expectShownEverywhere(page, listings(renamed), edited, renamed);

    await store(listings(renamed));
    await savePost(admin, { id, title: edited, tags: tag, slug: renamed, published: false });
    await expectGoneEverywhere(page, listings(renamed), edited, renamed);

    await savePost(admin, { id, title: edited, tags: tag, slug: renamed });
    await store(listings(renamed));
    const deleted = await admin.request.post("/admin/blog", { form: { intent: "delete", id } });
    expect(deleted.ok()).toBe(true);
    await expectGoneEverywhere(page, listings(renamed), edited, renamed);
  } finally {
    await admin.context().close();
  }
});

test("a write from another process (a LiteFS replica's view of the primary) drops the stored pages", async ({
  page,
  app,
}) => {
  await page.request.get("/insights");
  expect((await page.request.get("/insights")).headers()["x-cache"]).toBe("HIT");
  const title = `Written elsewhere ${crypto.randomUUID().slice(0, 8)}`;
  const id = crypto.randomUUID();
  const database = new Database(app.databasePath);
  try {
    database
      .prepare(
        `insert into blog_posts (id, title, excerpt, content, author, read_time, tags, featured,
           published, published_date, created_at, updated_at, link_previews)
         values (?, ?, 'An excerpt.', '<p>Body.</p>', 'Priya Raman', '1 min read', '[]', 0, 1, ?, ?, ?, '[]')`,
      )
      .run(id, title, Date.now() - 1000, Date.now(), Date.now());
  } finally {
    database.close();
  }
  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
});

type PostChange = {
  id?: string;
  title: string;
  /** Kept by an edit that sends it back, as the form does; none makes it from the title. */
  slug?: string;
  tags?: string;
  published?: boolean;
};

function postForm({ id, title, slug, tags = "", published = true }: PostChange) {
  const date = new Date(Date.now() - 60_000);
  return {
    intent: "save",
    ...(id ? { id } : {}),
    ...(slug ? { slug } : {}),
    title,
    author: "Priya Raman",
    excerpt: `Excerpt of ${title}.`,
    content: `<p>Body of ${title}.</p>`,
    tags,
    // The form's date and time are on the firm's clock (SITE_TIME_ZONE's default).
    publishedDate: zonedInputValue(date, "America/Denver"),
    ...(published ? { published: "on" } : {}),
  };
}

async function signedInAdmin(browser: Browser, app: RunningServer) {
  const context = await browser.newContext({ baseURL: app.url });
  const adminPage = await context.newPage();
  await signInAsAdmin(adminPage, app);
  return adminPage;
}

async function savePost(admin: Page, change: PostChange) {
  const saved = await admin.request.post("/admin/blog", {
    form: postForm(change),
    maxRedirects: 0,
  });
  expect(saved.status(), await saved.text()).toBe(303);
}

function postAddressOf(app: RunningServer, title: string) {
  const database = app.openDatabase();
  try {
    const row = database
      .prepare("select id, coalesce(slug, id) as address from blog_posts where title = ?")
      .get(title) as { id: string; address: string } | undefined;
    if (!row) throw new Error(`no post titled ${title}`);
    return row;
  } finally {
    database.close();
  }
}

async function expectShownEverywhere(page: Page, paths: string[], title: string, address: string) {
  for (const path of paths) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    const body = await answer.text();
    if (path.endsWith(".xml") && path.includes("sitemap")) {
      expect(body, path).toContain(`/insights/${address}<`);
    } else expect(body, path).toContain(title);
  }
  await page.goto(paths[0] ?? "/insights");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

async function expectGoneEverywhere(page: Page, paths: string[], title: string, address: string) {
  for (const path of paths) {
    const answer = await page.request.get(path);
    const body = await answer.text();
    expect(body, path).not.toContain(title);
    expect(body, path).not.toContain(`/insights/${address}`);
  }
  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
}
