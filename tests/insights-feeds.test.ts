// The Insights feeds (RSS, Atom, JSON Feed) read back by feedsmith, a parser not written here, on a
// real SQLite file: each carries the full sanitised post, exactly, with its relative links and
// images made absolute, under an id that outlives a rename; drafts and scheduled posts stay out;
// each answers 304 when unchanged and is purged with the posts.
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from "feedsmith";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { insertPosts, type NewPost } from "~/features/insights/queries.server";
import {
  POST_SANITIZER_VERSION,
  sanitizedForStorage,
} from "~/features/insights/post-sanitising.server";
import { loader as rssLoader } from "~/routes/insights.rss[.]xml";
import { loader as atomLoader } from "~/routes/insights.atom[.]xml";
import { loader as jsonLoader } from "~/routes/insights.feed[.]json";
import { routeArgs } from "./support/actions";

const DAY = 24 * 60 * 60 * 1000;
const site = (path: string) => new URL(path, `${siteConfig.origin}/`).href;

// The editor's input: markup to keep, a script to drop, non-ASCII text and a `]]>` as text.
const RAW_BODY =
  '<h2>Café naïveté, 東京 ✓</h2><p>Keep <strong>this</strong> and <a href="https://example.com/">that ]]&gt; one</a>.</p><script>alert(1)</script>';

function post(id: string, daysAgo: number, extra: Partial<NewPost> = {}): NewPost {
  const date = new Date(Date.now() - daysAgo * DAY);
  return {
    id,
    title: `Post ${id}`,
    excerpt: `Excerpt ${id}`,
    content: `<p>Body ${id}</p>`,
    author: "Dana Whitfield",
    tags: ["Automation", "Finance"],
    publishedDate: date,
    createdAt: date,
    updatedAt: date,
    ...extra,
  };
}

const loaders = { rss: rssLoader, atom: atomLoader, json: jsonLoader };
type Format = keyof typeof loaders;

async function fetchFeed(format: Format, headers: Record<string, string> = {}) {
  return loaders[format](routeArgs(new Request(`${siteConfig.origin}/feed`, { headers })));
}

async function feedBody(format: Format) {
  const response = await fetchFeed(format);
  expect(response.status).toBe(200);
  return response.text();
}

/** What each feed says of each post, read by feedsmith: the same fields under each format's names. */
async function entries(format: Format) {
  const body = await feedBody(format);
  if (format === "rss") {
    const feed = parseRssFeed(body);
    return (feed.items ?? []).map((item) => ({
      id: item.guid?.value,
      link: item.link,
      title: item.title,
      html: item.content?.encoded,
      summary: item.description,
      published: item.pubDate,
      // RSS has no date of change for an item.
      updated: undefined,
      author: item.dc?.creators?.[0],
      tags: item.categories?.map((category) => category.name),
    }));
  }
  if (format === "atom") {
    const feed = parseAtomFeed(body);
    return (feed.entries ?? []).map((entry) => {
      expect(entry.content?.type).toBe("html");
      return {
        id: entry.id,
        link: entry.links?.find((link) => (link.rel ?? "alternate") === "alternate")?.href,
        title: entry.title?.value,
        html: entry.content?.value,
        summary: entry.summary?.value,
        published: entry.published,
        updated: entry.updated,
        author: entry.authors?.[0]?.name,
        tags: entry.categories?.map((category) => category.term),
      };
    });
  }
  const feed = parseJsonFeed(JSON.parse(body) as unknown);
  return (feed.items ?? []).map((item) => ({
    id: item.id,
    link: item.url,
    title: item.title,
    html: item.content_html,
    summary: item.summary,
    published: item.date_published,
    updated: item.date_modified,
    author: item.authors?.[0]?.name,
    tags: item.tags,
    image: item.image,
  }));
}

beforeEach(() => {
  db.$client.exec("delete from blog_posts; delete from app_settings;");
});

describe.each(["rss", "atom", "json"] as const)("the %s feed", (format) => {
  test("carries each public post's full sanitised body, exactly, newest first", async () => {
    const stored = await sanitizedForStorage(RAW_BODY);
    expect(stored.content).toContain("東京");
    expect(stored.content).not.toContain("<script");
    insertPosts(db, [
      post("older", 5),
      post("rich", 1, { slug: "rich-post", ...stored }),
      post("draft", 2, { published: false }),
      post("scheduled", -1),
    ]);
    const read = await entries(format);
    expect(read.map((entry) => entry.id)).toEqual([
      site("/insights/rich"),
      site("/insights/older"),
    ]);
    const [rich, older] = read;
    expect(rich).toMatchObject({
      link: site("/insights/rich-post"),
      title: "Post rich",
      html: stored.content,
      summary: "Excerpt rich",
      author: "Dana Whitfield",
      tags: ["Automation", "Finance"],
    });
    expect(older?.html).toBe("<p>Body older</p>");
    const body = await feedBody(format);
    for (const hidden of ["draft", "scheduled"]) expect(body).not.toContain(`Post ${hidden}`);
  });

  test("carries a stored `]]>` whole: it cannot end the RSS's CDATA section early", async () => {
    // Today's sanitiser writes a `>` in text as `&gt;` and drops attributes holding `]>`, but HTML
    // allows a bare `>` in text, and a stored body is served as it is.
    const html = "<p>Arrays: a[b[0]]> c, then </p><p>é]]]]>…</p>";
    insertPosts(db, [
      post("cdata", 1, { content: html, sanitizerVersion: POST_SANITIZER_VERSION }),
    ]);
    const [entry] = await entries(format);
    expect(entry?.html).toBe(html);
  });

  test("makes a post's relative links and images absolute against its address", async () => {
    // Today's sanitiser keeps links only, but a stored body is served as it is: an image too.
    const html =
      '<p><a href="/contact">Talk</a>, <a href="other-post">next</a>, <a href="#costs">costs</a>, ' +
      '<a href="/search?q=a&amp;tag=b">both</a>, <a href="mailto:dana@keelstone.example">mail</a>, ' +
      '<a href="https://example.com/x" rel="noopener noreferrer nofollow">out</a>.</p>' +
      '<p><img src="/media/covers/chart.webp" alt="Chart"></p>';
    insertPosts(db, [
      post("linked", 1, {
        slug: "cash-flow",
        content: html,
        sanitizerVersion: POST_SANITIZER_VERSION,
      }),
    ]);
    const [entry] = await entries(format);
    expect(entry?.html).toBe(
      `<p><a href="${site("/contact")}">Talk</a>, <a href="${site("/insights/other-post")}">next</a>, ` +
        `<a href="${site("/insights/cash-flow#costs")}">costs</a>, ` +
        `<a href="${site("/search?q=a&amp;tag=b")}">both</a>, <a href="mailto:dana@keelstone.example">mail</a>, ` +
        '<a href="https://example.com/x" rel="noopener noreferrer nofollow">out</a>.</p>' +
        `<p><img src="${site("/media/covers/chart.webp")}" alt="Chart"></p>`,
    );
  });

  test("serves a body stored by an older sanitiser (or none) sanitised, never as it was written", async () => {
    insertPosts(db, [post("raw", 1, { content: RAW_BODY, sanitizerVersion: null })]);
    const [entry] = await entries(format);
    expect(entry?.html).toBe((await sanitizedForStorage(RAW_BODY)).content);
  });

  test("keeps a post's id and dates when its address changes", async () => {
    const published = new Date(Date.now() - 3 * DAY);
    const edited = new Date(Date.now() - 2 * DAY);
    insertPosts(db, [
      post("kept", 3, { slug: "first-name", publishedDate: published, updatedAt: edited }),
    ]);
    const [before] = await entries(format);
    db.$client.exec("update blog_posts set slug = 'second-name' where id = 'kept'");
    const [after] = await entries(format);
    expect(after?.id).toBe(before?.id);
    expect(after?.id).toBe(site("/insights/kept"));
    expect(after?.link).toBe(site("/insights/second-name"));
    expect(after?.published).toBe(
      format === "rss" ? published.toUTCString() : published.toISOString(),
    );
    if (format !== "rss") expect(after?.updated).toBe(edited.toISOString());
  });

  test("answers 304 to its own ETag and is purged with every post", async () => {
    insertPosts(db, [post("one", 1)]);
    const first = await fetchFeed(format);
    expect(first.headers.get("Cache-Tag")).toBe("posts");
    expect(first.headers.get("Last-Modified")).toBeTruthy();
    const again = await fetchFeed(format, { "If-None-Match": first.headers.get("ETag") ?? "" });
    expect(again.status).toBe(304);
  });
});

test("each feed declares its format and names itself", async () => {
  insertPosts(db, [post("one", 1)]);
  const types = await Promise.all(
    (["rss", "atom", "json"] as const).map(async (format) =>
      (await fetchFeed(format)).headers.get("Content-Type"),
    ),
  );
  expect(types).toEqual([
    "application/rss+xml; charset=utf-8",
    "application/atom+xml; charset=utf-8",
    "application/feed+json; charset=utf-8",
  ]);
  const atom = parseAtomFeed(await feedBody("atom"));
  expect(atom.id).toBe(site("/insights/atom.xml"));
  expect(atom.links?.map((link) => [link.rel, link.href])).toEqual([
    ["self", site("/insights/atom.xml")],
    ["alternate", site("/insights")],
  ]);
  expect(Number.isNaN(Date.parse(atom.updated ?? ""))).toBe(false);
  // JSON Feed 1.1's required fields, and the ones a reader needs to link back.
  const json = JSON.parse(await feedBody("json")) as Record<string, unknown>;
  expect(json).toMatchObject({
    version: "https://jsonfeed.org/version/1.1",
    title: `${siteConfig.brand} Insights`,
    home_page_url: site("/insights"),
    feed_url: site("/insights/feed.json"),
  });
  expect(Array.isArray(json.items)).toBe(true);
});
