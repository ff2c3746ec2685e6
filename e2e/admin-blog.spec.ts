// Blog Administration in the browser: with JavaScript through the editor's toolbar and a real
// link preview, without it through the HTML textarea and the confirmation step.
import http from "node:http";
import Database from "better-sqlite3";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./support/admin";
import { expect, test as base } from "./support/fixtures";
import { startServer } from "./support/server";
import { holdRequests } from "./support/held-requests";

type PreviewSite = { origin: string; port: number };

// A page on "another site" with Open Graph tags. It answers slowly, so the form's fetching state
// can be seen.
const test = base.extend<object, { previewSite: PreviewSite }>({
  previewSite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = http.createServer((request, response) => {
        if (request.url !== "/field-notes") {
          response.writeHead(404, { "Content-Type": "text/plain" }).end("not here");
          return;
        }
        setTimeout(() => {
          response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          response.end(`<!doctype html><html><head><title>Field notes</title>
            <meta property="og:title" content="Field notes on hand-offs">
            <meta property="og:description" content="What a week of shadowing the ops team showed.">
            <meta property="og:image" content="/field-notes.png">
            </head><body>Notes</body></html>`);
        }, 1_000);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      await use({ origin: `http://127.0.0.1:${port}`, port });
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],
  // The test-host allowlist is refused in production, so this server runs the same build as "test".
  app: [
    async ({ mailbox, previewSite }, use) => {
      const server = await startServer({
        env: {
          NODE_ENV: "test",
          SMTP_URL: mailbox.url,
          OUTBOUND_TEST_HOSTS: `127.0.0.1:${previewSite.port}`,
          OUTBOUND_PORTS: `80,443,${previewSite.port}`,
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

const uniqueTitle = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** The part of the form every post needs; the content is typed by each test its own way. */
async function fillBasics(page: Page, title: string) {
  await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Author").selectOption("Priya Raman");
  await page.getByLabel("Excerpt").fill(`Excerpt of ${title}.`);
}

const postItem = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the editor's toolbar needs JavaScript");

  test("a post written with every toolbar mark, tags and a preview link appears on Insights; then it is edited", async ({
    page,
    app,
    previewSite,
  }) => {
    await signInAsAdmin(page, app);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.getByRole("link", { name: "Add New Post" }).click();
    await expect(page.getByRole("link", { name: "Cancel" }).first()).toBeVisible();
    const title = uniqueTitle("Shadowing the ops team");
    await fillBasics(page, title);

    const editor = page.getByRole("textbox", { name: "Content" });
    const button = (name: string) =>
      page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name });
    // Each step waits until the editor shows it, so a toolbar click never races the typing.
    const typed = async (selector: string, text: string) => {
      await page.keyboard.type(text);
      await expect(editor.locator(selector, { hasText: text })).toHaveText(text);
    };
    await editor.click();
    await button("H1 heading").click();
    await expect(button("H1 heading")).toHaveAttribute("aria-pressed", "true");
    await typed("h1", "What we saw");
    await page.keyboard.press("Enter");
    await button("H2 heading").click();
    await typed("h2", "Day one");
    await page.keyboard.press("Enter");
    for (const [mark, tag, text] of [
      ["Bold", "strong", "bold words"],
      ["Italic", "em", "italic words"],
      ["Underline", "u", "underlined words"],
    ] as const) {
      await button(mark).click();
      await expect(button(mark)).toHaveAttribute("aria-pressed", "true");
      await typed(tag, text);
      await button(mark).click();
      await expect(button(mark)).toHaveAttribute("aria-pressed", "false");
      await page.keyboard.type(" ");
    }
    await expect(editor.locator("p", { hasText: "bold words" })).toHaveText(
      "bold words italic words underlined words",
    );
    await page.keyboard.press("Enter");
    await button("Bullet list").click();
    await typed("ul > li", "first bullet");
    await page.keyboard.press("Enter");
    await typed("ul > li", "second bullet");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await button("1. Numbered list").click();
    await typed("ol > li", "first step");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await button("Horizontal rule").click();
    await expect(editor.locator("hr")).toHaveCount(1);
    await typed("p", "After the rule.");

    // Left empty, the read time is counted from the text as it is written.
    const readTime = page.getByRole("textbox", { name: "Read Time (optional)" });
    await expect(readTime).toHaveValue("");
    await expect(readTime).toHaveAccessibleDescription(
      "Counted from the text when left empty: 1 min read. Type your own to use it instead.",
    );
    await page
      .getByRole("textbox", { name: "Tags (optional)" })
      .fill("Operations, Shadowing, operations, ");
    await page
      .getByRole("textbox", { name: "Preview Link (optional)" })
      .fill(`${previewSite.origin}/field-notes`);
    await page.getByRole("button", { name: "Create Post" }).click();
    // The preview takes a second to fetch: the form says so and cannot be sent twice.
    await expect(page.getByText("Fetching link previews...")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Post" })).toBeDisabled();
    await expect(page.getByText("Blog post created successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toHaveCount(0);
    const item = postItem(page, title);
    await expect(item).toContainText("1 min read");
    await expect(item).toContainText("1 link preview");
    await expect(item).toContainText("Priya Raman");
    await expect(item.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "Operations",
      "Shadowing",
    ]);

    await page.goto("/insights");
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText("Field notes on hand-offs");
    await card.getByRole("link", { name: /Read More/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const body = page.locator(".article-body");
    await expect(body.getByRole("heading", { level: 1, name: "What we saw" })).toBeVisible();
    await expect(body.getByRole("heading", { level: 2, name: "Day one" })).toBeVisible();
    await expect(body.locator("strong")).toHaveText("bold words");
    await expect(body.locator("em")).toHaveText("italic words");
    await expect(body.locator("u")).toHaveText("underlined words");
    await expect(body.locator("ul > li")).toHaveText(["first bullet", "second bullet"]);
    await expect(body.locator("ol > li")).toHaveText(["first step"]);
    await expect(body.locator("hr")).toHaveCount(1);
    await expect(page.getByText("Field notes on hand-offs")).toBeVisible();

    // Editing: the form opens filled, with the current preview, and saves the change.
    await page.goto("/admin/blog");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { name: "Edit Blog Post" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expect(page.getByRole("group", { name: "Current Link Previews" })).toContainText(
      "Field notes on hand-offs",
    );
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText("first bullet");
    const edited = `${title} (revised)`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(edited);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Blog post updated successfully")).toBeVisible();
    await expect(postItem(page, edited)).toBeVisible();
    await page.goto("/insights");
    await expect(page.getByRole("article").filter({ hasText: edited })).toBeVisible();
  });

  test("the Link button and Ctrl/Cmd+K add, edit and remove a link on the selected words", async ({
    page,
    app,
  }) => {
    await signInAsAdmin(page, app);
    await page.getByRole("link", { name: "Add New Post" }).click();
    const title = uniqueTitle("Linked words");
    await fillBasics(page, title);
    const editor = page.getByRole("textbox", { name: "Content" });
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const linkButton = toolbar.getByRole("button", { name: "Link", exact: true });
    const dialog = page.getByRole("dialog");
    const address = dialog.getByRole("textbox", { name: "Address" });
    const link = editor.locator("a");
    await editor.click();
    await page.keyboard.type("Read the field notes first.");
    await expect(editor).toHaveText("Read the field notes first.");
    // "field notes" selected from the keyboard: back past " first.", then 11 letters.
    await page.keyboard.press("End");
    for (let step = 0; step < 7; step++) await page.keyboard.press("ArrowLeft");
    for (let step = 0; step < 11; step++) await page.keyboard.press("Shift+ArrowLeft");

    await linkButton.click();
    await expect(linkButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("dialog", { name: "Add link" })).toBeVisible();
    await expect(address).toBeFocused();
    // A scheme the spec does not allow is refused where it was typed.
    await address.fill("javascript:alert(1)");
    await page.keyboard.press("Enter");
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(/Links may start with https:\/\//);
    await expect(link).toHaveCount(0);
    // A bare domain means the site; Enter applies the link and does not send the post.
    await address.fill("example.com/field-notes");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(link).toHaveText("field notes");
    await expect(link).toHaveAttribute("href", "https://example.com/field-notes");
    await expect(editor).toBeFocused();
    await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toBeVisible();

    // Ctrl/Cmd+K with the caret inside the link opens it for editing: from the line's end, back
    // past " first." and one letter of "notes". The toolbar marks Link once the editor has
    // followed the caret, as a person sees before pressing the keys.
    await page.keyboard.press("End");
    for (let step = 0; step < 8; step++) await page.keyboard.press("ArrowLeft");
    await expect(linkButton).toHaveAttribute("data-active", "true");
    await page.keyboard.press("ControlOrMeta+k");
    await expect(page.getByRole("dialog", { name: "Edit link" })).toBeVisible();
    await expect(address).toBeFocused();
    await expect(address).toHaveValue("https://example.com/field-notes");
    await address.fill("mailto:ops@example.com");
    await dialog.getByRole("button", { name: "Save link" }).click();
    await expect(link).toHaveText("field notes");
    await expect(link).toHaveAttribute("href", "mailto:ops@example.com");
    await expect(editor).toBeFocused();

    // Escape leaves the link as it was, the focus back in the text.
    await page.keyboard.press("ControlOrMeta+k");
    await expect(address).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(editor).toBeFocused();
    await expect(link).toHaveAttribute("href", "mailto:ops@example.com");

    await page.keyboard.press("ControlOrMeta+k");
    await dialog.getByRole("button", { name: "Remove link" }).click();
    await expect(link).toHaveCount(0);
    await expect(editor).toHaveText("Read the field notes first.");
    await expect(editor).toBeFocused();

    // The keyboard alone: the words the link was removed from are still selected; Shift+Tab to
    // the toolbar and the arrows to Link.
    await page.keyboard.press("Shift+Tab");
    await expect(toolbar.getByRole("button", { name: "Bold" })).toBeFocused();
    for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
    await expect(linkButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(address).toBeFocused();
    await page.keyboard.type("/insights");
    await page.keyboard.press("Enter");
    await expect(link).toHaveText("field notes");
    await expect(link).toHaveAttribute("href", "/insights");

    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Blog post created successfully")).toBeVisible();
    await page.goto("/insights");
    await page
      .getByRole("article")
      .filter({ hasText: title })
      .getByRole("link", { name: /Read More/ })
      .click();
    await expect(
      page.locator(".article-body").getByRole("link", { name: "field notes" }),
    ).toHaveAttribute("href", "/insights");
  });

  test("a scheduled post stays off the site until its date; delete asks first", async ({
    page,
    app,
  }) => {
    await signInAsAdmin(page, app);
    await page.getByRole("link", { name: "Add New Post" }).click();
    const title = uniqueTitle("Next quarter's plan");
    await fillBasics(page, title);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Coming soon.");
    const nextYear = new Date().getUTCFullYear() + 1;
    await page.getByLabel("Published Date").fill(`${nextYear}-01-15T09:00`);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Blog post created successfully")).toBeVisible();
    await expect(postItem(page, title).getByText("Scheduled", { exact: true })).toBeVisible();

    await page.goto("/insights");
    await expect(page.getByText(title)).toHaveCount(0);
    for (const feed of ["/sitemap.xml", "/insights/rss.xml"]) {
      expect(await (await page.request.get(feed)).text()).not.toContain(title);
    }

    // Its date comes (moved to the past here): it is public.
    await page.goto("/admin/blog");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel("Published Date").fill("2026-01-15T09:00");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Blog post updated successfully")).toBeVisible();
    await expect(postItem(page, title).getByText("Scheduled", { exact: true })).toHaveCount(0);
    await page.goto("/insights");
    await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();

    await page.goto("/admin/blog");
    const question = page.getByRole("dialog", {
      name: "Are you sure you want to delete this blog post?",
    });
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(question).toBeVisible();
    await expect(question).toContainText(title);
    // The dialog's primary action is the action itself; the safe answer has the focus.
    await expect(question.getByRole("button")).toHaveText(["Delete post", "Keep it"]);
    await expect(question.getByRole("button", { name: "Keep it" })).toBeFocused();
    await question.getByRole("button", { name: "Keep it" }).click();
    await expect(question).toHaveCount(0);
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.keyboard.press("Escape");
    await expect(question).toHaveCount(0);
    await expect(postItem(page, title)).toBeVisible();
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await question.getByRole("button", { name: "Delete post" }).click();
    await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
    await expect(postItem(page, title)).toHaveCount(0);
  });

  test("a form with errors says so at each field and keeps the editor's content", async ({
    page,
    app,
  }) => {
    await signInAsAdmin(page, app);
    await page.getByRole("link", { name: "Add New Post" }).click();
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Words worth keeping.");
    // Typing paused for more than 500 ms starts a new undo step: Undo takes back only the last.
    await page.waitForTimeout(800);
    await page.keyboard.type(" A second thought.");
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText("second thought");
    await page.keyboard.press("Control+z");
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveText("Words worth keeping.");
    await page.getByRole("textbox", { name: "Preview Link (optional)" }).fill("not a link");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Please enter a title.")).toBeVisible();
    await expect(page.getByText("Please enter an excerpt.")).toBeVisible();
    await expect(
      page.getByText("Please enter a full link starting with http:// or https://."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText(
      "Words worth keeping.",
    );
    await page.getByRole("link", { name: "Cancel" }).first().click();
    await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add New Post" })).toBeVisible();
  });

  test("what is typed in the HTML field before the editor arrives carries over into it, with the focus", async ({
    page,
    app,
  }) => {
    // The editor's code, which the admin's pages fetch as they start, is held back until the HTML
    // field has been written in.
    const release = await holdRequests(page, "**/formatting-editor-*.js");
    await signInAsAdmin(page, app);
    await page.getByRole("link", { name: "Add New Post" }).click();
    const htmlField = page.locator("textarea#post-form-new-content");
    await htmlField.fill("<p>Started before the editor</p>");
    await htmlField.focus();
    release();
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    const content = page.getByRole("textbox", { name: "Content" });
    await expect(content).toHaveText("Started before the editor");
    await expect(content).toBeFocused();
    await page.keyboard.type(", and after.");
    await expect(content).toHaveText("Started before the editor, and after.");
  });

  test("'Loading blog posts...' shows while a client-side navigation loads the list", async ({
    page,
    app,
  }) => {
    await signInAsAdmin(page, app);
    const adminNavigation = page.getByRole("navigation", { name: "Admin" });
    await adminNavigation.getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    await page.route("**/admin/blog.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await adminNavigation.getByRole("link", { name: "Blog" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Loading blog posts..." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain-HTML path");

  test("create, count the read time, edit and delete through the textarea and the confirmation step", async ({
    page,
    app,
  }) => {
    await signInAsAdmin(page, app);
    await page.getByRole("link", { name: "Add New Post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\?new/);
    const title = uniqueTitle("Plain HTML post");
    await fillBasics(page, title);
    const content = page.getByRole("textbox", { name: "Content" });
    const words = Array.from({ length: 300 }, (_, index) => `word${index}`).join(" ");
    await content.fill(
      `<h2>Plainly</h2><p><strong>Strong</strong> ${words}</p><p><a href="mailto:ops@example.com">Write to us</a></p><script>alert(1)</script>`,
    );
    await page.getByRole("textbox", { name: "Tags (optional)" }).fill("Plain, HTML");
    // Until there is text the spec's default stands; left empty, the field is counted on save.
    const readTime = page.getByRole("textbox", { name: "Read Time (optional)" });
    await expect(readTime).toHaveValue("");
    await expect(readTime).toHaveAccessibleDescription(/left empty: 5 min read\./);

    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Blog post created successfully")).toBeVisible();
    const item = postItem(page, title);
    await expect(item).toContainText("2 min read");

    await page.goto("/insights");
    await page
      .getByRole("article")
      .filter({ hasText: title })
      .getByRole("link", { name: /Read More/ })
      .click();
    await expect(page.locator(".article-body h2")).toHaveText("Plainly");
    await expect(page.locator(".article-body script")).toHaveCount(0);
    await expect(
      page.locator(".article-body").getByRole("link", { name: "Write to us" }),
    ).toHaveAttribute("href", "mailto:ops@example.com");

    await page.goto("/admin/blog");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\?edit=/);
    await expect(page.getByRole("heading", { name: "Edit Blog Post" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(/<h2>Plainly<\/h2>/);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Please enter a title.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(/<h2>Plainly<\/h2>/);
    const edited = `${title} (revised)`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(edited);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Blog post updated successfully")).toBeVisible();

    await page.getByRole("link", { name: `Delete ${edited}` }).click();
    const confirmation = page.getByRole("alertdialog");
    await expect(confirmation).toContainText("Are you sure you want to delete this blog post?");
    await confirmation.getByRole("link", { name: "Keep it" }).click();
    await expect(postItem(page, edited)).toBeVisible();
    await page.getByRole("link", { name: `Delete ${edited}` }).click();
    await expect(confirmation.getByRole("button")).toHaveText(["Delete post"]);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete post" }).click();
    await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
    await expect(postItem(page, edited)).toHaveCount(0);
  });
});

test("a preview link without a preview is named on the post with why, and Try again asks once more", async ({
  page,
  app,
  previewSite,
}) => {
  await signInAsAdmin(page, app);
  await page.getByRole("link", { name: "Add New Post" }).click();
  const title = uniqueTitle("Missing preview");
  await fillBasics(page, title);
  const content = page.getByRole("textbox", { name: "Content" });
  if (await content.evaluate((field) => field instanceof HTMLTextAreaElement)) {
    await content.fill("<p>One line.</p>");
  } else {
    await content.click();
    await page.keyboard.type("One line.");
  }
  const missing = `${previewSite.origin}/missing`;
  await page.getByRole("textbox", { name: "Preview Link (optional)" }).fill(missing);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();
  const item = postItem(page, title);
  await expect(item).toContainText("1 min read");
  const why = "127.0.0.1 answered with status 404.";
  await expect(item).toContainText(`No link preview for ${missing}: ${why}`);
  await item
    .getByRole("button", { name: `Try again to fetch the link preview of ${title}` })
    .click();
  await expect(page.getByText(`Still no link preview for "${title}": ${why}`)).toBeVisible();
  await expect(item).toContainText(`No link preview for ${missing}: ${why}`);

  // The edit form says it too, beside the link.
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Blog Post" })).toBeVisible();
  await expect(page.getByText("Saving the post fetches it again.")).toBeVisible();
});

test("when the posts cannot be read, the admin keeps its frame and says 'Failed to fetch blog posts'", async ({
  page,
  app,
}) => {
  await signInAsAdmin(page, app);
  const rename = (from: string, to: string) => {
    const db = new Database(app.databasePath, { fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      db.exec(`alter table ${from} rename to ${to}`);
    } finally {
      db.close();
    }
  };
  rename("blog_posts", "blog_posts_away");
  try {
    const response = await page.goto(`${app.url}/admin/blog`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Administration");
    const notice = page.getByRole("alert");
    await expect(notice).toContainText("Error");
    await expect(notice).toContainText("Failed to fetch blog posts");
    await expect(page.getByRole("link", { name: "Try again", exact: true })).toHaveAttribute(
      "href",
      "/admin/blog",
    );
  } finally {
    rename("blog_posts_away", "blog_posts");
  }
  await page.goto(`${app.url}/admin/blog`);
  await expect(page.getByRole("heading", { name: /^All posts \(\d+\)$/ })).toBeVisible();
});
