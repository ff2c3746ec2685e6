// Insights full of XSS: a corpus of payloads in every field of a post a visitor sees, served by
// the production build and rendered in a real browser (with and without JavaScript). Every page
// must show the payloads as text, and none of them may run, open a dialog or load anything.
import { expect, test, type Dialog, type Page, type Request } from "@playwright/test";
import Database from "better-sqlite3";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { startServer, type RunningServer } from "./support/server";
import {
  isPlainText,
  XSS_MARKER_PREFIX,
  XSS_ORIGIN,
  xssPayloads,
  type XssPayload,
} from "./support/xss-payloads";

// ---------------------------------------------------------------------------------------------
// The detector: what a page did while it was watched, and what its document holds afterwards.

type Findings = {
  /** Globals a payload set (`__xss…`). */
  markers: string[];
  dialogs: string[];
  /** Requests to anything but the site's own origin (data: and about: aside). */
  foreignRequests: string[];
  /** Markup that could run or load something: handlers, script URLs, frames, a moved base URL. */
  unsafeMarkup: string[];
  pageErrors: string[];
};

const clean: Findings = {
  markers: [],
  dialogs: [],
  foreignRequests: [],
  unsafeMarkup: [],
  pageErrors: [],
};

function isForeign(url: string, origin: string | null) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.protocol === "data:" || parsed.protocol === "about:") return false;
  return parsed.origin !== origin;
}

/** Runs in the page: the markers payloads set, and markup that has no business being there. */
function inspectDocument({ prefix }: { prefix: string }) {
  const markers = Object.getOwnPropertyNames(window).filter((name) => name.startsWith(prefix));
  const unsafeMarkup: string[] = [];
  const show = (element: Element) => {
    const html = element.outerHTML.replace(/\s+/g, " ");
    return html.length > 160 ? `${html.slice(0, 160)}…` : html;
  };
  const urlAttributes = new Set([
    "href",
    "src",
    "action",
    "formaction",
    "data",
    "poster",
    "background",
    "codebase",
    "cite",
    "ping",
    "lowsrc",
    "dynsrc",
    "longdesc",
    "manifest",
    "icon",
  ]);
  const safeSchemes = new Set([
    "http:",
    "https:",
    "mailto:",
    "tel:",
    "ftp:",
    "ftps:",
    "sms:",
    "callto:",
    "cid:",
    "xmpp:",
  ]);
  // Never part of an Insights page, wherever they are.
  const forbiddenAnywhere = new Set([
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "portal",
    "base",
    "math",
    "foreignobject",
    "template",
    "noscript",
    "xmp",
    "plaintext",
    "animate",
    "animatemotion",
    "animatetransform",
    "set",
  ]);
  // The page's own scripts, styles and links live in <head> and after <main>, never inside it.
  const forbiddenInMain = new Set([
    "script",
    "style",
    "link",
    "meta",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "video",
    "audio",
    "source",
    "marquee",
    "details",
    "dialog",
    "slot",
  ]);
  const main = document.querySelector("main");
  // The site's own subscribe form sits in <main> under the list and each article. A post cannot
  // make another: the sanitiser keeps no aria-labelledby, so a second one is a finding.
  const subscribeSections = Array.from(
    document.querySelectorAll('section[aria-labelledby="subscribe-heading"]'),
  );
  if (subscribeSections.length > 1) {
    unsafeMarkup.push(
      `${subscribeSections.length} subscribe forms: ${show(subscribeSections[1]!)}`,
    );
  }
  const sitesOwn = (element: Element) => subscribeSections[0]?.contains(element) ?? false;
  for (const element of Array.from(document.querySelectorAll("*"))) {
    const name = element.localName.toLowerCase();
    if (name === "template") {
      // React's streaming leaves empty <template id="B:0"> placeholders when JavaScript is off.
      const template = element as HTMLTemplateElement;
      if (
        main?.contains(template) ||
        template.content.childNodes.length > 0 ||
        template.attributes.length !== 1 ||
        !/^[A-Z]:\d+$/.test(template.id)
      ) {
        unsafeMarkup.push(`a <template>: ${show(element)}`);
      }
    } else if (forbiddenAnywhere.has(name)) unsafeMarkup.push(`a <${name}>: ${show(element)}`);
    else if (name === "meta" && element.hasAttribute("http-equiv")) {
      unsafeMarkup.push(`a <meta http-equiv>: ${show(element)}`);
    } else if (name === "script" && element.namespaceURI !== "http://www.w3.org/1999/xhtml") {
      unsafeMarkup.push(`a foreign <script>: ${show(element)}`);
    } else if (main?.contains(element) && forbiddenInMain.has(name) && !sitesOwn(element)) {
      unsafeMarkup.push(`a <${name}> in <main>: ${show(element)}`);
    }
    if (element.shadowRoot) unsafeMarkup.push(`a shadow root on ${show(element)}`);
    for (const attribute of Array.from(element.attributes)) {
      const attributeName = attribute.name.toLowerCase();
      const value = attribute.value;
      if (attributeName.startsWith("on")) {
        unsafeMarkup.push(`the handler ${attributeName} on ${show(element)}`);
      } else if (attributeName === "srcdoc") {
        unsafeMarkup.push(`a srcdoc on ${show(element)}`);
      } else if (urlAttributes.has(attributeName) || attributeName.endsWith(":href")) {
        let scheme: string;
        try {
          scheme = new URL(value, document.baseURI).protocol;
        } catch {
          continue;
        }
        if (!safeSchemes.has(scheme)) {
          unsafeMarkup.push(`a ${scheme} URL in ${attributeName} of ${show(element)}`);
        }
      } else if (
        attributeName === "style" &&
        /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:/i.test(value)
      ) {
        unsafeMarkup.push(`a style that loads or runs something on ${show(element)}`);
      }
    }
  }
  if (document.baseURI !== location.href) {
    unsafeMarkup.push(`the base URL is ${document.baseURI}, not ${location.href}`);
  }
  return { markers, unsafeMarkup };
}

/** Starts recording dialogs, foreign requests and page errors; `findings` adds the document's state. */
function watchPage(page: Page, origin: string | null) {
  const dialogs: string[] = [];
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const onDialog = (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => undefined);
  };
  const onRequest = (request: Request) => {
    if (isForeign(request.url(), origin)) foreignRequests.push(request.url());
  };
  const onPageError = (error: Error) => pageErrors.push(error.message);
  page.on("dialog", onDialog);
  page.on("request", onRequest);
  page.on("pageerror", onPageError);
  return {
    async findings(): Promise<Findings> {
      const inPage = await page
        .evaluate(inspectDocument, { prefix: XSS_MARKER_PREFIX })
        .catch((error: unknown) => ({
          markers: [],
          unsafeMarkup: [`the page could not be inspected (${String(error)})`],
        }));
      const frames = page
        .frames()
        .filter((frame) => frame !== page.mainFrame())
        .map((frame) => `a frame was created: ${frame.url()}`);
      return {
        markers: inPage.markers,
        dialogs: [...dialogs],
        foreignRequests: [...foreignRequests],
        unsafeMarkup: [...inPage.unsafeMarkup, ...frames],
        pageErrors: [...pageErrors],
      };
    },
    stop() {
      page.off("dialog", onDialog);
      page.off("request", onRequest);
      page.off("pageerror", onPageError);
    },
  };
}

/** Whether the findings show that this payload in particular ran or loaded something. */
function traceOf(findings: Findings, name: string) {
  return (
    findings.markers.includes(`${XSS_MARKER_PREFIX}_${name}`) ||
    findings.dialogs.some((dialog) => dialog.endsWith(`: ${name}`)) ||
    findings.foreignRequests.some((url) => url.startsWith(`${XSS_ORIGIN}/${name}`))
  );
}

/** Lets the page finish: hydration (with JavaScript), lazy images, late requests. */
async function settle(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
    });
    // Lazy images load only near the viewport: scroll through the whole page.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
  }
  // Requests are recorded as they start, so this is long enough for a late one to show.
  await page.waitForTimeout(500);
}

// ---------------------------------------------------------------------------------------------
// The hostile posts: payloads in the body, title, excerpt, author, read time, tags and previews.

type ShownPreview = {
  href: string;
  title: string;
  description: string | null;
  domain: string;
  image: string | null;
};

type HostilePost = {
  id: string;
  title: string;
  excerpt: string;
  author: string;
  readTime: string;
  /** The tags the post shows; what is stored may hold more (entries that are not strings). */
  tags: string[];
  storedTags: unknown[];
  featured: boolean;
  publishedDate: number;
  body: XssPayload[];
  content: string;
  /** What is stored in link_previews: any JSON. */
  linkPreviews: unknown;
  /** What the post must show of them, in order. */
  shownPreviews: ShownPreview[];
};

const GROUPS = 15;
const TAGS = 16;
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ??
      character,
  );
const run = (name: string) => `top.${XSS_MARKER_PREFIX}_${name}=1`;

const allTexts = xssPayloads.map((payload) => payload.html);
/** What the link preview reader keeps as it is: no control characters, trimmed, short enough. */
const previewTexts = allTexts.filter(
  (text) => isPlainText(text) && text.trim() === text && text.length <= 250,
);
/** What a tag filter URL carries as it is: no control characters, trimmed, ≤ 60. */
const tagTexts = allTexts.filter(
  (text) => isPlainText(text) && text.trim() === text && text.length <= 60,
);
/** Characters XML 1.0 cannot carry; the feed drops them. */
const notXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** Control characters and noncharacters for the text fields, to test the feed. */
const controlCharacters = `\u0001\u000b\u001b<img src=x onerror="${run("control_characters")}">\uFFFE`;

/** Preview images the reader must drop: script, data and protocol-relative URLs and look-alikes. */
const hostileImages = [
  `javascript:${run("preview_image_js")}`,
  `JaVaScRiPt:${run("preview_image_js_case")}`,
  `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${run("preview_image_data")}"/>`,
  `${XSS_ORIGIN.replace("http:", "")}/preview_image_protocol_relative.png`,
  `/\\xss.invalid/preview_image_backslash.png`,
  `\\\\xss.invalid\\preview_image_unc.png`,
  `/images/x.png" onerror="${run("preview_image_attribute")}`,
  `vbscript:msgbox('preview_image_vbscript')`,
  ` \tjava\nscript:${run("preview_image_whitespace")}`,
  `/%2F%2Fxss.invalid/preview_image_encoded.png`,
  `data:text/html;base64,${Buffer.from(`<script>${run("preview_image_html")}</script>`).toString("base64")}`,
  `javascript&colon;${run("preview_image_entity")}`,
];

/** Preview URLs the reader must drop (and so never show the preview). */
const hostilePreviewUrls = [
  `javascript:${run("preview_url_js")}`,
  ` JaVa\tScRiPt:${run("preview_url_js_case")}`,
  `data:text/html,<script>${run("preview_url_data")}</script>`,
  `${XSS_ORIGIN.replace("http:", "")}/preview_url_protocol_relative`,
  `vbscript:msgbox('preview_url_vbscript')`,
  `/insights/relative-only`,
];

/** link_previews that are not a list at all: the post shows no previews. */
const notALists: unknown[] = [
  { url: `javascript:${run("preview_object")}`, title: "Dropped preview: an object" },
  `<img src=x onerror="${run("preview_string")}">`,
  null,
  42,
];

const SAFE_IMAGE = "/images/previews/runbook-template.svg";

function previewsFor(index: number, cursor: () => string) {
  if (index % 5 === 3) {
    return {
      stored: notALists[Math.floor(index / 5) % notALists.length],
      shown: [] as ShownPreview[],
    };
  }
  const stored: unknown[] = [];
  const shown: ShownPreview[] = [];
  const droppedUrl = hostilePreviewUrls[index % hostilePreviewUrls.length] ?? "";
  stored.push({ url: droppedUrl, title: "Dropped preview: a bad URL", image: SAFE_IMAGE });
  for (const [slot, base] of [
    [0, `https://example.com/preview/${index}?q=<script>${run("preview_query")}</script>"'`],
    [1, `https://example.org/${index}/"><img src=x onerror=${run("preview_path")}>`],
  ] as const) {
    const image = hostileImages[(index * 2 + slot) % hostileImages.length] ?? "";
    const title = cursor();
    const description = cursor();
    const domain = cursor();
    stored.push({ url: base, image, title, description, domain });
    shown.push({ href: new URL(base).href, title, description, domain, image: null });
  }
  // A well-formed preview with an image on this site, which must load.
  const safeUrl = `https://www.example.net/articles/${index}`;
  stored.push({ url: safeUrl, image: SAFE_IMAGE, title: `A safe preview in post ${index}` });
  shown.push({
    href: safeUrl,
    title: `A safe preview in post ${index}`,
    description: null,
    domain: "example.net",
    image: SAFE_IMAGE,
  });
  // A title and a description that are not strings: the reader shows the domain instead.
  const objectUrl = `https://example.com/object-title/${index}`;
  stored.push({
    url: objectUrl,
    title: { __html: `<img src=x onerror="${run("preview_object_title")}">` },
    description: ["<script>", run("preview_array_description"), "</script>"],
  });
  shown.push({
    href: objectUrl,
    title: "example.com",
    description: null,
    domain: "example.com",
    image: null,
  });
  return { stored, shown };
}

function buildPosts(now: number): HostilePost[] {
  let textCursor = 0;
  let previewCursor = 0;
  const nextText = () => allTexts[textCursor++ % allTexts.length] ?? "";
  const nextPreviewText = () => previewTexts[previewCursor++ % previewTexts.length] ?? "";
  const groups: XssPayload[][] = Array.from({ length: GROUPS }, (_, group) =>
    xssPayloads.filter((_, index) => index % GROUPS === group),
  );
  // Fifteen posts with a few payloads each, and one with the whole corpus in its body.
  return [...groups, xssPayloads].map((body, index) => {
    const previews = previewsFor(index, nextPreviewText);
    // Sixteen hostile tags, each on two posts.
    const tags = [tagTexts[index % TAGS], tagTexts[(index + 1) % TAGS]].filter(
      (tag): tag is string => Boolean(tag),
    );
    const links = body.map((payload) => `<li>${escapeHtml(payload.html)}</li>`).join("\n");
    const content = [
      `<p>Hostile post ${index}: its payloads follow, first as text, then as markup.</p>`,
      `<p><a href="https://example.com/safe/${index}">A safe link in post ${index}</a></p>`,
      `<ol>\n${links}\n</ol>`,
      ...body.map((payload) => payload.html),
    ].join("\n");
    return {
      id: `xss-post-${String(index).padStart(2, "0")}`,
      title: nextText(),
      excerpt: index === 2 ? controlCharacters : nextText(),
      author: index === 5 ? controlCharacters : nextText(),
      readTime: nextText(),
      tags,
      // Entries that are not strings are not tags; one post stores a few.
      storedTags:
        index === 4
          ? [...tags, { __html: `<img src=x onerror="${run("tag_object")}">` }, 42, null, ["x"]]
          : tags,
      featured: index % 3 === 1,
      // Newest first: post 0 is the newest, and all are in the past.
      publishedDate: now - 86_400_000 - index * 3_600_000,
      body,
      content,
      linkPreviews: previews.stored,
      shownPreviews: previews.shown,
    };
  });
}

const posts = buildPosts(Date.now());
const FEATURED_LIMIT = 3;
const PER_PAGE = 12;
const featured = posts.filter((post) => post.featured).slice(0, FEATURED_LIMIT);
const latest = posts.filter((post) => !featured.includes(post));
const listPages = Array.from({ length: Math.ceil(latest.length / PER_PAGE) }, (_, index) => ({
  path: index === 0 ? "/insights" : `/insights?page=${index + 1}`,
  featured: index === 0 ? featured : [],
  latest: latest.slice(index * PER_PAGE, (index + 1) * PER_PAGE),
}));
const distinctTags = [...new Set(posts.flatMap((post) => post.tags))];
const tagHref = (tag: string) => `/insights?${new URLSearchParams({ tag })}`;
/** Hostile tags no post has, only reflected from the URL: the list reads at most 60 characters. */
const reflectedTags = [
  `"><script>${run("reflected_tag_script")}</script>`,
  `</title><img src=x onerror="${run("reflected_tag_title")}">`,
  controlCharacters,
  xssPayloads.find((payload) => payload.name === "polyglot")?.html ?? "",
].map((tag) => ({
  tag,
  shown: tag
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 60),
}));

function seed(databasePath: string) {
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    const insert = database.prepare(
      `insert into blog_posts (id, title, excerpt, content, preview_link, author, read_time, tags,
         featured, published, published_date, created_at, updated_at, link_previews)
       values (@id, @title, @excerpt, @content, @previewLink, @author, @readTime, @tags,
         @featured, 1, @publishedDate, @publishedDate, @publishedDate, @linkPreviews)`,
    );
    database.transaction(() => {
      for (const post of posts) {
        insert.run({
          id: post.id,
          title: post.title,
          excerpt: post.excerpt,
          content: post.content,
          previewLink: `javascript:${run("preview_link_column")}`,
          author: post.author,
          readTime: post.readTime,
          tags: JSON.stringify(post.storedTags),
          featured: post.featured ? 1 : 0,
          publishedDate: post.publishedDate,
          linkPreviews: JSON.stringify(post.linkPreviews),
        });
      }
    })();
  } finally {
    database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The detector itself, and the corpus: proof that a payload that runs would be noticed.

test("the corpus has at least 40 distinct, named payloads", () => {
  expect(xssPayloads.length).toBeGreaterThanOrEqual(40);
  expect(new Set(xssPayloads.map((payload) => payload.name)).size).toBe(xssPayloads.length);
  expect(new Set(xssPayloads.map((payload) => payload.html)).size).toBe(xssPayloads.length);
  for (const payload of xssPayloads) expect(payload.name).toMatch(/^[a-z][a-z0-9_]*$/);
  // Enough of them fit a tag and a link preview as they are.
  expect(tagTexts.length).toBeGreaterThanOrEqual(TAGS);
  expect(distinctTags).toHaveLength(TAGS);
  expect(previewTexts.length).toBeGreaterThanOrEqual(40);
});

test("the detector notices a payload that runs", async ({ page, javaScriptEnabled }) => {
  const watcher = watchPage(page, null);
  await page.setContent(
    `<p>Self-check</p><img src=x onerror="window.__xss='selfcheck'">` +
      `<img src="${XSS_ORIGIN}/selfcheck.png" alt=""><a href="javascript:void 0">link</a>` +
      `<script>alert('selfcheck')</script>`,
  );
  await settle(page, false);
  const findings = await watcher.findings();
  watcher.stop();
  expect(findings.foreignRequests).toContain(`${XSS_ORIGIN}/selfcheck.png`);
  expect(findings.unsafeMarkup).toEqual(
    expect.arrayContaining([
      expect.stringContaining("the handler onerror"),
      expect.stringContaining("a javascript: URL in href"),
    ]),
  );
  if (javaScriptEnabled) {
    expect(findings.markers).toEqual(["__xss"]);
    expect(findings.dialogs).toEqual(["alert: selfcheck"]);
  } else {
    expect(findings.markers).toEqual([]);
    expect(findings.dialogs).toEqual([]);
  }
  expect(findings).not.toEqual(clean);
});

test("every payload that should run does run when put in a page unsanitised", async ({
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the payloads need JavaScript to run");
  // Every payload gets its own page: one that should fire is watched until it does (at most 5 s,
  // as a busy machine can be slow to load or click), any other for half a second.
  test.setTimeout(180_000);
  /** Puts the payload in a fresh page, clicks it if it needs a click, and watches it. */
  const runs = async (payload: (typeof xssPayloads)[number], shouldFire: boolean) => {
    const page = await context.newPage();
    const watcher = watchPage(page, null);
    try {
      await page
        .setContent(`${payload.html}\n<p>After the payload.</p>`, { timeout: 5000 })
        .catch(() => undefined);
      if (payload.click) {
        await page
          .locator(payload.click)
          .first()
          .click({ timeout: 5000 })
          .catch(() => undefined);
      }
      const deadline = Date.now() + (shouldFire ? 5000 : 500);
      let ran = false;
      do {
        await page.waitForTimeout(100);
        ran = traceOf(await watcher.findings(), payload.name);
      } while (!ran && Date.now() < deadline);
      return ran;
    } finally {
      watcher.stop();
      await page.close();
    }
  };
  const outcomes: { name: string; ran: boolean }[] = [];
  const queue = [...xssPayloads];
  // A few pages at a time. One that should fire gets a second, fresh page if a busy machine
  // dropped its load or click the first time.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let payload = queue.shift(); payload; payload = queue.shift()) {
        const shouldFire = payload.fires === "load" || payload.fires === "click";
        const ran =
          (await runs(payload, shouldFire)) || (shouldFire && (await runs(payload, true)));
        outcomes.push({ name: payload.name, ran });
      }
    }),
  );
  const ran = outcomes.filter((outcome) => outcome.ran).map((outcome) => outcome.name);
  const shouldRun = xssPayloads
    .filter((payload) => payload.fires === "load" || payload.fires === "click")
    .map((payload) => payload.name);
  expect(ran.sort()).toEqual(shouldRun.sort());
});

// ---------------------------------------------------------------------------------------------
// The site, seeded with the hostile posts.

test.describe("Insights seeded with XSS payloads", () => {
  // One server per worker for all of these; in order, but a failure does not skip the rest.
  test.describe.configure({ mode: "default" });

  let site: RunningServer;

  test.beforeAll(async () => {
    site = await startServer({ env: { SEED_DEMO_CONTENT: "false" } });
    seed(site.databasePath);
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  async function visit(page: Page, path: string, javaScriptEnabled: boolean, status = 200) {
    const watcher = watchPage(page, site.url);
    try {
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), `${path} answers ${status}`).toBe(status);
      await settle(page, javaScriptEnabled);
      const findings = await watcher.findings();
      expect.soft(findings, `nothing runs or loads from elsewhere on ${path}`).toEqual(clean);
      expect.soft(page.url(), `${path} stays where it is`).toBe(`${site.url}${path}`);
      return findings;
    } finally {
      watcher.stop();
    }
  }

  async function expectCard(page: Page, post: HostilePost) {
    const card = page.locator(`article[aria-labelledby="post-${post.id}-title"]`);
    await expect(card.locator(":scope > h2, :scope > h3")).toHaveText(post.title);
    await expect(card.locator(":scope > p")).toHaveText(post.excerpt);
    const byline = card.locator(":scope > div > p");
    await expect(byline).toContainText(post.author);
    await expect(byline).toContainText(post.readTime);
    const tags = card.locator(':scope > ul[aria-label^="Tags of "]');
    await expect(tags).toHaveAttribute("aria-label", `Tags of ${post.title}`);
    await expect(tags.getByRole("link")).toHaveText(post.tags);
    for (const [index, tag] of post.tags.entries()) {
      await expect(tags.getByRole("link").nth(index)).toHaveAttribute("href", tagHref(tag));
    }
    const links = card.locator(':scope > ul[aria-label^="Links in "]');
    if (post.shownPreviews.length === 0) {
      await expect(links).toHaveCount(0);
    } else {
      await expect(links).toHaveAttribute("aria-label", `Links in ${post.title}`);
      const items = links.locator(":scope > li");
      await expect(items).toHaveCount(post.shownPreviews.length);
      for (const [index, preview] of post.shownPreviews.entries()) {
        await expect(items.nth(index).getByRole("link")).toHaveAttribute("href", preview.href);
        await expect(items.nth(index)).toContainText(preview.title);
        await expect(items.nth(index)).toContainText(preview.domain);
      }
    }
    await expect(card.getByRole("link", { name: "Read More" })).toHaveAttribute(
      "href",
      `/insights/${post.id}`,
    );
  }

  for (const listPage of listPages) {
    test(`${listPage.path} shows its hostile posts as text and runs none of them`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await visit(page, listPage.path, javaScriptEnabled);
      const cardIds = (section: string) =>
        page
          .locator(`section#${section} article[aria-labelledby^="post-"]`)
          .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-labelledby")));
      const idsOf = (list: HostilePost[]) => list.map((post) => `post-${post.id}-title`);
      expect(await cardIds("featured")).toEqual(idsOf(listPage.featured));
      expect(await cardIds("latest")).toEqual(idsOf(listPage.latest));
      for (const post of [...listPage.featured, ...listPage.latest]) await expectCard(page, post);
      await expect(page.locator("body")).not.toContainText("Dropped preview");
    });
  }

  for (const post of posts) {
    test(`the article ${post.id} shows its fields as text and runs none of its ${post.body.length} payloads`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await visit(page, `/insights/${post.id}`, javaScriptEnabled);
      await expect(page.locator("#article-title")).toHaveText(post.title);
      const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
      expect(normalise(await page.title())).toContain(normalise(post.title));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        post.excerpt,
      );
      // The structured data survived its trip through inline scripts intact.
      const scripts = (
        await page.locator('script[type="application/ld+json"]').allTextContents()
      ).map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(scripts.map((data) => data["@type"])).toEqual(["BlogPosting", "BreadcrumbList"]);
      const jsonLd = scripts[0] as {
        headline: string;
        description: string;
        author: { name: string };
        keywords: string;
      };
      const trail = scripts[1] as { itemListElement: { name: string }[] };
      expect(trail.itemListElement.at(-1)?.name).toBe(post.title);
      expect(
        await page
          .locator('head meta[property="article:tag"]')
          .evaluateAll((tags) => tags.map((tag) => tag.getAttribute("content"))),
      ).toEqual(post.tags);
      expect(jsonLd.headline).toBe(post.title);
      expect(jsonLd.description).toBe(post.excerpt);
      expect(jsonLd.author.name).toBe(post.author);
      expect(jsonLd.keywords).toBe(post.tags.join(", "));

      const byline = page.locator("article header p");
      await expect(byline).toContainText(post.author);
      await expect(byline).toContainText(post.readTime);
      const tags = page.getByRole("list", { name: "Tags", exact: true }).getByRole("link");
      await expect(tags).toHaveText(post.tags);
      for (const [index, tag] of post.tags.entries()) {
        await expect(tags.nth(index)).toHaveAttribute("href", tagHref(tag));
      }

      const body = page.locator(".article-body");
      await expect(body).toContainText(`Hostile post ${posts.indexOf(post)}:`);
      await expect(body.getByRole("link", { name: /A safe link in post/ })).toHaveAttribute(
        "href",
        `https://example.com/safe/${posts.indexOf(post)}`,
      );
      await expect(body.locator(":scope > ol > li")).toHaveText(
        post.body.map((payload) => payload.html),
      );

      const references = page.locator('section[aria-labelledby="referenced-links"] li');
      await expect(references).toHaveCount(post.shownPreviews.length);
      for (const [index, preview] of post.shownPreviews.entries()) {
        const item = references.nth(index);
        await expect(item.getByRole("link")).toHaveAttribute("href", preview.href);
        await expect(item).toContainText(preview.title);
        if (preview.description) await expect(item).toContainText(preview.description);
        await expect(item).toContainText(preview.domain);
        const image = item.locator("img");
        if (preview.image) {
          await expect(image).toHaveAttribute("src", preview.image);
          await expect
            .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
            .toBeGreaterThan(0);
        } else {
          await expect(image).toHaveCount(0);
        }
      }
      await expect(page.locator("body")).not.toContainText("Dropped preview");
    });
  }

  test("each hostile tag lists its posts and runs nothing", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(120_000);
    const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
    const tagPages = [
      ...distinctTags.map((tag) => ({ tag, shown: tag })),
      ...reflectedTags.filter(({ shown }) => !distinctTags.includes(shown)),
    ];
    for (const { tag, shown } of tagPages) {
      const expected = posts.filter((post) => post.tags.includes(shown));
      // A tag no published post carries is a page that does not exist.
      await visit(page, tagHref(tag), javaScriptEnabled, expected.length === 0 ? 404 : 200);
      await expect(page.locator("#tagged-heading")).toHaveText(`Articles tagged “${shown}”`);
      expect(normalise(await page.title())).toContain(normalise(`Articles tagged ${shown}`));
      await expect(page.locator('article[aria-labelledby^="post-"]')).toHaveCount(expected.length);
      for (const post of expected) {
        await expect(page.locator(`#post-${post.id}-title`)).toHaveText(post.title);
      }
      if (expected.length === 0) {
        await expect(page.locator("main")).toContainText("No published articles carry this tag");
      }
    }
  });

  /** Replaces a real article's sanitised body with the raw payloads that fire on load. */
  async function injectRawPayloads(page: Page, javaScriptEnabled: boolean) {
    const post = posts[0];
    if (!post) throw new Error("no posts");
    await visit(page, `/insights/${post.id}`, javaScriptEnabled);
    const raw = xssPayloads
      .filter((payload) => payload.fires === "load" && payload.name !== "meta_refresh_remote")
      .map((payload) => payload.html)
      .join("\n");
    const watcher = watchPage(page, site.url);
    try {
      await page.locator(".article-body").evaluate((body, html) => {
        body.innerHTML = html;
      }, raw);
      await page.waitForTimeout(500);
      return await watcher.findings();
    } finally {
      watcher.stop();
    }
  }

  test("the detector would catch an article body rendered without sanitising", async ({
    browser,
    javaScriptEnabled,
  }) => {
    // A scratch copy in the browser, not the app, and with the site's CSP switched off: this
    // proves the detector sees payloads that run, whatever the second line of defence does.
    const context = await browser.newContext({ bypassCSP: true, javaScriptEnabled });
    try {
      const findings = await injectRawPayloads(await context.newPage(), javaScriptEnabled);
      expect(findings.foreignRequests).toContain(`${XSS_ORIGIN}/img_remote`);
      expect(findings.unsafeMarkup).toEqual(
        expect.arrayContaining([
          expect.stringContaining("the handler onerror"),
          expect.stringContaining("a <iframe>"),
        ]),
      );
      if (javaScriptEnabled) {
        expect(findings.markers).toContain(`${XSS_MARKER_PREFIX}_img_onerror`);
        expect(findings.dialogs).toContain("confirm: img_onerror_mixed_case");
      }
    } finally {
      await context.close();
    }
  });

  test("even unsanitised markup could not run its handlers under the site's CSP", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "handlers only run with JavaScript");
    const findings = await injectRawPayloads(page, javaScriptEnabled);
    expect(findings.markers).toEqual([]);
    expect(findings.dialogs).toEqual([]);
  });

  test("reaching each article by client-side navigation runs nothing", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    test.setTimeout(120_000);
    // Smooth scrolling (restored on going back) would keep each link moving for a second.
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const listPage of listPages) {
      await visit(page, listPage.path, javaScriptEnabled);
      for (const post of [...listPage.featured, ...listPage.latest]) {
        const watcher = watchPage(page, site.url);
        try {
          await page
            .locator(`article[aria-labelledby="post-${post.id}-title"]`)
            .getByRole("link", { name: "Read More" })
            .click();
          await expect(page.locator("#article-title")).toHaveText(post.title);
          await expect(page.locator(".article-body > ol > li")).toHaveCount(post.body.length);
          await page.waitForTimeout(300);
          expect
            .soft(await watcher.findings(), `nothing runs on reaching ${post.id} client-side`)
            .toEqual(clean);
        } finally {
          watcher.stop();
        }
        await page.goBack();
        await expect(page.locator(`#post-${post.id}-title`)).toHaveText(post.title);
      }
    }
  });

  test("the feed and the sitemap stay well-formed XML with the payloads in them", async ({
    request,
  }) => {
    const xmlOnly = (text: string) => text.replace(notXml, "");
    const parser = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      trimValues: false,
      isArray: (name) => ["item", "category", "url"].includes(name),
    });

    const feed = await request.get(`${site.url}/insights/rss.xml`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    const feedXml = await feed.text();
    expect(XMLValidator.validate(feedXml)).toBe(true);
    type Item = { title: string; description: string; "dc:creator": string; category?: string[] };
    const items = (parser.parse(feedXml) as { rss: { channel: { item: Item[] } } }).rss.channel
      .item;
    expect(items.map((item) => item.title)).toEqual(posts.map((post) => xmlOnly(post.title)));
    expect(items.map((item) => item.description)).toEqual(
      posts.map((post) => xmlOnly(post.excerpt)),
    );
    expect(items.map((item) => item["dc:creator"])).toEqual(
      posts.map((post) => xmlOnly(post.author)),
    );
    expect(items.map((item) => item.category ?? [])).toEqual(
      posts.map((post) => post.tags.map(xmlOnly)),
    );

    const sitemap = await request.get(`${site.url}/sitemap.xml`);
    expect(sitemap.status()).toBe(200);
    const sitemapXml = await sitemap.text();
    expect(XMLValidator.validate(sitemapXml)).toBe(true);
    const locations = (
      parser.parse(sitemapXml) as { urlset: { url: { loc: string }[] } }
    ).urlset.url.map((entry) => entry.loc);
    expect(locations).toEqual(
      expect.arrayContaining(posts.map((post) => `${site.url}/insights/${post.id}`)),
    );
  });
});
