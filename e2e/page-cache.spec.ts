// The page cache for anonymous visitors (server/page-cache.ts, decision 030): what it stores, what
// it answers with, and that a change to a post shows on the next request to every page that lists
// it, with or without JavaScript in the visitor's browser.
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { addAccount, signIn } from "./support/admin";
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
        "cache-control",
        "content-type",
      ]) {
        expect(cached.headers()[name], `${path} ${name}`).toBe(fresh.headers()[name]);
      }
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
    // Hit lines are written in batches (server/logger.ts, batchedLogger): within 50 ms.
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

test("a scheduled post appears at its time without a write to announce it", async ({
  browser,
  page,
  app,
}) => {
  const tag = `Later${crypto.randomUUID().slice(0, 6)}`;
  const title = `Scheduled ${crypto.randomUUID().slice(0, 8)}`;
  const admin = await signedInAdmin(browser, app);
  const goesLiveAt = new Date(Date.now() + 4_000);
  try {
    await savePost(admin, { title, tags: tag, publishedDate: goesLiveAt });
  } finally {
    await admin.context().close();
  }
  const { address } = postAddressOf(app, title);
  const pages = ["/insights", `/insights?tag=${tag}`, "/insights/rss.xml", "/sitemap.xml"];
  for (const path of pages) {
    await page.request.get(path);
    const stored = await page.request.get(path);
    expect(stored.headers()["x-cache"], path).toBe("HIT");
    expect(await stored.text(), path).not.toContain(`/insights/${address}`);
  }
  await page.waitForTimeout(Math.max(0, goesLiveAt.getTime() - Date.now()) + 200);
  await expectShownEverywhere(page, [...pages, `/insights/${address}`], title, address);
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
  publishedDate?: Date;
};

function postForm({ id, title, slug, tags = "", published = true, publishedDate }: PostChange) {
  const date = publishedDate ?? new Date(Date.now() - 60_000);
  return {
    intent: "save",
    ...(id ? { id } : {}),
    ...(slug ? { slug } : {}),
    title,
    author: "Priya Raman",
    excerpt: `Excerpt of ${title}.`,
    content: `<p>Body of ${title}.</p>`,
    tags,
    // The form's date and time are UTC, to the second.
    publishedDate: date.toISOString().slice(0, 19),
    ...(published ? { published: "on" } : {}),
  };
}

async function signedInAdmin(browser: Browser, app: RunningServer) {
  const context = await browser.newContext({ baseURL: app.url });
  const adminPage = await context.newPage();
  await signIn(adminPage, await addAccount(app.databasePath));
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
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
