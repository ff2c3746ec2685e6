// Share cards, as a network that unfurls a link sees them: every public page names an absolute
// 1200x630 PNG, kept for good, and the server draws no card that no page or post has.
import sharp from "sharp";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/hydration";
import { marketingPages } from "./support/public-pages";

/** The content of each of the page's <meta> tags, by property or name. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, content.replaceAll("&amp;", "&"));
  }
  return tags;
}

test.describe("over HTTP", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level checks run in one project");

  // The results page is kept out of search and shares nothing of its own.
  const sharedPages = marketingPages.filter(({ path }) => path !== "/assessment-results");
  for (const { path } of sharedPages) {
    test(`${path} names its card, an absolute 1200x630 PNG kept for good`, async ({
      request,
      app,
    }) => {
      const page = await request.get(path);
      expect(page.status()).toBe(200);
      const tags = metaTags(await page.text());
      const image = tags.get("og:image") ?? "";
      expect(image).toMatch(/^https?:\/\/[^/]+\/share-cards\/page-[a-z-]+-[0-9a-z]{7}\.png$/);
      expect(new URL(image).origin).toBe(app.url);
      expect(tags.get("og:image:width")).toBe("1200");
      expect(tags.get("og:image:height")).toBe("630");
      expect(tags.get("og:image:alt")).toMatch(/\S/);
      expect(tags.get("twitter:card")).toBe("summary_large_image");
      expect(tags.get("twitter:image")).toBe(image);
      expect(tags.get("twitter:image:alt")).toBe(tags.get("og:image:alt"));

      const card = await request.get(image);
      expect(card.status()).toBe(200);
      expect(card.headers()["content-type"]).toBe("image/png");
      expect(card.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      const png = await card.body();
      expect(card.headers()["content-length"]).toBe(String(png.length));
      expect(await sharp(png).metadata()).toMatchObject({
        format: "png",
        width: 1200,
        height: 630,
      });

      const head = await request.head(image);
      expect(head.status()).toBe(200);
      expect(head.headers()["content-type"]).toBe("image/png");
      expect((await head.body()).length).toBe(0);
    });
  }

  // The address's fingerprint folds in the build (tests/share-cards.test.ts shows that another
  // title is another address): the article names it.
  test("a published post's card answers under the address its article names", async ({
    request,
    app,
  }) => {
    const db = app.openDatabase();
    const post = db
      .prepare(
        "select id, slug, title from blog_posts where published = 1 and published_date <= ? and cover_id is null",
      )
      .get(Date.now()) as { id: string; slug: string; title: string } | undefined;
    db.close();
    if (!post) throw new Error("the demo content has no published post without a cover");

    const tags = metaTags(await (await request.get(`/insights/${post.slug}`)).text());
    const image = tags.get("og:image") ?? "";
    expect(image).toMatch(new RegExp(`^${app.url}/share-cards/post-${post.id}-[0-9a-z]{7}\\.png$`));
    expect(tags.get("og:image:alt")).toBe(post.title);
    const card = await request.get(image);
    expect(card.status()).toBe(200);
    expect(await sharp(await card.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  test("a wrong fingerprint, an unknown page or post is not found", async ({ request }) => {
    const home = metaTags(await (await request.get("/")).text()).get("og:image") ?? "";
    const fingerprint = /-([0-9a-z]{7})\.png$/.exec(home)?.[1] ?? "";
    expect(fingerprint).not.toBe("");
    for (const path of [
      home.replace(fingerprint, "0000000"),
      `/share-cards/page-pricing-${fingerprint}.png`,
      `/share-cards/post-${crypto.randomUUID()}-${fingerprint}.png`,
      "/share-cards/anything.png",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["cache-control"], path).toBe("no-store");
    }
  });
});

test("a page reached by a client-side navigation names the card the server names", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "only the browser's router builds the tags itself");
  await page.goto("/");
  await waitForHydration(page);
  // Kept only if the browser's router, not a new document, shows the next page.
  await page.evaluate(() => document.documentElement.setAttribute("data-before-navigation", ""));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Team", exact: true })
    .click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.locator("html")).toHaveAttribute("data-before-navigation", "");
  const fromServer = metaTags(await (await request.get("/team")).text()).get("og:image");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", fromServer!);
});
