// Full-page screenshots of every public page and every admin screen, at a phone's width (390x844)
// and a laptop's (1280x900), with JavaScript, for looking the whole site over at once:
// `npm run screenshots` writes screenshots/<width>-<screen>.png (git-ignored), replacing the
// previous run's. It builds first if build/ holds no production build, then starts the production
// server on a scratch database with the demo posts, adds a few leads through the site itself (the
// contact form and the assessment, from distinct client addresses, after a CTA click each) and an
// approved owner account, signs in through the form and photographs the admin.
// Settings: CHROMIUM_PATH (default /usr/bin/chromium). Progress goes to stderr.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { HASH_OPTIONS } from "../app/features/accounts/password-hashing.server.ts";
import { chromiumFlags, chromiumPath } from "./lib/chromium.ts";
import {
  ensureBuild,
  makeScratchDirectory,
  newestPublishedPost,
  onCleanUp,
  projectRoot,
  PUBLIC_PAGES,
  runScript,
  startProductionServer,
  throwIfStopping,
} from "./lib/production-server.ts";

const OUTPUT_DIRECTORY = path.join(projectRoot, "screenshots");
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** One screen to photograph: `name` makes the file name, `status` is the answer it should get. */
type Screen = {
  name: string;
  path: string;
  status?: number;
  ready?: (page: Page) => Promise<void>;
};

type Shot = { file: string; path: string; status: number | null; expected: number };

let clientCounter = 0;

await runScript(main);

async function main() {
  const started = Date.now();
  ensureBuild();
  const scratchDirectory = makeScratchDirectory("screenshots-");
  const databasePath = path.join(scratchDirectory, "app.db");
  const server = await startProductionServer({ databasePath });
  const browser = await startBrowser();

  fs.mkdirSync(OUTPUT_DIRECTORY, { recursive: true });
  for (const file of fs.readdirSync(OUTPUT_DIRECTORY)) {
    if (file.endsWith(".png")) fs.rmSync(path.join(OUTPUT_DIRECTORY, file));
  }

  console.error("Adding leads through the site...");
  for (const [index, person] of ["Grace Hopper", "Alan Turing", "Edsger Dijkstra"].entries()) {
    await sendContactMessage(browser, server.url, person, index);
  }
  // The first run keeps its browser: its session holds a result for the results page.
  const resultContext = await answerAssessment(browser, server.url, "Ada Lovelace", 0);
  await (await answerAssessment(browser, server.url, "Katherine Johnson", 1)).close();
  await (await answerAssessment(browser, server.url, "Mary Jackson", 2)).close();
  // Every efficiency question answered 'I am not certain': the consultation view.
  const consultationContext = await answerAssessment(browser, server.url, "Dorothy Vaughan", 99);

  await failOneEmail(databasePath);
  const { email, password } = await addAccounts(databasePath);
  const { id: postId, path: articlePath } = newestPublishedPost(databasePath);

  const shots: Shot[] = [];
  const shoot = async (context: BrowserContext, screens: Screen[]) => {
    const page = await context.newPage();
    for (const screen of screens) {
      for (const viewport of VIEWPORTS) {
        shots.push(await takeShot(page, server.url, screen, viewport));
      }
    }
    await page.close();
  };

  console.error("Photographing the public pages...");
  const visitor = await newVisitor(browser, server.url);
  await shoot(visitor, [
    ...PUBLIC_PAGES.map((page) =>
      page === "/insights/<id>"
        ? { name: "insights-article", path: articlePath }
        : { name: nameOf(page), path: page },
    ),
    { name: "not-found", path: "/no-such-page", status: 404 },
    { name: "insights-article-not-found", path: "/insights/no-such-article", status: 404 },
    { name: "admin-auth", path: "/admin/auth" },
    { name: "admin-auth-signup", path: "/admin/auth?mode=signup" },
  ]);
  await visitor.close();
  const resultReady = async (page: Page) => {
    await page.getByRole("heading", { name: "Your Recommended Next Step" }).waitFor();
  };
  await shoot(resultContext, [
    { name: "assessment-results-result", path: "/assessment-results", ready: resultReady },
  ]);
  await shoot(consultationContext, [
    { name: "assessment-results-consultation", path: "/assessment-results", ready: resultReady },
  ]);
  await resultContext.close();
  await consultationContext.close();

  console.error("Signing in and photographing the admin...");
  const admin = await newVisitor(browser, server.url);
  const adminPage = await admin.newPage();
  await signIn(adminPage, server.url, email, password);
  const screens = await adminScreens(adminPage, server.url, postId);
  await adminPage.close();
  await shoot(admin, screens);
  await admin.close();

  const unexpected = shots.filter((shot) => shot.status !== shot.expected);
  for (const shot of shots) {
    console.log(`${path.relative(projectRoot, shot.file)}  ${shot.path}  (${shot.status ?? "?"})`);
  }
  console.error(`Took ${Math.round((Date.now() - started) / 1000)} s.`);
  for (const shot of unexpected) {
    console.error(`${shot.path} answered ${shot.status ?? "nothing"}, not ${shot.expected}.`);
  }
  console.log(
    `screenshots: ${shots.length} files in ${path.relative(projectRoot, OUTPUT_DIRECTORY)}/` +
      (unexpected.length > 0 ? `, ${unexpected.length} with an unexpected status` : ""),
  );
  return unexpected.length === 0 ? 0 : 1;
}

async function startBrowser() {
  console.error("Starting Chromium...");
  throwIfStopping();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  onCleanUp(() => browser.close());
  return browser;
}

/**
 * A fresh browser session with its own client address (the server trusts its loopback proxy's
 * X-Forwarded-For), so that the site's per-address rate limits treat each like another visitor.
 */
function newVisitor(browser: Browser, baseURL: string) {
  clientCounter += 1;
  return browser.newContext({
    baseURL,
    javaScriptEnabled: true,
    extraHTTPHeaders: { "X-Forwarded-For": `10.24.0.${clientCounter}` },
  });
}

/**
 * What these scripts touch of the page's DOM (this file is type-checked without the DOM's types).
 * The functions below run in the page: the site's CSP forbids evaluating strings there.
 */
type PageGlobals = {
  __reactRouterDataRouter?: { state: { initialized: boolean } };
  document: {
    images: Iterable<{ complete: boolean; loading: string }>;
    fonts: { ready: Promise<unknown> };
  };
};

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const window = globalThis as unknown as PageGlobals;
    return window.__reactRouterDataRouter?.state.initialized === true;
  });
}

/** From the home page's CTA to the contact form, and a message sent. */
async function sendContactMessage(browser: Browser, url: string, name: string, index: number) {
  const context = await newVisitor(browser, url);
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Schedule Discovery Call" }).first().click();
  await page.waitForURL("**/contact");
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill(name);
  const address = `${name.toLowerCase().replace(/\W+/g, ".")}@example.org`;
  await page.getByRole("textbox", { name: "Email Address", exact: true }).fill(address);
  if (index % 2 === 0) {
    await page.getByRole("textbox", { name: /^Phone Number/ }).fill(`+1 (303) 555-01${10 + index}`);
  }
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill(
      [
        "Our month-end close takes nine days and most of it is waiting for approvals. Could we talk about a sprint?",
        "We are growing fast and every team has its own spreadsheet for the same customer data.",
        "Short question: do you work with companies outside the United States?",
      ][index % 3]!,
    );
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("status").filter({ hasText: "Message Sent!" }).waitFor();
  await context.close();
}

/**
 * From the home page's CTA through the ten steps of the assessment, choosing the option at
 * `choice` in every question (the last one when there are fewer), to the results page. Returns
 * the browser session, whose cookie holds the result.
 */
async function answerAssessment(browser: Browser, url: string, name: string, choice: number) {
  const context = await newVisitor(browser, url);
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Assess Your Operational Efficiency" }).first().click();
  await page.waitForURL("**/efficiency-assessment");
  const [firstName = name, lastName = name] = name.split(" ");
  await page.getByRole("textbox", { name: "Company", exact: true }).fill(`${lastName} Industries`);
  await page.getByRole("textbox", { name: "First Name", exact: true }).fill(firstName);
  await page.getByRole("textbox", { name: "Last Name", exact: true }).fill(lastName);
  await page
    .getByRole("textbox", { name: "Work Email", exact: true })
    .fill(`${firstName}.${lastName}@example.org`.toLowerCase());
  const progress = page.getByRole("progressbar");
  for (let step = 1; step <= 10; step++) {
    for (const question of await page.locator("main form fieldset fieldset").all()) {
      const options = question.getByRole("radio");
      await options.nth(Math.min(choice, (await options.count()) - 1)).check();
    }
    if (step < 10) {
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await progress.and(page.locator(`[aria-valuenow="${step + 1}"]`)).waitFor();
    }
  }
  await page.getByRole("button", { name: "Get My Results" }).click();
  await page.waitForURL("**/assessment-results");
  await page.close();
  return context;
}

/**
 * An approved owner to sign in with (as npm run admin:create makes one, hashing as the app does),
 * two more accounts so that the accounts table has rows of each kind, a webhook endpoint, and a
 * call to come and one held for the Bookings list.
 */
async function addAccounts(databasePath: string) {
  const email = `screenshots-${crypto.randomBytes(3).toString("hex")}@example.org`;
  const password = crypto.randomBytes(18).toString("base64url");
  const passwordHash = await argon2.hash(password, HASH_OPTIONS);
  const now = Date.now();
  const database = new Database(databasePath);
  try {
    database.pragma("busy_timeout = 5000");
    const insert = database.prepare(
      "insert into users (email, password_hash, confirmed_at, approved_at, owner) values (?, ?, ?, ?, ?)",
    );
    insert.run(email, passwordHash, now, now, 1);
    insert.run("colleague@example.org", passwordHash, now - 86_400_000, now - 86_400_000, 0);
    insert.run("new.starter@example.org", passwordHash, now - 3_600_000, null, 0);
    // An endpoint, so that the webhooks list, its page and its edit form have something to show.
    database
      .prepare(
        "insert into webhook_endpoints (url, description, events, secret) values (?, ?, ?, ?)",
      )
      .run(
        "https://crm.example.com/hooks/keelstone",
        "CRM",
        '["contact.message","assessment.submitted"]',
        `whsec_${crypto.randomBytes(32).toString("base64")}`,
      );
    // A call booked three days ahead and one held last week, for the Bookings list.
    for (const [days, name, company] of [
      [3, "Morgan Reyes", "Ridgeline Haulage"],
      [-7, "Priya Natarajan", "Cobalt Cold Chain"],
    ] as const) {
      const startsAt = Math.ceil(now / 1_800_000) * 1_800_000 + days * 86_400_000;
      database
        .prepare(
          `insert into bookings (uid, starts_at, ends_at, full_name, email, company, topic, visitor_time_zone)
           values (?, ?, ?, ?, ?, ?, ?, 'America/Chicago')`,
        )
        .run(
          `${crypto.randomUUID()}@localhost`,
          startsAt,
          startsAt + 1_800_000,
          name,
          `${name.split(" ")[0]?.toLowerCase()}@example.org`,
          company,
          "Dispatch runs on a shared spreadsheet.",
        );
    }
  } finally {
    database.close();
  }
  return { email, password };
}

/**
 * Once the outbox has delivered the leads' emails (to files, without SMTP_URL), marks one contact
 * notification as failed after its last attempt, so that the outbox shows one failed email.
 */
async function failOneEmail(databasePath: string) {
  const database = new Database(databasePath);
  try {
    database.pragma("busy_timeout = 5000");
    const pending = database.prepare<[], { n: number }>(
      "select count(*) as n from outbox where sent_at is null and failed_at is null",
    );
    const deadline = Date.now() + 15_000;
    while ((pending.get()?.n ?? 0) > 0) {
      if (Date.now() > deadline) throw new Error("The outbox did not deliver the leads' emails.");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    database
      .prepare(
        `update outbox set sent_at = null, failed_at = ?, attempts = 5,
           last_error = 'The server refused the connection (ECONNREFUSED).'
         where id = (select min(id) from outbox where contact_message_id is not null)`,
      )
      .run(Date.now());
  } finally {
    database.close();
  }
}

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto("/admin/auth");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((address) => address.pathname !== "/admin/auth");
  if (new URL(page.url()).pathname !== "/admin/blog") {
    throw new Error(`Signing in led to ${page.url()}, not ${url}/admin/blog.`);
  }
}

/**
 * The signed-in screens: the blog with its forms, the leads views, the accounts and the outbox,
 * and one assessment's page, with the links the admin itself shows added (so a new section, or
 * one that has moved, is photographed without changing this list).
 */
async function adminScreens(page: Page, url: string, postId: string): Promise<Screen[]> {
  const linked = new Set<string>();
  for (const from of ["/admin/blog", "/admin/leads"]) {
    await page.goto(from);
    for (const link of await page
      .getByRole("navigation", { name: /^(Admin|Leads)$/ })
      .getByRole("link")
      .all()) {
      const href = await link.getAttribute("href");
      if (href?.startsWith("/admin/")) linked.add(new URL(href, url).pathname);
    }
  }
  const outboxPath = "/admin/outbox";
  // A record's page, from the first link to one on its list: an email, an assessment, an endpoint.
  const firstRecord = async (list: string, prefix: string) => {
    await page.goto(list);
    const link = page.locator(`main a[href^="${prefix}"]`).first();
    return (await link.count()) ? await link.getAttribute("href") : null;
  };
  const emailPath = await firstRecord(outboxPath, "/admin/outbox/");
  const assessmentPath = await firstRecord("/admin/leads", "/admin/leads/assessments/");
  const endpointPath = await firstRecord("/admin/webhooks", "/admin/webhooks/");

  const fixed = [
    "/admin/blog",
    "/admin/leads",
    "/admin/leads/messages",
    "/admin/leads/clicks",
    "/admin/bookings/settings",
    outboxPath,
    "/admin/users",
  ];
  const paths = [...new Set([...fixed, ...linked])];
  return [
    ...paths.map((screenPath) => ({ name: nameOf(screenPath), path: screenPath })),
    { name: "admin-blog-new", path: "/admin/blog?new" },
    { name: "admin-blog-delete", path: `/admin/blog?delete=${postId}` },
    ...(emailPath ? [{ name: "admin-outbox-email", path: emailPath }] : []),
    ...(assessmentPath ? [{ name: "admin-leads-assessment", path: assessmentPath }] : []),
    ...(endpointPath
      ? [
          { name: "admin-webhooks-endpoint", path: endpointPath },
          { name: "admin-webhooks-endpoint-edit", path: `${endpointPath}/edit` },
        ]
      : []),
  ];
}

/** `/admin/leads/messages` -> `admin-leads-messages`; `/` -> `home`. */
function nameOf(pagePath: string) {
  return (
    pagePath
      .replace(/^\/|\/$/g, "")
      .replace(/[^a-zA-Z0-9]+/g, "-")
      .toLowerCase() || "home"
  );
}

async function takeShot(
  page: Page,
  url: string,
  screen: Screen,
  viewport: { width: number; height: number },
): Promise<Shot> {
  throwIfStopping();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on("pageerror", onError);
  const response = await page.goto(`${url}${screen.path}`, { waitUntil: "load" });
  try {
    await waitForHydration(page);
    await screen.ready?.(page);
  } catch (error) {
    const seen = errors.length > 0 ? ` The page's errors: ${errors.join("; ")}` : "";
    throw new Error(`${screen.path} at ${viewport.width}px: ${String(error)}${seen}`);
  } finally {
    page.off("pageerror", onError);
  }
  // Lazy images below the fold load only when scrolled to: load them all before the picture.
  await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    for (const image of document.images) image.loading = "eager";
  });
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as PageGlobals;
    return [...document.images].every((image) => image.complete);
  });
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).document.fonts.ready;
  });
  const file = path.join(OUTPUT_DIRECTORY, `${viewport.width}-${screen.name}.png`);
  // Animations are finished (the results page's pause) or stopped (spinners) for the picture.
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  console.error(`  ${path.basename(file)}`);
  return {
    file,
    path: screen.path,
    status: response?.status() ?? null,
    expected: screen.status ?? 200,
  };
}
