// Insights: the list, the articles, what stays hidden, pagination, tags, loading and failure states,
// and the head tags and caching a crawler sees; with and without JavaScript.
import crypto from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { demoPosts } from "../app/content/demo-posts";
import { team } from "../app/content/team";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { backgroundsAboveFooter, visibleLines } from "./support/layout";
import { marketingPages } from "./support/public-pages";
import { startServer, type RunningServer } from "./support/server";

type LinkPreview = {
  url: string;
  image?: string | null;
  title: string;
  description?: string | null;
  domain: string;
};

/** A blog post as stored, with its JSON columns decoded. */
type Post = {
  id: string;
  /** The article's address: its slug, or its id while it has none. */
  path: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  readTime: string;
  tags: string[];
  featured: boolean;
  published: boolean;
  publishedDate: number;
  linkPreviews: LinkPreview[];
};

type PostRow = {
  id: string;
  slug: string | null;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  read_time: string;
  tags: string;
  featured: number;
  published: number;
  published_date: number;
  link_previews: string;
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PER_PAGE = 12;
const FEATURED_LIMIT = 3;

// The day a post went out in the firm's zone (SITE_TIME_ZONE's default), as the site shows it.
const longDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeZone: "America/Denver",
});

function uniqueLabel(label: string) {
  return `${label}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}`;
}

/** Every post in a server's database, newest first. */
function readPosts(server: RunningServer): Post[] {
  const db = server.openDatabase();
  try {
    const rows = db.prepare("select * from blog_posts").all() as PostRow[];
    return rows
      .map((row) => ({
        id: row.id,
        path: `/insights/${row.slug ?? row.id}`,
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        author: row.author,
        readTime: row.read_time,
        tags: JSON.parse(row.tags) as string[],
        featured: row.featured === 1,
        published: row.published === 1,
        publishedDate: row.published_date,
        linkPreviews: JSON.parse(row.link_previews) as LinkPreview[],
      }))
      .sort((a, b) => b.publishedDate - a.publishedDate || (a.id < b.id ? 1 : -1));
  } finally {
    db.close();
  }
}

const isPublic = (post: Post, now = Date.now()) => post.published && post.publishedDate <= now;

/** What the list should show, per the spec: up to 3 featured on page 1, the rest 12 a page. */
function expectedListing(posts: Post[]) {
  const visible = posts.filter((post) => isPublic(post));
  const featured = visible.filter((post) => post.featured).slice(0, FEATURED_LIMIT);
  const latest = visible.filter((post) => !featured.includes(post));
  const pages: Post[][] = [];
  for (let start = 0; start < latest.length; start += PER_PAGE) {
    pages.push(latest.slice(start, start + PER_PAGE));
  }
  return { visible, featured, latest, pages };
}

/** The stored post made from a demo post, found by its title. */
function demoPost(posts: Post[], key: string): Post {
  const demo = demoPosts.find((candidate) => candidate.key === key);
  const post = posts.find((candidate) => candidate.title === demo?.title);
  if (!post) throw new Error(`The demo post "${key}" is not in the database`);
  return post;
}

type NewPost = {
  title: string;
  excerpt?: string;
  content?: string;
  author?: string;
  readTime?: string;
  tags?: string[];
  featured?: boolean;
  published?: boolean;
  publishedDate: number;
  linkPreviews?: LinkPreview[];
};

/** Writes posts straight into a server's database (the admin is not part of this suite). */
function insertPosts(server: RunningServer, posts: NewPost[]): string[] {
  const db = new Database(server.databasePath, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const insert = db.prepare(
      `insert into blog_posts (id, title, excerpt, content, author, read_time, tags, featured,
        published, published_date, created_at, updated_at, link_previews)
       values (@id, @title, @excerpt, @content, @author, @readTime, @tags, @featured, @published,
        @publishedDate, @publishedDate, @publishedDate, @linkPreviews)`,
    );
    const ids: string[] = [];
    db.transaction(() => {
      for (const post of posts) {
        const id = crypto.randomUUID();
        insert.run({
          id,
          title: post.title,
          excerpt: post.excerpt ?? `An excerpt for ${post.title}.`,
          content: post.content ?? `<p>The body of ${post.title}.</p>`,
          author: post.author ?? "Dana Whitfield",
          readTime: post.readTime ?? "2 min read",
          tags: JSON.stringify(post.tags ?? []),
          featured: post.featured ? 1 : 0,
          published: post.published === false ? 0 : 1,
          publishedDate: post.publishedDate,
          linkPreviews: JSON.stringify(post.linkPreviews ?? []),
        });
        ids.push(id);
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}

/** Runs SQL against a server's database with a writable connection. */
function execute(server: RunningServer, sql: string) {
  const db = new Database(server.databasePath, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

const postCard = (scope: Page | Locator, title: string) =>
  scope.getByRole("article", { name: title, exact: true });

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The ids the 'Read More' links of a list point to, in order. */
async function listedIds(scope: Locator) {
  const hrefs = await scope
    .getByRole("link", { name: /^Read More about / })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.replace(/^\/insights\//, ""));
}

/** A card's 'Read More' link, named with the title it opens. */
const readMoreOf = (page: Page, title: string) =>
  postCard(page, title).getByRole("link", { name: `Read More about ${title}`, exact: true });

/** The titles of the cards in a list, in order. */
const cardTitles = (scope: Locator) => scope.locator("article h3");

/** Everything the spec asks a card to show. */
async function expectCard(card: Locator, post: Post) {
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(post.title);
  await expect(card.getByText("Featured", { exact: true })).toHaveCount(post.featured ? 1 : 0);
  await expect(card).toContainText(post.excerpt);
  await expect(
    card.getByRole("list", { name: `Tags of ${post.title}`, exact: true }).getByRole("link"),
  ).toHaveText(post.tags);
  await expect(card).toContainText(post.author);
  const date = card.locator("time");
  await expect(date).toHaveText(longDate.format(post.publishedDate));
  await expect(date).toHaveAttribute("datetime", new Date(post.publishedDate).toISOString());
  await expect(card).toContainText(post.readTime);
  // The button reads 'Read More'; its accessible name adds the title, so it stands on its own.
  const readMore = card.getByRole("link", { name: `Read More about ${post.title}`, exact: true });
  await expect(readMore).toHaveAttribute("href", post.path);
  await expect(readMore.getByText("Read More", { exact: true })).toBeVisible();
  for (const preview of post.linkPreviews) {
    const link = card.getByRole("link", { name: new RegExp(escapeRegExp(preview.title)) });
    await expect(link).toContainText(preview.domain);
    if (preview.description) await expect(link).toContainText(preview.description);
    await expect(link).toHaveAttribute("href", preview.url);
    const image = link.locator("img");
    if (preview.image) {
      await expect(image).toHaveAttribute("src", preview.image);
      await expect(image).toBeVisible();
    } else {
      await expect(image).toHaveCount(0);
    }
  }
}

/** A card's byline: the paragraph holding its date. */
const bylineOf = (card: Locator) => card.locator("p").filter({ has: card.page().locator("time") });

/**
 * Each line of a byline as it reads on screen. Its parts are joined by "·", never left hanging at
 * the start or end of a line, even where the byline wraps.
 */
async function expectBylineReads(byline: Locator, parts: string[]) {
  const lines = await visibleLines(byline);
  for (const line of lines) {
    expect(line, `the byline line "${line}"`).not.toMatch(/^·|·$|· ·/);
  }
  expect(lines.join(" · ")).toBe(parts.join(" · "));
}

/**
 * The largest stretch of empty space inside a card, between its parts or after the last one, in
 * pixels beyond the card's own padding (which is also as far apart as its parts are set).
 */
function largestGapIn(card: Locator) {
  return card.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(element).paddingBottom);
    const parts = [...element.children]
      .map((child) => child.getBoundingClientRect())
      .filter((rect) => rect.height > 0)
      .sort((a, b) => a.top - b.top);
    let largest = box.bottom - padding - (parts.at(-1)?.bottom ?? box.top);
    for (const [index, rect] of parts.entries()) {
      const next = parts[index + 1];
      if (next) largest = Math.max(largest, next.top - rect.bottom - padding);
    }
    return largest;
  });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function expectArticleNotFound(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
  await expect(page.locator("main h1")).toHaveText("Article Not Found");
  await expect(page.locator("main")).toContainText("Article not found or has been removed.");
}

/** The ways back from an article that cannot be shown, and its section reaching the footer. */
async function expectWayBackFromArticle(page: Page) {
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "← Back to Insights", exact: true })).toHaveAttribute(
    "href",
    "/insights",
  );
  await expect(main.getByRole("link", { name: "Return to Home", exact: true })).toHaveAttribute(
    "href",
    "/",
  );
  const { aboveFooter, body } = await backgroundsAboveFooter(page);
  expect(aboveFooter, "the page's own section reaches the footer").not.toBe(body);
}

/** With JavaScript, waits until React has attached its handlers, so a click is a client navigation. */
function jsonLd(page: Page) {
  return page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((scripts) => scripts.map((text) => JSON.parse(text) as Record<string, unknown>));
}

async function getText(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

test.describe("with the demo content", () => {
  test("/insights lists the featured posts, then the other published posts, never the draft", async ({
    page,
    app,
  }) => {
    const posts = readPosts(app);
    const { featured, latest, visible } = expectedListing(posts);
    const draft = posts.find((post) => !post.published);
    expect(draft?.title).toBe(demoPosts.find((post) => post.key === "approval-bottlenecks")?.title);
    expect(featured.map((post) => post.title).sort()).toEqual(
      demoPosts
        .filter((post) => post.featured && post.published)
        .map((post) => post.title)
        .sort(),
    );
    expect(latest.length).toBeGreaterThan(0);

    const response = await page.goto("/insights");
    expect(response?.status()).toBe(200);
    await expect(page.locator("main h1")).toHaveText("Insights");

    const featuredSection = region(page, "Featured Articles");
    await expect(
      featuredSection.getByRole("heading", { level: 2, name: "Featured Articles" }),
    ).toBeVisible();
    await expect(cardTitles(featuredSection)).toHaveText(featured.map((post) => post.title));
    const latestSection = region(page, "Latest Articles");
    await expect(
      latestSection.getByRole("heading", { level: 2, name: "Latest Articles" }),
    ).toBeVisible();
    await expect(cardTitles(latestSection)).toHaveText(latest.map((post) => post.title));

    for (const post of featured) await expectCard(postCard(featuredSection, post.title), post);
    for (const post of latest) await expectCard(postCard(latestSection, post.title), post);
    expect(visible.some((post) => post.linkPreviews.length > 0)).toBe(true);

    if (!draft) throw new Error("no draft");
    await expect(page.getByText(draft.title)).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain(draft.title);
    expect(html).not.toContain(draft.id);
  });

  test("'Read More' opens the article with its author, byline, tags, body and referenced links", async ({
    page,
    app,
  }) => {
    const post = demoPost(readPosts(app), "hidden-cost-of-hand-offs");
    const author = team.find((member) => member.name === post.author);
    if (!author) throw new Error(`${post.author} is not on the team`);
    const phrase = "Nobody worked harder. The work simply stopped waiting.";
    expect(post.content).toContain(phrase);
    expect(post.linkPreviews.length).toBeGreaterThan(0);

    await page.goto("/insights");
    const opened = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith(post.path),
    );
    await readMoreOf(page, post.title).click();
    expect((await opened).status()).toBe(200);
    await expect(page).toHaveURL(`${app.url}${post.path}`);

    const article = page.getByRole("article", { name: post.title, exact: true });
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.locator("main h1")).toHaveCount(1);
    await expect(article.getByText("Featured", { exact: true })).toBeVisible();

    const aboutAuthor = page.getByRole("complementary", {
      name: `About the author, ${author.name}`,
      exact: true,
    });
    await expect(aboutAuthor.getByRole("link", { name: author.name, exact: true })).toHaveAttribute(
      "href",
      `/team#${author.id}`,
    );
    await expect(aboutAuthor).toContainText(author.title);

    const byline = article.locator("header p").filter({ has: page.locator("time") });
    await expect(byline).toContainText(post.author);
    await expect(byline).toContainText(longDate.format(post.publishedDate));
    await expect(byline).toContainText(post.readTime);

    await expect(
      article.getByRole("list", { name: "Tags", exact: true }).getByRole("link"),
    ).toHaveText(post.tags);
    await expect(article).toContainText(phrase);

    const referenced = page.getByRole("region", { name: "Referenced Links", exact: true });
    const links = referenced.getByRole("link");
    await expect(links).toHaveCount(post.linkPreviews.length);
    for (const [index, preview] of post.linkPreviews.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute("href", preview.url);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toContainText(preview.title);
      await expect(link).toContainText(preview.domain);
    }

    const back = page.getByRole("link", { name: "← Back to Insights", exact: true });
    await expect(back).toHaveAttribute("href", "/insights");
    await back.click();
    await expect(page).toHaveURL(`${app.url}/insights`);
    await expect(region(page, "Featured Articles")).toBeVisible();
  });

  test("an article without link previews has no 'Referenced Links' section", async ({
    page,
    app,
  }) => {
    const post = readPosts(app).find(
      (candidate) => isPublic(candidate) && !candidate.linkPreviews.length,
    );
    if (!post) throw new Error("every demo post has link previews");
    const response = await page.goto(post.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("main h1")).toHaveText(post.title);
    await expect(page.getByRole("heading", { name: "Referenced Links" })).toHaveCount(0);
  });

  test("a draft, an unknown id and malformed ids answer 404 'Article Not Found'", async ({
    page,
    app,
  }) => {
    const draft = readPosts(app).find((post) => !post.published);
    if (!draft) throw new Error("no draft");
    for (const path of [
      `/insights/${draft.id}`,
      `/insights/${crypto.randomUUID()}`,
      "/insights/%3Cscript%3E",
      "/insights/x'--",
      `/insights/${"a".repeat(80)}`,
    ]) {
      await expectArticleNotFound(page, path);
    }
    await expect(page.getByText(draft.title)).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`'Article Not Found' fills the window down to the footer, with a way back to Insights and home, at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await expectArticleNotFound(page, `/insights/${crypto.randomUUID()}`);
      await expectWayBackFromArticle(page);
      await page.locator("main").getByRole("link", { name: "← Back to Insights" }).click();
      await expect(page).toHaveURL(/\/insights$/);
      await expect(page.locator("main h1")).toHaveText("Insights");
    });

    test(`the cards leave no blank space, and the featured ones fill their row, at ${viewport.width}px`, async ({
      page,
      app,
    }) => {
      const { featured, latest } = expectedListing(readPosts(app));
      expect(featured.length, "fewer featured posts than columns").toBe(2);
      await page.setViewportSize(viewport);
      await page.goto("/insights");

      for (const post of [...featured, ...latest]) {
        const card = postCard(page, post.title);
        expect(await largestGapIn(card), post.title).toBeLessThanOrEqual(1);
        await expectBylineReads(bylineOf(card), [
          post.author,
          longDate.format(post.publishedDate),
          post.readTime,
        ]);
      }

      const featuredList = region(page, "Featured Articles").getByRole("list").first();
      const rowRight = await featuredList.evaluate((list) => list.getBoundingClientRect().right);
      const cardsRight = await featuredList
        .getByRole("article")
        .evaluateAll((cards) =>
          Math.max(...cards.map((card) => card.getBoundingClientRect().right)),
        );
      expect(cardsRight, "no empty column beside the featured cards").toBeCloseTo(rowRight, 0);
    });
  }

  test("clicking a tag lists only the published posts with that tag", async ({ page, app }) => {
    const posts = readPosts(app);
    const tag = "Process Design";
    const tagged = posts.filter((post) => isPublic(post) && post.tags.includes(tag));
    expect(tagged.length).toBeGreaterThanOrEqual(2);
    const hiddenWithTag = posts.filter((post) => !isPublic(post) && post.tags.includes(tag));
    expect(hiddenWithTag.length).toBeGreaterThan(0);

    await page.goto("/insights");
    await postCard(page, tagged[0]!.title)
      .getByRole("list", { name: `Tags of ${tagged[0]!.title}` })
      .getByRole("link", { name: tag, exact: true })
      .click();
    await expect(page).toHaveURL(
      `${app.url}/insights?tag=${encodeURIComponent(tag).replace(/%20/g, "+")}`,
    );
    const list = region(page, `Articles tagged “${tag}”`);
    await expect(list.getByRole("heading", { level: 2 })).toHaveText(`Articles tagged “${tag}”`);
    await expect(cardTitles(list)).toHaveText(tagged.map((post) => post.title));
    for (const post of tagged) await expectCard(postCard(list, post.title), post);
    for (const post of hiddenWithTag) await expect(page.getByText(post.title)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);

    await list.getByRole("link", { name: "Show all articles", exact: true }).click();
    await expect(page).toHaveURL(`${app.url}/insights`);
    await expect(region(page, "Featured Articles")).toBeVisible();
  });

  test("client navigations show a loading status while the page's data is on its way", async ({
    page,
    app,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "Loading states only exist for client-side navigations");
    const { featured } = expectedListing(readPosts(app));
    const post = featured[0]!;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await waitForHydration(page);

    const dataRequests: string[] = [];
    await page.route("**/*.data*", async (route) => {
      dataRequests.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });

    const status = page.getByRole("status");
    await page.locator("header").getByRole("link", { name: "Insights", exact: true }).click();
    await expect(status).toHaveText("Loading insights...");
    await expect(page.locator("main h1")).toHaveText("Insights");
    await expect(region(page, "Featured Articles")).toBeVisible();
    await expect(status).toHaveCount(0);

    await readMoreOf(page, post.title).click();
    await expect(status).toHaveText("Loading article...");
    await expect(page.locator("main h1")).toHaveText(post.title);
    await expect(status).toHaveCount(0);

    expect(dataRequests).toEqual(expect.arrayContaining(["/insights.data", `${post.path}.data`]));
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("an article describes itself to crawlers: canonical, Open Graph and BlogPosting JSON-LD", async ({
    page,
    app,
    request,
  }) => {
    const post = demoPost(readPosts(app), "hidden-cost-of-hand-offs");
    const path = post.path;
    expect(path).toBe("/insights/the-hidden-cost-of-a-hand-off-nobody-owns");
    await page.goto(path);

    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${app.url}${path}`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", post.title);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    // No cover: its share card, drawn from its title.
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(new RegExp(`^${app.url}/share-cards/post-${post.id}-[0-9a-z]+\\.png$`));
    const card = await request.get(ogImage!);
    expect([card.status(), card.headers()["content-type"]]).toEqual([200, "image/png"]);

    const blogPosting = (await jsonLd(page)).find((entry) => entry["@type"] === "BlogPosting");
    expect(blogPosting).toMatchObject({ "@type": "BlogPosting", headline: post.title });

    // Open Graph's article facts: its dates, its author's part of the Team page and each tag.
    const author = team.find((member) => member.name === post.author);
    expect(author, post.author).toBeDefined();
    const authorUrl = `${app.url}/team#${author!.id}`;
    const metaContent = (property: string) =>
      page
        .locator(`head meta[property="${property}"]`)
        .evaluateAll((tags) => tags.map((tag) => tag.getAttribute("content")));
    expect(await metaContent("article:published_time")).toEqual([
      new Date(post.publishedDate).toISOString(),
    ]);
    const [modified] = await metaContent("article:modified_time");
    expect(Date.parse(modified!)).toBeGreaterThanOrEqual(post.publishedDate);
    expect(await metaContent("article:author")).toEqual([authorUrl]);
    expect(await metaContent("article:tag")).toEqual(post.tags);

    // The author's address and the publisher's raster logo, which is served at the size stated.
    expect(blogPosting).toMatchObject({
      author: { "@type": "Person", name: post.author, url: authorUrl },
      publisher: {
        "@type": "Organization",
        logo: {
          "@type": "ImageObject",
          url: `${app.url}/icon-512x512.png`,
          width: 512,
          height: 512,
        },
      },
    });
    const logo = await request.get(`${app.url}/icon-512x512.png`);
    expect([logo.status(), logo.headers()["content-type"]]).toEqual([200, "image/png"]);

    const breadcrumbs = (await jsonLd(page)).find((entry) => entry["@type"] === "BreadcrumbList");
    expect(breadcrumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${app.url}/` },
        { "@type": "ListItem", position: 2, name: "Insights", item: `${app.url}/insights` },
        { "@type": "ListItem", position: 3, name: post.title, item: `${app.url}${path}` },
      ],
    });

    await page.goto("/");
    const home = await jsonLd(page);
    expect(home).toContainEqual(
      expect.objectContaining({
        "@type": "Organization",
        logo: expect.objectContaining({ url: `${app.url}/icon-512x512.png` }) as unknown,
      }),
    );
    expect(home).toContainEqual(
      expect.objectContaining({ "@type": "WebSite", url: `${app.url}/` }),
    );
  });

  test("every page names its icons and web app manifest, and each is served", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const links = await page
      .locator(
        'head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]',
      )
      .evaluateAll((tags) =>
        tags.map((tag) => ({
          rel: tag.getAttribute("rel"),
          href: tag.getAttribute("href"),
          sizes: tag.getAttribute("sizes"),
        })),
      );
    expect(links).toEqual([
      { rel: "icon", href: "/favicon.svg", sizes: null },
      { rel: "icon", href: "/favicon-32x32.png", sizes: "32x32" },
      { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
      { rel: "manifest", href: "/site.webmanifest", sizes: null },
    ]);
    const types: Record<string, string> = {
      "/favicon.svg": "image/svg+xml",
      "/favicon-32x32.png": "image/png",
      "/apple-touch-icon.png": "image/png",
      "/site.webmanifest": "application/manifest+json",
      "/favicon.ico": "image/vnd.microsoft.icon",
      "/.well-known/security.txt": "text/plain; charset=utf-8",
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await request.get(path);
      expect([response.status(), response.headers()["content-type"]], path).toEqual([200, type]);
    }
  });

  test("every page links to the Insights RSS, Atom and JSON feeds", async ({ page, app }) => {
    const article = expectedListing(readPosts(app)).visible[0]!;
    const paths = new Set([
      ...marketingPages.map(({ path }) => path),
      "/insights",
      article.path,
      "/insights?tag=Automation",
      `/insights/${crypto.randomUUID()}`,
      "/no-such-page",
    ]);
    for (const path of paths) {
      await page.goto(path);
      for (const [type, href] of [
        ["application/rss+xml", "/insights/rss.xml"],
        ["application/atom+xml", "/insights/atom.xml"],
        ["application/feed+json", "/insights/feed.json"],
      ] as const) {
        const link = page.locator(`head link[rel="alternate"][type="${type}"]`);
        await expect(link, path).toHaveAttribute("href", href);
        await expect(link, path).toHaveAttribute("title", /^Insights/);
      }
    }
  });

  test("the list and articles may be cached by a CDN; a missing article may not", async ({
    request,
    app,
  }) => {
    const article = expectedListing(readPosts(app)).visible[0]!;
    for (const path of ["/insights", article.path]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toContain("s-maxage");
    }
    const missing = await request.get(`/insights/${crypto.randomUUID()}`);
    expect(missing.status()).toBe(404);
    expect(missing.headers()["cache-control"]).toBe("no-store");
  });
});

// One server without demo content, for the tests that need an empty or made-up blog. They run in
// order (the empty blog first); each inserts its own uniquely named posts.
test.describe("with a blog of our own", () => {
  test.describe.configure({ mode: "default" });
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO_CONTENT: "false" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an empty blog says so instead of showing empty sections", async ({ page }) => {
    expect(readPosts(server)).toEqual([]);
    const response = await page.goto(`${server.url}/insights`);
    expect(response?.status()).toBe(200);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText("No Articles Yet");
    await expect(main).toContainText(
      "We're preparing valuable insights for you. Check back soon for our latest articles.",
    );
    await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Latest Articles" })).toHaveCount(0);
  });

  test("the list pages 12 at a time, newest first, with each post on exactly one page", async ({
    page,
  }) => {
    const label = uniqueLabel("paged");
    const start = Date.now() - HOUR;
    const featuredIndexes = new Set([1, 5, 9, 20]);
    insertPosts(
      server,
      Array.from({ length: 30 }, (_, index) => ({
        title: `Paged post ${index + 1} ${label}`,
        tags: ["Paging"],
        featured: featuredIndexes.has(index),
        publishedDate: start - index * HOUR,
      })),
    );
    const { featured, latest, pages, visible } = expectedListing(readPosts(server));
    expect(featured).toHaveLength(FEATURED_LIMIT);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toHaveLength(PER_PAGE);
    const pageCount = pages.length;

    const seen: string[] = [];
    const listedDates: number[] = [];
    let response = await page.goto(`${server.url}/insights`);
    expect(response?.status()).toBe(200);
    const pager = page.getByRole("navigation", { name: "Pages of articles" });
    for (let number = 1; number <= pageCount; number += 1) {
      const expected = pages[number - 1]!;
      const latestSection = region(page, "Latest Articles");
      await expect(pager).toContainText(`Page ${number} of ${pageCount}`);
      await expect(cardTitles(latestSection)).toHaveText(expected.map((post) => post.title));
      if (number === 1) {
        const featuredSection = region(page, "Featured Articles");
        await expect(cardTitles(featuredSection)).toHaveText(featured.map((post) => post.title));
        seen.push(...(await listedIds(featuredSection)));
      } else {
        await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);
      }
      seen.push(...(await listedIds(latestSection)));
      for (const time of await latestSection.locator("time").all()) {
        listedDates.push(Date.parse((await time.getAttribute("datetime")) ?? ""));
      }

      const newer = pager.getByRole("link", { name: "Newer articles", exact: true });
      const older = pager.getByRole("link", { name: "Older articles", exact: true });
      if (number === 1) await expect(newer).toHaveCount(0);
      else {
        await expect(newer).toHaveAttribute(
          "href",
          number === 2 ? "/insights" : `/insights?page=${number - 1}`,
        );
      }
      if (number === pageCount) {
        await expect(older).toHaveCount(0);
      } else {
        await expect(older).toHaveAttribute("href", `/insights?page=${number + 1}`);
        await older.click();
        await expect(page).toHaveURL(`${server.url}/insights?page=${number + 1}`);
      }
    }

    expect(new Set(seen).size, "no post is listed twice").toBe(seen.length);
    expect([...seen].sort()).toEqual(visible.map((post) => post.id).sort());
    expect(listedDates).toHaveLength(latest.length);
    expect(listedDates).toEqual([...listedDates].sort((a, b) => b - a));

    for (let number = pageCount; number > 1; number -= 1) {
      await pager.getByRole("link", { name: "Newer articles", exact: true }).click();
      await expect(page).toHaveURL(
        number === 2 ? `${server.url}/insights` : `${server.url}/insights?page=${number - 1}`,
      );
      await expect(pager).toContainText(`Page ${number - 1} of ${pageCount}`);
    }
    await expect(region(page, "Featured Articles")).toBeVisible();

    for (const query of [`page=${pageCount + 1}`, "page=abc", "page=0", "page=-1"]) {
      response = await page.goto(`${server.url}/insights?${query}`);
      expect(response?.status(), query).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
  });

  test("a scheduled post stays off the list, its page, the sitemap and the feed until its date", async ({
    page,
    request,
  }) => {
    const label = uniqueLabel("scheduled");
    const tag = `Tag ${label}`;
    const [scheduledId, liveId] = insertPosts(server, [
      {
        title: `Scheduled ${label}`,
        tags: [tag],
        featured: true,
        publishedDate: Date.now() + 7 * DAY,
      },
      { title: `Live ${label}`, tags: [tag], publishedDate: Date.now() - 60_000 },
    ]);

    for (const path of ["/insights", `/insights?tag=${encodeURIComponent(tag)}`]) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: `Live ${label}` })).toBeVisible();
      await expect(page.getByText(`Scheduled ${label}`)).toHaveCount(0);
      expect(await page.content()).not.toContain(scheduledId);
    }
    await expectArticleNotFound(page, `${server.url}/insights/${scheduledId}`);
    expect((await page.goto(`${server.url}/insights/${liveId}`))?.status()).toBe(200);

    const sitemap = await getText(request, `${server.url}/sitemap.xml`);
    expect(sitemap).toContain(`<loc>${server.url}/insights/${liveId}</loc>`);
    expect(sitemap).not.toContain(scheduledId);
    const feed = await getText(request, `${server.url}/insights/rss.xml`);
    expect(feed).toContain(`<link>${server.url}/insights/${liveId}</link>`);
    expect(feed).not.toContain(scheduledId);
    expect(feed).not.toContain(`Scheduled ${label}`);
  });

  test("a card shows a link preview without an image, or whose image fails, with no empty box, and a byline without a read time with no hanging separator", async ({
    page,
    javaScriptEnabled,
  }) => {
    const label = uniqueLabel("sparse");
    const publishedDate = Date.now() - 60_000;
    const withoutImage = {
      url: "https://research.example.org/no-picture",
      image: null,
      title: `No picture ${label}`,
      description: "A report whose page names no image.",
      domain: "research.example.org",
    };
    const brokenImage = {
      url: "https://research.example.org/lost-picture",
      image: "/images/previews/no-such-picture.svg",
      title: `Lost picture ${label}`,
      description: "A report whose image is gone.",
      domain: "research.example.org",
    };
    insertPosts(server, [
      {
        title: `Sparse ${label}`,
        readTime: "",
        publishedDate,
        linkPreviews: [withoutImage, brokenImage],
      },
    ]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/insights`);
    if (javaScriptEnabled) await waitForHydration(page);
    const card = postCard(page, `Sparse ${label}`);
    // Its images are loaded lazily: in view, each has been fetched (or has failed).
    await card.scrollIntoViewIfNeeded();

    await expectBylineReads(bylineOf(card), ["Dana Whitfield", longDate.format(publishedDate)]);
    for (const preview of [withoutImage, brokenImage]) {
      const link = card.getByRole("link", { name: new RegExp(preview.title) });
      await expect(link).toContainText(preview.description);
      await expect(link).toContainText(preview.domain);
    }
    const noPicture = card.getByRole("link", { name: new RegExp(withoutImage.title) });
    await expect(noPicture.locator("img")).toHaveCount(0);
    // Only a script can learn that an image failed to load; without one the browser keeps its box.
    if (javaScriptEnabled) {
      const lostPicture = card.getByRole("link", { name: new RegExp(brokenImage.title) });
      await expect(lostPicture.locator("img")).toHaveCount(0);
    }
    expect(await largestGapIn(card)).toBeLessThanOrEqual(1);
  });

  test("a link preview's whole description shows at 320 px under WCAG 1.4.12's text spacing", async ({
    page,
  }) => {
    const label = uniqueLabel("spacing");
    const preview = {
      url: "https://research.example.org/long-description",
      image: "/images/previews/no-such-picture.svg",
      title: `Long description ${label}`,
      description:
        "A field study of twelve operations teams over six months, following every hand-off " +
        "between sales, finance and delivery, and counting the hours each request waited for " +
        "someone to notice it, approve it or pass it on to the next person in line.",
      domain: "research.example.org",
    };
    const [id] = insertPosts(server, [
      { title: `Spacing ${label}`, publishedDate: Date.now() - 60_000, linkPreviews: [preview] },
    ]);
    await page.setViewportSize({ width: 320, height: 800 });
    // The text-spacing bookmarklet's override, the most WCAG 1.4.12 asks a page to bear.
    const textSpacing = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;
    for (const path of ["/insights", `/insights/${id}`]) {
      await page.goto(`${server.url}${path}`);
      // Added from outside the page's scripts, so it applies without JavaScript too.
      await page.evaluate((css) => {
        const style = document.createElement("style");
        style.textContent = css;
        document.head.append(style);
      }, textSpacing);
      const description = page.getByText(preview.description, { exact: true });
      await expect(description).toBeVisible();
      const { scrollHeight, clientHeight } = await description.evaluate((element) => ({
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
      }));
      expect(scrollHeight, `the description on ${path} is cut`).toBeLessThanOrEqual(clientHeight);
    }
  });

  test("when the posts cannot be read, the list and an article show the error page, stored nowhere", async ({
    page,
  }) => {
    const label = uniqueLabel("offline");
    const [id] = insertPosts(server, [
      { title: `Kept ${label}`, publishedDate: Date.now() - 1_000 },
    ]);
    // Not a failing disk (that is a 503, e2e/sick-disk.spec.ts) but a bug: React Router's 500.
    const offline = `blog_posts_${label.replace(/\W/g, "_")}`;
    execute(server, `alter table blog_posts rename to ${offline}`);
    try {
      for (const path of ["/insights", `/insights/${id}`]) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status()).toBe(500);
        expect(response?.headers()["cache-control"]).toBe("no-store");
        await expect(page.locator("header")).toBeVisible();
        await expect(page.locator("main h1")).toHaveText("Something went wrong on our side");
        await expect(
          page.locator("main").getByRole("link", { name: "Return to Home", exact: true }),
        ).toHaveAttribute("href", "/");
      }
    } finally {
      execute(server, `alter table ${offline} rename to blog_posts`);
    }
    const recovered = await page.goto(`${server.url}/insights`);
    expect(recovered?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: `Kept ${label}` })).toBeVisible();
  });
});
