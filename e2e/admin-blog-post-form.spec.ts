// The post form and list as staff schedule posts, with and without JavaScript: the meta title
// shows the brand suffix it gets (once), dates are typed and shown on the firm's clock
// (America/Denver), the saved notice says where the post is, the list shows when a scheduled post
// goes out and is searched and filtered, a new cover shows before saving, and at 390 px the
// screen's primary actions stay in view.
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signInAsAdmin } from "./support/admin";
import { expect, testOnOwnServer } from "./support/fixtures";
import { openBeforeScripts, waitForHydration } from "./support/hydration";
import { scratchDirectory, type RunningServer } from "./support/server";

// A server of its own: the 26 posts a paged list needs would crowd the shared server's Insights,
// whose specs list what they expect to see.
const test = testOnOwnServer();

const uniqueWord = () => crypto.randomBytes(4).toString("hex");

async function startPost(page: Page, title: string, javaScriptEnabled: boolean) {
  await page.getByRole("link", { name: "Add New Post" }).click();
  await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill(`Excerpt of ${title}.`);
  const content = page.getByRole("textbox", { name: "Content" });
  if (javaScriptEnabled) {
    await content.click();
    await page.keyboard.type("Reconcile as you go.");
  } else {
    await content.fill("<p>Reconcile as you go.</p>");
  }
}

const postItem = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

const notice = (page: Page) => page.getByRole("status").filter({ hasText: "successfully" });

test("the meta title shows the brand suffix, a title typed with it is rendered once, and the notice links to the post", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  await signInAsAdmin(page, app);
  const word = uniqueWord();
  await startPost(page, `Closing the month ${word}`, Boolean(javaScriptEnabled));
  const metaTitle = page.getByRole("textbox", { name: "Meta title" });
  await expect(page.getByTestId("meta-title-suffix")).toHaveText("| Keelstone Operations");
  await expect(metaTitle).toHaveAccessibleDescription(/Added after it on every page: \| Keelstone/);
  await metaTitle.fill(`Closing fast ${word} | Keelstone Operations`);
  if (javaScriptEnabled) {
    // The preview follows the typing, with the suffix once.
    await expect(page.getByTestId("search-preview")).toContainText(
      `Closing fast ${word} | Keelstone Operations`,
    );
    await expect(page.getByTestId("search-preview")).not.toContainText("Operations |");
  }
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(notice(page)).toContainText("Blog post created successfully");
  await notice(page).getByRole("link", { name: "View post" }).click();
  await expect(page).toHaveURL(new RegExp(`/insights/closing-the-month-${word}$`));
  await expect(page).toHaveTitle(`Closing fast ${word} | Keelstone Operations`);
});

test("a post scheduled across the spring change: typed on Denver's clock, announced and listed in it, found by the filter", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  await signInAsAdmin(page, app);
  const word = uniqueWord();
  const title = `Spring forward ${word}`;
  await startPost(page, title, Boolean(javaScriptEnabled));
  // Today (late November) Denver keeps MST; the field says which clock it reads.
  await expect(page.getByLabel("Published Date in America/Denver (MST)")).toBeVisible();
  // 02:30 on 14 March 2027 never happens in Denver: the clocks jump from 02:00 to 03:00.
  await page.getByLabel("Published Date").fill("2027-03-14T02:30");
  if (javaScriptEnabled) {
    await expect(page.getByLabel("Published Date in America/Denver (MDT)")).toBeVisible();
  }
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(notice(page)).toContainText(
    "Blog post created successfully. Scheduled for Mar 14, 2027, 03:30 MDT",
  );
  await expect(notice(page).getByRole("link", { name: "Edit post" })).toBeVisible();
  await expect(postItem(page, title)).toContainText("Scheduled for Mar 14, 2027, 03:30 MDT");

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("Published Date")).toHaveValue("2027-03-14T03:30");
  // The autumn change: 01:30 on 7 November 2027 happens twice; the first, still MDT, is taken.
  await page.getByLabel("Published Date").fill("2027-11-07T01:30");
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(notice(page)).toContainText("Scheduled for Nov 7, 2027, 01:30 MDT");
  await expect(postItem(page, title)).toContainText("Scheduled for Nov 7, 2027, 01:30 MDT");

  const finder = page.getByRole("search", { name: "Find posts" });
  await finder.getByLabel("Title contains").fill(word);
  await finder.getByLabel("Status").selectOption("Scheduled");
  await finder.getByRole("button", { name: "Find posts" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&status=scheduled$`));
  await expect(page.getByRole("heading", { name: "Matching posts (1)" })).toBeVisible();
  await expect(postItem(page, title)).toBeVisible();
  await finder.getByLabel("Status").selectOption("Draft");
  await finder.getByRole("button", { name: "Find posts" }).click();
  await expect(page.getByRole("heading", { name: "Matching posts (0)" })).toBeVisible();
  await expect(postItem(page, title)).toHaveCount(0);
});

/** Posts written straight to the server's database, as many as a list needs to have pages. */
function addPosts(app: RunningServer, titles: string[]) {
  const db = new Database(app.databasePath, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "insert into blog_posts (id, title, excerpt, content, author, published_date) values (?, ?, 'Excerpt', '<p>Body</p>', 'Dana Whitfield', ?)",
    );
    titles.forEach((title, index) =>
      insert.run(crypto.randomUUID(), title, Date.parse("2026-01-01T12:00:00Z") - index * 60_000),
    );
  } finally {
    db.close();
  }
}

test("a filtered list's pages and order keep its filter", async ({ page, app }) => {
  const word = uniqueWord();
  addPosts(
    app,
    Array.from({ length: 26 }, (_, index) => `Ledger ${word} part ${index + 1}`),
  );
  await signInAsAdmin(page, app);
  await page.goto(`/admin/blog?q=${word}&status=published`);
  await expect(page.getByRole("heading", { name: "Matching posts (26)" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&status=published&page=2$`));
  await expect(page.getByRole("heading", { name: "Matching posts (26)" })).toBeVisible();
  await expect(page.locator("main article h3")).toHaveCount(1);
  await page.getByRole("link", { name: "Oldest first" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&status=published&sort=oldest$`));
  await expect(page.locator("main article h3").first()).toHaveText(`Ledger ${word} part 26`);
});

test("a search sends the order chosen along, and Clear goes back to the whole list", async ({
  page,
  app,
}) => {
  const word = uniqueWord();
  addPosts(app, [`Tally ${word} first`, `Tally ${word} second`]);
  await signInAsAdmin(page, app);
  await page.goto("/admin/blog?sort=oldest");
  const finder = page.getByRole("search", { name: "Find posts" });
  await finder.getByLabel("Title contains").fill(word);
  await finder.getByLabel("Status").selectOption("Published");
  await finder.getByRole("button", { name: "Find posts" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sort=oldest&q=${word}&status=published$`));
  await expect(page.getByRole("heading", { name: "Matching posts (2)" })).toBeVisible();
  await expect(page.locator("main article h3")).toHaveText([
    `Tally ${word} second`,
    `Tally ${word} first`,
  ]);

  await finder.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: /^All posts \(\d+\)$/ })).toBeVisible();
  await expect(finder.getByLabel("Title contains")).toHaveValue("");
  await expect(finder.getByLabel("Status")).toHaveValue("");
  await expect(finder.getByRole("link", { name: "Clear" })).toHaveCount(0);
});

test("what is typed and picked in the filters before the page's scripts run is kept once they do", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript no script runs after the page is drawn");
  const word = uniqueWord();
  addPosts(app, [`Early ${word} post`]);
  await signInAsAdmin(page, app);
  const release = await openBeforeScripts(page, "/admin/blog");
  const finder = page.getByRole("search", { name: "Find posts" });
  await finder.getByLabel("Title contains").fill(word);
  await finder.getByLabel("Status").selectOption("Published");
  release();
  await waitForHydration(page);
  await finder.getByRole("button", { name: "Find posts" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&status=published$`));
  await expect(page.getByRole("heading", { name: "Matching posts (1)" })).toBeVisible();
  await expect(finder.getByLabel("Title contains")).toHaveValue(word);
  await expect(finder.getByLabel("Status")).toHaveValue("published");
});

async function photo(colour: { r: number; g: number; b: number }) {
  const file = path.join(scratchDirectory("cover-preview"), `cover-${colour.r}.png`);
  await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

test("a new cover shows its thumbnail before saving, and the one it replaces is let go", async ({
  page,
  app,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the file field works as it always has");
  await signInAsAdmin(page, app);
  await page.getByRole("link", { name: "Add New Post" }).click();
  const thumbnail = page.getByRole("img", { name: "The new cover image, as chosen" });
  await expect(thumbnail).toHaveCount(0);
  await page
    .getByLabel("Image (optional)", { exact: true })
    .setInputFiles(await photo({ r: 200, g: 40, b: 40 }));
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveJSProperty("naturalWidth", 320);
  const first = await thumbnail.getAttribute("src");
  expect(first).toMatch(/^blob:/);

  await page
    .getByLabel("Image (optional)", { exact: true })
    .setInputFiles(await photo({ r: 40, g: 40, b: 200 }));
  await expect(thumbnail).not.toHaveAttribute("src", first ?? "");
  await expect(thumbnail).toHaveJSProperty("naturalWidth", 320);
  // The replaced file's address was revoked: it no longer loads, while the current one does.
  const loads = (url: string | null) =>
    page.evaluate(
      (src) =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = src;
        }),
      url ?? "",
    );
  expect(await loads(await thumbnail.getAttribute("src"))).toBe(true);
  expect(await loads(first)).toBe(false);
});

test("at 390 px the screen's primary actions, Add New Post and Create Post, stay in view without sideways scrolling", async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, app);
  const insideWidth = async (role: "link" | "button", name: string) => {
    const action = page.getByRole(role, { name, exact: true });
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 1 });
    const box = await action.boundingBox();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  };
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  await insideWidth("link", "Add New Post");
  expect(await sideways()).toBe(0);
  await page.getByRole("link", { name: "Add New Post" }).click();
  await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toBeVisible();
  await insideWidth("button", "Create Post");
  expect(await sideways()).toBe(0);
  // The list's search and filter fit too.
  await page.goto("/admin/blog?q=ledger&status=draft");
  await insideWidth("link", "Add New Post");
  await insideWidth("button", "Find posts");
  expect(await sideways()).toBe(0);
});
