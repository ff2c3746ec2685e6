// Every admin route, read from the app's own route manifest so that a new one cannot be missed,
// refuses strangers and unapproved accounts: no 200, no data, for pages, data requests and actions.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { generateSecret } from "otplib";
import { hashPassword } from "../app/features/accounts/passwords.server";
import { addAccount, PASSWORD } from "./support/admin";
import { expect, test } from "./support/fixtures";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
  hasAction: boolean;
};

/**
 * Admin routes a stranger may reach: signing in (with a passkey's challenge) and its second step,
 * the confirmation link, asking for a password link and following it, an invitation's link,
 * signing out.
 */
const PUBLIC_ADMIN_PATHS = new Set([
  "/admin/auth",
  "/admin/two-factor",
  "/admin/passkey-sign-in",
  "/admin/confirm",
  "/admin/forgot-password",
  "/admin/reset-password",
  "/admin/invitation",
  "/admin/sign-out",
]);

function adminRoutes(): (ManifestRoute & { url: string })[] {
  const assets = path.resolve(import.meta.dirname, "../build/client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No route manifest in build/client/assets: run `npm run build`.");
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  const { routes } = JSON.parse(json) as { routes: Record<string, ManifestRoute> };
  // A nested route's path is relative to its parents' (the admin's layout holds the others).
  const fullPath = (route: ManifestRoute | undefined): string[] =>
    route
      ? [...fullPath(route.parentId ? routes[route.parentId] : undefined), route.path ?? ""]
      : [];
  return Object.values(routes).flatMap((route) => {
    const routePath = fullPath(route).filter(Boolean).join("/");
    // Any dynamic segment gets a value that could name a real record.
    const url = `/${routePath.replace(/:[^/]+/g, "1").replace(/\/$/, "")}`;
    return url === "/admin" || url.startsWith("/admin/") ? [{ ...route, url }] : [];
  });
}

const guarded = () => adminRoutes().filter((route) => !PUBLIC_ADMIN_PATHS.has(route.url));

async function expectNoAdminData(
  request: APIRequestContext,
  url: string,
  cookie: string,
  expectedLocation: RegExp,
) {
  const headers = cookie ? { Cookie: cookie } : undefined;
  const page = await request.get(url, { headers, maxRedirects: 0 });
  expect(page.status(), `GET ${url}`).toBeGreaterThanOrEqual(300);
  expect(page.status(), `GET ${url}`).toBeLessThan(400);
  expect(page.headers().location, `GET ${url} redirects`).toMatch(expectedLocation);

  const dataRequest = await request.get(`${url}.data`, { headers, maxRedirects: 0 });
  expect(dataRequest.status(), `GET ${url}.data`).not.toBe(200);
  expect(await dataRequest.text()).not.toMatch(/@example\.org|Blog Administration|publishedDate/);
}

async function expectActionRefused(
  request: APIRequestContext,
  url: string,
  cookie: string,
  status: number,
) {
  const response = await request.post(url, {
    headers: cookie ? { Cookie: cookie } : undefined,
    form: { intent: "approve", userId: "1", id: "1" },
    maxRedirects: 0,
  });
  expect(response.status(), `POST ${url}`).toBe(status);
  expect(await response.text()).not.toMatch(/@example\.org/);
}

const cookiesOf = (headers: { name: string; value: string }[]) =>
  headers
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0])
    .join("; ");

test.describe("the admin guard", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once is enough");

  test("the manifest lists the admin routes the guard must cover", () => {
    const urls = adminRoutes().map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/blog",
        "/admin/users",
        "/admin/outbox",
        "/admin/bookings",
        "/admin/bookings/settings",
        "/admin/auth",
      ]),
    );
    expect(guarded().length).toBeGreaterThanOrEqual(3);
  });

  test("strangers get a redirect to sign in, no data, and 401 from every action", async ({
    request,
  }) => {
    for (const route of guarded()) {
      await expectNoAdminData(request, route.url, "", /\/admin\/auth$/);
      if (route.hasAction) await expectActionRefused(request, route.url, "", 401);
    }
  });

  test("a session whose password was right but whose two-factor code is still to come gets nothing", async ({
    request,
    app,
  }) => {
    const email = await addAccount(app.databasePath);
    const db = new Database(app.databasePath);
    try {
      db.prepare("update users set totp_secret = ? where email = ?").run(generateSecret(), email);
    } finally {
      db.close();
    }
    const signIn = await request.post("/admin/auth", {
      form: { mode: "signin", email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(signIn.headers().location).toBe("/admin/two-factor");
    const cookie = cookiesOf(signIn.headersArray());
    expect(cookie).toContain("admin_session=");
    for (const route of guarded()) {
      await expectNoAdminData(request, route.url, cookie, /\/admin\/auth$/);
      if (route.hasAction) await expectActionRefused(request, route.url, cookie, 401);
    }
  });

  test("a confirmed but unapproved account is kept on the waiting page and gets 403", async ({
    request,
    app,
  }) => {
    const email = `unapproved-${crypto.randomBytes(4).toString("hex")}@example.org`;
    const password = "waiting patiently";
    const db = new Database(app.databasePath);
    try {
      db.prepare("insert into users (email, password_hash, confirmed_at) values (?, ?, ?)").run(
        email,
        await hashPassword(password),
        Date.now(),
      );
    } finally {
      db.close();
    }
    const signIn = await request.post("/admin/auth", {
      form: { mode: "signin", email, password },
      maxRedirects: 0,
    });
    expect(signIn.headers().location).toBe("/admin/waiting");
    const cookie = cookiesOf(signIn.headersArray());
    expect(cookie).toContain("admin_session=");

    for (const route of guarded().filter((route) => route.url !== "/admin/waiting")) {
      await expectNoAdminData(request, route.url, cookie, /\/admin\/waiting$/);
      if (route.hasAction) await expectActionRefused(request, route.url, cookie, 403);
    }
  });
});
