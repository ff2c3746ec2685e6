// Two production servers on one database file, each with its own media folder, as two machines of a
// LiteFS cluster (or a machine and its successor after a lost volume) are: a cover uploaded through
// the first is served by the second, whole, revalidated and in ranges, since it lives in the
// database the machines share and not on the first one's disk.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signInAsAdmin } from "./support/admin";
import { scratchDirectory, startServer, type RunningServer } from "./support/server";

/** A JPEG with some detail, so that each stored format has something to encode. */
async function photo() {
  const file = path.join(scratchDirectory("shared-cover"), "quay.jpg");
  await sharp({
    create: {
      width: 1200,
      height: 750,
      channels: 3,
      background: "#3b6e8f",
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .jpeg()
    .toFile(file);
  return file;
}

/** What the media folder holds, as paths relative to it; none when it was never made. */
const mediaContents = (folder: string) =>
  fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true, encoding: "utf8" }) : [];

test("a cover uploaded through one server is served by another with its own media folder", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const databasePath = path.join(scratchDirectory("shared-media"), "app.db");
  const mediaOfFirst = scratchDirectory("media-first");
  const mediaOfSecond = scratchDirectory("media-second");
  const servers: RunningServer[] = [];
  try {
    const first = await startServer({ databasePath, env: { MEDIA_DIR: mediaOfFirst } });
    servers.push(first);
    const second = await startServer({ databasePath, env: { MEDIA_DIR: mediaOfSecond } });
    servers.push(second);

    const context = await browser.newContext({ baseURL: first.url, javaScriptEnabled });
    const page = await context.newPage();
    await signInAsAdmin(page, first);
    await page.getByRole("link", { name: "Add New Post" }).click();
    const word = Math.random().toString(36).slice(2, 8);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`Quay ${word}`);
    await page.getByLabel("Excerpt").fill("A cover every machine serves.");
    const content = page.getByRole("textbox", { name: "Content" });
    if (javaScriptEnabled) {
      await content.click();
      await page.keyboard.type("Stored once, served everywhere.");
    } else {
      await content.fill("<p>Stored once, served everywhere.</p>");
    }
    await page.getByLabel("Image (optional)", { exact: true }).setInputFiles(await photo());
    await page.getByLabel("Image description (alt text)").fill("A quay at dawn");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Blog post created successfully")).toBeVisible();

    // Neither server wrote the cover to its disk.
    expect(mediaContents(mediaOfFirst).filter((entry) => entry.startsWith("covers"))).toEqual([]);
    expect(mediaContents(mediaOfSecond)).toEqual([]);

    // A visitor of the second server sees the article with its cover loaded.
    const visitor = await browser.newContext({ baseURL: second.url, javaScriptEnabled });
    const article = await visitor.newPage();
    expect((await article.goto(`/insights/quay-${word}`))?.status()).toBe(200);
    const cover = article.getByRole("img", { name: "A quay at dawn" });
    await expect(cover).toBeVisible();
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const source = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(new URL(source).origin).toBe(second.url);
    expect(new URL(source).pathname).toMatch(/^\/media\/covers\/[0-9a-f]{32}\/\d+\.(avif|webp)$/);
    await visitor.close();
    await context.close();

    // Every file the database holds for it, over HTTP from the second server.
    const db = second.openDatabase();
    const files = db
      .prepare("select path, content_type as type, bytes from media_files order by path")
      .all() as { path: string; type: string; bytes: Buffer }[];
    db.close();
    expect(files.map((file) => path.basename(file.path))).toEqual([
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
      "share.jpg",
    ]);
    for (const file of files) {
      const response = await fetch(`${second.url}/media/${file.path}`);
      expect(response.status, file.path).toBe(200);
      expect(response.headers.get("content-type")).toBe(file.type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(file.bytes);

      const etag = response.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const revalidated = await fetch(`${second.url}/media/${file.path}`, {
        headers: { "If-None-Match": etag },
      });
      expect(revalidated.status).toBe(304);
    }

    const share = files.at(-1)!;
    const range = await fetch(`${second.url}/media/${share.path}`, {
      headers: { Range: "bytes=100-199" },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 100-199/${share.bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(share.bytes.subarray(100, 200));
    const beyond = await fetch(`${second.url}/media/${share.path}`, {
      headers: { Range: `bytes=${share.bytes.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${share.bytes.length}`);
    const head = await fetch(`${second.url}/media/${share.path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(share.bytes.length));

    // An address that leads nowhere is a plain 404 from either server, never a page.
    for (const server of [first, second]) {
      for (const missing of [
        "/media/covers/0123456789abcdef0123456789abcdef/480.avif",
        "/media/covers/..%2F..%2Fapp.db",
        "/media/covers/",
      ]) {
        const response = await fetch(`${server.url}${missing}`);
        expect(response.status, missing).toBe(404);
        expect(await response.text()).toBe("There is no such image.");
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
});
