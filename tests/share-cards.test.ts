// Share cards through their route on a real SQLite file and media folder: what a crawler gets, how
// often a card is drawn, and which files stay on disk as titles and the brand change.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";
import { insertPosts } from "~/features/insights/queries.server";
import {
  dropPostShareCards,
  pageShareCardPath,
  pageShareCards,
  parseShareCardFile,
  postShareCardPath,
  shareCardResponse,
} from "~/features/share-cards/index.server";
import { db } from "~/lib/db.server";
import { mediaRoot } from "~/lib/media-storage.server";
import { siteConfig } from "~/lib/site-config.server";
import { loader } from "~/routes/share-cards.$file";
import { routeArgs } from "./support/actions";
import { captureLogLines } from "./support/logs";

const cardsFolder = path.join(mediaRoot, "share-cards");

function post(id: string, title: string, published = true) {
  return {
    id,
    title,
    excerpt: `Excerpt ${id}`,
    content: `<p>Body ${id}</p>`,
    author: "Dana Whitfield",
    published,
    publishedDate: new Date("2026-11-20T09:30:00Z"),
  };
}

async function get(cardPath: string, method = "GET"): Promise<Response> {
  const file = cardPath.slice("/share-cards/".length);
  const request = new Request(`http://localhost${cardPath}`, { method });
  return (await loader(routeArgs(request, { params: { file } }))) as Response;
}

/** What the request answered, and how many cards were drawn meanwhile. */
async function getCounting(cardPaths: string[]) {
  const logs = captureLogLines();
  try {
    const responses = await Promise.all(cardPaths.map((cardPath) => get(cardPath)));
    const events = logs.lines.map((line) => JSON.parse(line) as { event: string });
    const drawn = events.filter((entry) => entry.event === "share_card_rendered").length;
    return { responses, drawn, events };
  } finally {
    logs.restore();
  }
}

/** Every stored card, as `<subject>/<file>`. */
function storedCards(): string[] {
  if (!fs.existsSync(cardsFolder)) return [];
  return fs
    .readdirSync(cardsFolder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".png"))
    .sort();
}

beforeEach(() => {
  db.$client.exec("delete from blog_posts");
  fs.rmSync(cardsFolder, { recursive: true, force: true });
});

describe("a page's card", () => {
  test("is a 1200x630 PNG that browsers and networks may keep for good", async () => {
    const { responses, drawn } = await getCounting([pageShareCardPath("solutions")]);
    const [response] = responses;
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toBe("image/png");
    expect(response?.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const png = Buffer.from(await response!.arrayBuffer());
    expect(response?.headers.get("Content-Length")).toBe(String(png.length));
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(drawn).toBe(1);
  });

  test("is drawn once, then read from disk", async () => {
    const cardPath = pageShareCardPath("team");
    const first = await getCounting([cardPath]);
    const second = await getCounting([cardPath]);
    expect([first.drawn, second.drawn]).toEqual([1, 0]);
    const [firstPng, secondPng] = await Promise.all(
      [first, second].map(async ({ responses }) => Buffer.from(await responses[0]!.arrayBuffer())),
    );
    expect(secondPng!.equals(firstPng!)).toBe(true);
    expect(storedCards()).toHaveLength(1);
  });

  test("asked for by many at once is drawn once", async () => {
    const { responses, drawn } = await getCounting(Array(8).fill(pageShareCardPath("ethos")));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(drawn).toBe(1);
  });

  test("answers a HEAD with the GET's headers", async () => {
    const response = await get(pageShareCardPath("contact"), "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
  });

  test("of an unknown page, or with another fingerprint, is not found and not drawn", async () => {
    const fingerprint = pageShareCardPath("home").slice(-11, -4);
    const { responses, drawn } = await getCounting([
      `/share-cards/page-pricing-${fingerprint}.png`,
      pageShareCardPath("home").replace(fingerprint, "0000000"),
      "/share-cards/page-home.png",
      "/share-cards/../../app.db",
    ]);
    expect(responses.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    expect(responses[0]?.headers.get("Cache-Control")).toBe("no-store");
    expect(drawn).toBe(0);
    expect(storedCards()).toEqual([]);
  });
});

describe("a post's card", () => {
  test("is drawn for a published post under its current title only", async () => {
    insertPosts(db, [post("a", "Lean hand-offs"), post("draft", "Not yet", false)]);
    const current = postShareCardPath({ id: "a", title: "Lean hand-offs" });
    const { responses, drawn } = await getCounting([
      current,
      postShareCardPath({ id: "a", title: "Anything I like" }),
      postShareCardPath({ id: "draft", title: "Not yet" }),
      postShareCardPath({ id: "missing", title: "Lean hand-offs" }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 404, 404, 404]);
    expect(drawn).toBe(1);
  });

  test("of a renamed post replaces the old one on disk; the old address is not found", async () => {
    insertPosts(db, [post("a", "First title")]);
    const before = postShareCardPath({ id: "a", title: "First title" });
    expect((await get(before)).status).toBe(200);
    const [oldFile] = storedCards();

    db.$client.prepare("update blog_posts set title = ? where id = ?").run("Second title", "a");
    expect((await get(before)).status).toBe(404);
    expect((await get(postShareCardPath({ id: "a", title: "Second title" }))).status).toBe(200);
    expect(storedCards()).toHaveLength(1);
    expect(storedCards()).not.toContain(oldFile);
  });

  test("dropPostShareCards removes that post's cards and nothing else", async () => {
    insertPosts(db, [post("a", "Post A"), post("b", "Post B")]);
    for (const cardPath of [
      postShareCardPath({ id: "a", title: "Post A" }),
      postShareCardPath({ id: "b", title: "Post B" }),
      pageShareCardPath("home"),
    ]) {
      expect((await get(cardPath)).status).toBe(200);
    }
    expect(storedCards()).toHaveLength(3);

    await dropPostShareCards("a");
    expect(storedCards().map((file) => file.split(path.sep)[0])).toEqual(["page-home", "post-b"]);
    // Dropping again, or a post that never had a card, is not an error.
    await dropPostShareCards("a");
    await dropPostShareCards("never-shown");
  });

  test("a failure to read the posts is not answered here: React Router and entry.server.tsx answer it", async () => {
    db.$client.exec("alter table blog_posts rename to blog_posts_unavailable");
    try {
      await expect(get(postShareCardPath({ id: "a", title: "Anything" }))).rejects.toThrow(
        /no such table: blog_posts/,
      );
    } finally {
      db.$client.exec("alter table blog_posts_unavailable rename to blog_posts");
    }
  });
});

describe("a new brand", () => {
  test("draws the card again, at the same address, in place of the old file", async () => {
    const cardPath = pageShareCardPath("home");
    expect((await get(cardPath)).status).toBe(200);
    const [oldFile] = storedCards();

    const requested = parseShareCardFile(cardPath.slice("/share-cards/".length))!;
    const logs = captureLogLines();
    try {
      const response = await shareCardResponse(
        requested,
        pageShareCards.home,
        `${siteConfig.brand} Group`,
      );
      expect(response?.status).toBe(200);
      const drawn = logs.lines.filter((line) => line.includes('"event":"share_card_rendered"'));
      expect(drawn).toHaveLength(1);
    } finally {
      logs.restore();
    }
    expect(storedCards()).toHaveLength(1);
    expect(storedCards()).not.toContain(oldFile);
  });
});
