// Publishing like Ghost, in the browser with and without JavaScript: a post with a cover and its
// own search fields lives at its slug, with the cover in AVIF and WebP at several widths, its meta
// tags and share image; renamed, its old address leads to the new one; deleted, its files go.
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { signInAsAdmin } from "./support/admin";
import { writeContent } from "./support/post-editor";
import { expect, test } from "./support/fixtures";
import { scratchDirectory, type RunningServer } from "./support/server";

const uniqueWord = () => Math.random().toString(36).slice(2, 8);

/** A photo-like JPEG (a gradient, so each format has something to compress). */
async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  const file = path.join(scratchDirectory("cover"), "harbour.jpg");
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toFile(file);
  return file;
}

/** The covers whose files the server's database holds (media_files). */
const storedCovers = (app: RunningServer) => {
  const db = app.openDatabase();
  try {
    return db.prepare("select distinct cover_id from media_files").pluck().all() as string[];
  } finally {
    db.close();
  }
};

async function imageAt(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const metadata = await sharp(await response.body()).metadata();
  return { type: response.headers()["content-type"], ...metadata };
}

const metaContent = (page: Page, selector: string) =>
  page.locator(`head meta[${selector}]`).getAttribute("content");

test("a post with a cover and search fields: slug address, images, meta tags and share image; renamed, then deleted", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const title = `Harbour logistics, rethought ${word}`;
  const slug = `harbour-logistics-rethought-${word}`;
  await signInAsAdmin(page, app);
  await page.getByRole("link", { name: "Add New Post" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("How one port cut its dwell time.");
  await writeContent(page, "Containers wait where decisions wait.", Boolean(javaScriptEnabled));
  await page.getByLabel("Image (optional)", { exact: true }).setInputFiles(await photo(2000, 1250));
  await page.getByLabel("Image description (alt text)").fill("Cranes over a container harbour");
  const metaTitle = `Cutting port dwell time ${word}`;
  await page.getByLabel("Meta title").fill(metaTitle);
  await page.getByLabel("Meta description").fill("A case for deciding once, at the quay.");
  if (javaScriptEnabled) {
    // The counters and the preview follow the typing.
    await expect(
      page.getByText(`Recommended: 60 characters. You’ve used ${metaTitle.length}`),
    ).toBeVisible();
    await expect(page.getByText("Recommended: 145 characters. You’ve used 38")).toBeVisible();
    const preview = page.getByTestId("search-preview");
    await expect(preview).toContainText(`/insights/${slug}`);
    await expect(preview).toContainText(metaTitle);
    await expect(preview).toContainText("A case for deciding once, at the quay.");
  }
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: `/insights/${slug}` })).toBeVisible();
  expect(storedCovers(app)).toHaveLength(1);
  const [coverId] = storedCovers(app);

  // The article at its slug.
  const articleResponse = await page.goto(`/insights/${slug}`);
  expect(articleResponse?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${metaTitle} | Keelstone Operations`);
  expect(await metaContent(page, 'name="description"')).toBe(
    "A case for deciding once, at the quay.",
  );
  expect(await metaContent(page, 'property="og:title"')).toBe(metaTitle);
  expect(await metaContent(page, 'property="og:description"')).toBe(
    "A case for deciding once, at the quay.",
  );
  expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(
    `${app.url}/insights/${slug}`,
  );
  // The article's structured data: its BlogPosting, beside the breadcrumbs.
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as { "@type"?: string })
    .find((data) => data["@type"] === "BlogPosting");
  expect(jsonLd).toMatchObject({
    "@type": "BlogPosting",
    headline: metaTitle,
    mainEntityOfPage: `${app.url}/insights/${slug}`,
  });

  // The cover: AVIF and WebP at several widths, its size set, its alt text.
  const picture = page.locator("article picture").first();
  const image = picture.locator("img");
  await expect(image).toHaveAttribute("alt", "Cranes over a container harbour");
  await expect(image).toHaveAttribute("width", "2000");
  await expect(image).toHaveAttribute("height", "1250");
  for (const format of ["avif", "webp"]) {
    const srcset = await picture.locator(`source[type="image/${format}"]`).getAttribute("srcset");
    const candidates = (srcset ?? "").split(",").map((candidate) => candidate.trim().split(" "));
    expect(candidates.length, srcset ?? "").toBeGreaterThanOrEqual(3);
    for (const [url, descriptor] of candidates) {
      const read = await imageAt(page.request, url!);
      expect(read.type).toBe(`image/${format}`);
      expect(`${read.width}w`).toBe(descriptor);
    }
  }

  // The share image: the cover's 1200x630 crop, on Open Graph and Twitter alike.
  const shareImage = await metaContent(page, 'property="og:image"');
  expect(shareImage).toBe(`${app.url}/media/covers/${coverId}/share.jpg`);
  expect(await metaContent(page, 'name="twitter:image"')).toBe(shareImage);
  expect(await metaContent(page, 'name="twitter:card"')).toBe("summary_large_image");
  const share = await imageAt(page.request, shareImage!);
  expect([share.type, share.width, share.height]).toEqual(["image/jpeg", 1200, 630]);

  // The list's card shows the cover too, lazily.
  await page.goto("/insights");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.locator("picture img")).toHaveAttribute("loading", "lazy");
  await expect(card.getByRole("link", { name: /Read More/ })).toHaveAttribute(
    "href",
    `/insights/${slug}`,
  );

  // Renamed: the old address and the id answer 301 to the new one.
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("textbox", { name: "Slug (optional)" })).toHaveValue(slug);
  const renamed = `port-dwell-time-${word}`;
  await page.getByRole("textbox", { name: "Slug (optional)" }).fill(renamed);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByText("Blog post updated successfully")).toBeVisible();
  const id = new URL(
    (await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href"))!,
    app.url,
  ).searchParams.get("edit");
  for (const old of [slug, id]) {
    const moved = await page.request.get(`/insights/${old}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe(`/insights/${renamed}`);
  }
  await page.goto(`/insights/${slug}`);
  await expect(page).toHaveURL(`${app.url}/insights/${renamed}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/insights/${renamed}</loc>`);
  expect(sitemap).not.toContain(`/insights/${slug}</loc>`);
  expect(await (await page.request.get("/insights/rss.xml")).text()).toContain(
    `<link>${app.url}/insights/${renamed}</link>`,
  );

  // Deleted: the article is gone and so are its image files.
  await page.goto("/admin/blog");
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete post" }).click();
  } else {
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete post" }).click();
  }
  await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
  expect(storedCovers(app)).toEqual([]);
  expect((await page.request.get(`/insights/${renamed}`)).status()).toBe(404);
  expect((await page.request.get(`/insights/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.get(shareImage!)).status()).toBe(404);
});

test("a post without a cover shares a card made from its title", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  const title = `Queues we stopped noticing ${uniqueWord()}`;
  await signInAsAdmin(page, app);
  await page.getByRole("link", { name: "Add New Post" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("A short one.");
  await writeContent(page, "Every queue hides a decision.", Boolean(javaScriptEnabled));
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();
  await page
    .getByRole("link", { name: /^\/insights\// })
    .filter({ hasText: "queues-we" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // No meta title or description: the title and the excerpt stand in.
  await expect(page).toHaveTitle(`${title} | Keelstone Operations`);
  expect(await metaContent(page, 'name="description"')).toBe("A short one.");
  const card = await metaContent(page, 'property="og:image"');
  expect(card).toMatch(/\/share-cards\/post-[0-9a-f-]+-[0-9a-z]+\.png$/);
  const read = await imageAt(page.request, card!);
  expect([read.type, read.width, read.height]).toEqual(["image/png", 1200, 630]);
});

test.describe("bad uploads", () => {
  const cases = [
    {
      name: "a text file named like a photo",
      file: {
        name: "photo.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("not an image at all"),
      },
      message: "Please choose a JPEG, PNG, WebP or AVIF image.",
    },
    {
      name: "an SVG",
      file: {
        name: "logo.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      },
      message: "Please choose a JPEG, PNG, WebP or AVIF image.",
    },
  ];
  for (const { name, file, message } of cases) {
    test(`${name} is refused at its field, and nothing is written`, async ({
      page,
      app,
      javaScriptEnabled,
    }) => {
      const title = `Refused cover ${uniqueWord()}`;
      const before = storedCovers(app);
      await signInAsAdmin(page, app);
      await page.getByRole("link", { name: "Add New Post" }).click();
      await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await page.getByLabel("Excerpt").fill("Refused.");
      await writeContent(page, "Body.", Boolean(javaScriptEnabled));
      await page.getByLabel("Image (optional)", { exact: true }).setInputFiles(file);
      await page.getByLabel("Image description (alt text)").fill("Something");
      const answer = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().includes("/admin/blog"),
      );
      await page.getByRole("button", { name: "Create Post" }).click();
      expect((await answer).status()).toBe(400);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
      expect(storedCovers(app)).toEqual(before);
      const db = app.openDatabase();
      try {
        expect(
          db.prepare("select count(*) as n from blog_posts where title = ?").get(title),
        ).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    });
  }

  test("a cover without its description is refused, and nothing is written", async ({
    page,
    app,
    javaScriptEnabled,
  }) => {
    const before = storedCovers(app);
    await signInAsAdmin(page, app);
    await page.getByRole("link", { name: "Add New Post" }).click();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`No alt ${uniqueWord()}`);
    await page.getByLabel("Excerpt").fill("Refused.");
    await writeContent(page, "Body.", Boolean(javaScriptEnabled));
    await page.getByLabel("Image (optional)", { exact: true }).setInputFiles(await photo(800, 500));
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(
      page.getByText("Please describe the cover image for people who cannot see it."),
    ).toBeVisible();
    expect(storedCovers(app)).toEqual(before);
  });

  test("a slug another post has is refused with a clear message", async ({
    page,
    app,
    javaScriptEnabled,
  }) => {
    const slug = `taken-${uniqueWord()}`;
    await signInAsAdmin(page, app);
    for (const [index, expected] of [
      "Blog post created successfully",
      "Another post already uses this slug. Please choose a different one.",
    ].entries()) {
      await page.goto("/admin/blog?new");
      await page
        .getByRole("textbox", { name: "Title", exact: true })
        .fill(`Slug owner ${index} ${slug}`);
      await page.getByLabel("Excerpt").fill("Either.");
      await writeContent(page, "Body.", Boolean(javaScriptEnabled));
      await page.getByRole("textbox", { name: "Slug (optional)" }).fill(slug);
      await page.getByRole("button", { name: "Create Post" }).click();
      await expect(page.getByText(expected)).toBeVisible();
    }
  });
});
