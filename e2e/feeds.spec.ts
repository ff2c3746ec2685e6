// The files crawlers and feed readers fetch: sitemap, robots.txt and the Insights feeds.
// They are plain HTTP, so one project is enough.
import type { APIResponse } from "@playwright/test";
import Database from "better-sqlite3";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from "feedsmith";
import { expect, test } from "./support/fixtures";
import { startServer, type RunningServer } from "./support/server";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level checks run in one project");

const publicPages = [
  "/",
  "/solutions",
  "/ethos",
  "/team",
  "/insights",
  "/case-studies",
  "/contact",
  "/book",
  "/efficiency-assessment",
  "/terms-conditions",
  "/privacy-policy",
];

type PostRow = {
  id: string;
  content: string;
  /** Where the post lives: its slug, or its id while it has none. */
  address: string;
  title: string;
  excerpt: string;
  published: number;
  published_date: number;
};

/** Every post in the server's database, split into what the public may see and the rest. */
function readPosts(server: RunningServer, now = Date.now()) {
  const db = server.openDatabase();
  try {
    const rows = db
      .prepare(
        "select id, content, coalesce(slug, id) as address, title, excerpt, published, published_date from blog_posts",
      )
      .all() as PostRow[];
    const isPublic = (row: PostRow) => row.published === 1 && row.published_date <= now;
    return {
      published: rows
        .filter(isPublic)
        .sort((a, b) => b.published_date - a.published_date || (a.id < b.id ? 1 : -1)),
      hidden: rows.filter((row) => !isPublic(row)),
    };
  } finally {
    db.close();
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  isArray: (name) => name === "url" || name === "item" || name === "sitemap",
});

/** Checks the response is well-formed XML of the given type and returns it parsed. */
async function parsedXml(response: APIResponse, contentType: string) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]?.split(";")[0]?.trim()).toBe(contentType);
  const body = await response.text();
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body) as Record<string, unknown>;
}

/** Text of an element that may carry attributes. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "#text" in value) return String(value["#text"]);
  return "";
}

test("the sitemap lists every public page and published post, each with a date, each live", async ({
  request,
  app,
}) => {
  const xml = await parsedXml(await request.get("/sitemap.xml"), "application/xml");
  const urlset = xml.urlset as { url: { loc: string; lastmod: string }[] };
  const entries = urlset.url;
  const locs = entries.map((entry) => entry.loc);
  expect(new Set(locs).size, "no URL is listed twice").toBe(locs.length);

  const { published, hidden } = readPosts(app);
  expect(published.length).toBeGreaterThan(0);
  expect(hidden.length).toBeGreaterThan(0);
  for (const path of publicPages) expect(locs).toContain(new URL(path, app.url).href);
  for (const post of published) expect(locs).toContain(`${app.url}/insights/${post.address}`);
  for (const post of hidden) {
    expect(locs.join("\n")).not.toContain(post.id);
    expect(locs).not.toContain(`${app.url}/insights/${post.address}`);
  }

  for (const entry of entries) {
    expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${entry.lastmod}T00:00:00Z`).toISOString().slice(0, 10)).toBe(entry.lastmod);
  }
  for (const loc of locs) {
    expect(loc.startsWith(`${app.url}/`), loc).toBe(true);
    expect((await request.get(loc)).status(), loc).toBe(200);
  }
});

test("past 50,000 URLs the sitemap is an index of parts that list every public URL once", async ({
  request,
}) => {
  test.setTimeout(120_000);
  // A server of its own: 50,001 posts would crowd the other tests' lists and feed.
  const server = await startServer({ env: { SEED_DEMO_CONTENT: "false" } });
  try {
    const db = new Database(server.databasePath, { fileMustExist: true });
    const ids = Array.from({ length: 50_001 }, (_, index) => `post-${index}`);
    try {
      db.pragma("busy_timeout = 5000");
      const insert = db.prepare(
        `insert into blog_posts (id, title, excerpt, content, author, published_date)
         values (?, 'Title', 'Excerpt', '<p>Body</p>', 'Dana Whitfield', ?)`,
      );
      db.transaction(() => ids.forEach((id, index) => insert.run(id, Date.now() - index * 1000)))();
    } finally {
      db.close();
    }

    const index = await parsedXml(
      await request.get(`${server.url}/sitemap.xml`),
      "application/xml",
    );
    const parts = (index.sitemapindex as { sitemap: { loc: string }[] }).sitemap.map(
      (entry) => entry.loc,
    );
    expect(parts).toEqual(
      ["pages.xml", "posts-1.xml", "posts-2.xml"].map((name) => `${server.url}/sitemap/${name}`),
    );
    const listed: string[] = [];
    for (const part of parts) {
      const xml = await parsedXml(await request.get(part), "application/xml");
      const urls = (xml.urlset as { url: { loc: string; lastmod: string }[] }).url;
      expect(urls.length, part).toBeLessThanOrEqual(50_000);
      listed.push(...urls.map((url) => url.loc));
    }
    expect(listed.sort()).toEqual(
      [
        ...publicPages.map((path) => new URL(path, server.url).href),
        ...ids.map((id) => `${server.url}/insights/${id}`),
      ].sort(),
    );
  } finally {
    await server.stop();
  }
});

test("robots.txt keeps crawlers out of the admin and a booking's pages, and points to the sitemap", async ({
  request,
  app,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split(/\r?\n/);
  expect(lines).toContain("Disallow: /admin");
  // Each open time's form and each call's own page; the list of times, /book, stays crawlable.
  expect(lines).toContain("Disallow: /book/");
  expect(lines).not.toContain("Disallow: /book");
  expect(lines).toContain(`Sitemap: ${app.url}/sitemap.xml`);
});

test("the RSS feed carries every published post, newest first, and answers 304 when unchanged", async ({
  request,
  app,
}) => {
  const response = await request.get("/insights/rss.xml");
  const xml = await parsedXml(response, "application/rss+xml");
  const rss = xml.rss as { "@_version": string; channel: Record<string, unknown> };
  expect(rss["@_version"]).toBe("2.0");
  const channel = rss.channel;
  expect(textOf(channel.title)).not.toBe("");
  expect(textOf(channel.link)).toBe(`${app.url}/insights`);
  expect(textOf(channel.description)).not.toBe("");

  const items = (channel.item ?? []) as Record<string, unknown>[];
  const { published, hidden } = readPosts(app);
  expect(items.map((item) => textOf(item.link))).toEqual(
    published.map((post) => `${app.url}/insights/${post.address}`),
  );
  for (const [index, item] of items.entries()) {
    const post = published[index]!;
    expect(textOf(item.title)).toBe(post.title);
    expect(textOf(item.guid)).toBe(`${app.url}/insights/${post.id}`);
    expect(textOf(item.description)).toBe(post.excerpt);
    const pubDate = textOf(item.pubDate);
    expect(pubDate).toBe(new Date(post.published_date).toUTCString());
  }
  const dates = items.map((item) => Date.parse(textOf(item.pubDate)));
  expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  const body = await response.text();
  for (const post of hidden) {
    expect(body).not.toContain(post.id);
    expect(body).not.toContain(post.title);
  }

  const etag = response.headers()["etag"];
  const lastModified = response.headers()["last-modified"];
  expect(etag).toBeTruthy();
  expect(Number.isNaN(Date.parse(lastModified ?? ""))).toBe(false);

  const byTag = await request.get("/insights/rss.xml", { headers: { "If-None-Match": etag! } });
  expect(byTag.status()).toBe(304);
  expect((await byTag.body()).length).toBe(0);
  const byDate = await request.get("/insights/rss.xml", {
    headers: { "If-Modified-Since": lastModified! },
  });
  expect(byDate.status()).toBe(304);
  expect((await byDate.body()).length).toBe(0);
});

test("the RSS, Atom and JSON feeds, read by feedsmith, each carry every published post in full", async ({
  request,
  app,
}) => {
  const { published, hidden } = readPosts(app);
  const get = async (path: string, contentType: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]?.split(";")[0]?.trim(), path).toBe(contentType);
    expect(response.headers()["cache-tag"], path).toBe("posts");
    const body = await response.text();
    for (const post of hidden) expect(body, path).not.toContain(post.title);
    const etag = response.headers()["etag"] ?? "";
    const again = await request.get(path, { headers: { "If-None-Match": etag } });
    expect(again.status(), path).toBe(304);
    return body;
  };
  const rss = parseRssFeed(await get("/insights/rss.xml", "application/rss+xml"));
  const atom = parseAtomFeed(await get("/insights/atom.xml", "application/atom+xml"));
  const json = parseJsonFeed(
    JSON.parse(await get("/insights/feed.json", "application/feed+json")) as unknown,
  );
  // The demo posts are stored sanitised at start, their only relative links site paths: each feed
  // carries that body exactly, with those links made absolute.
  expect(published.some((post) => post.content.includes('href="/'))).toBe(true);
  const expected = published.map((post) => ({
    id: `${app.url}/insights/${post.id}`,
    link: `${app.url}/insights/${post.address}`,
    html: post.content.replaceAll('href="/', `href="${app.url}/`),
  }));
  expect(
    (rss.items ?? []).map((item) => ({
      id: item.guid?.value,
      link: item.link,
      html: item.content?.encoded,
    })),
  ).toEqual(expected);
  expect(
    (atom.entries ?? []).map((entry) => ({
      id: entry.id,
      link: entry.links?.[0]?.href,
      html: entry.content?.value,
    })),
  ).toEqual(expected);
  expect(
    (json.items ?? []).map((item) => ({ id: item.id, link: item.url, html: item.content_html })),
  ).toEqual(expected);
  expect(atom.links?.find((link) => link.rel === "self")?.href).toBe(
    `${app.url}/insights/atom.xml`,
  );
  expect(json.feed_url).toBe(`${app.url}/insights/feed.json`);
});
