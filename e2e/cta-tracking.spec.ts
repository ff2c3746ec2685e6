import type Database from "better-sqlite3";
import { expect, test } from "./support/fixtures";
import { marketingPages } from "./support/public-pages";

const clicksOf = (db: Database.Database, label: string, path: string) =>
  (
    db
      .prepare("select count(*) as n from cta_clicks where cta_source = ? and page_path = ?")
      .get(label, path) as { n: number }
  ).n;

const cases = [
  { page: "/", label: "Meet the Full Team", within: "main", target: "/team" },
  {
    page: "/team",
    label: "Get Your Operational Score",
    within: "header",
    target: "/efficiency-assessment",
  },
  { page: "/solutions", label: "Schedule My Consultation", within: "main", target: "/book" },
];

for (const { page: path, label, within, target } of cases) {
  test(`clicking '${label}' on ${path} records one click with its label and page`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const db = app.openDatabase();
    const before = clicksOf(db, label, path);
    await page.goto(path);
    await page.locator(within).getByRole("link", { name: label, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(target);
    await expect.poll(() => clicksOf(db, label, path), { timeout: 5_000 }).toBe(before + 1);
    // Exactly one record: a beacon and a ping must never both report the same click.
    await page.waitForTimeout(500);
    expect(clicksOf(db, label, path)).toBe(before + 1);
    const row = db
      .prepare("select * from cta_clicks where cta_source = ? and page_path = ? order by id desc")
      .get(label, path) as { user_session: string; created_at: number };
    db.close();
    expect(row.user_session).toMatch(/^session_\d{13}_[a-z0-9]{6,12}$/);
    expect(Math.abs(row.created_at - Date.now())).toBeLessThan(60_000);
  });
}

test("a tracking failure does not stop or delay the navigation", async ({ page }) => {
  await page.route("**/cta-clicks*", (route) => route.abort());
  await page.goto("/");
  await page.locator("main").getByRole("link", { name: "Explore All Solutions" }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 3_000 }).toBe("/solutions");
});

test("every CTA button on every page reports a click the server accepts", async ({
  page,
  request,
  app,
}) => {
  const pingUrls = new Set<string>();
  for (const { path } of [...marketingPages, { path: "/no-such-page" }]) {
    await page.goto(path);
    const buttons = page.locator("a[data-cta]");
    expect(await buttons.count(), `${path} has CTA buttons`).toBeGreaterThan(0);
    for (const ping of await buttons.evaluateAll((links) =>
      links.map((link) => link.getAttribute("ping") ?? ""),
    )) {
      pingUrls.add(ping);
    }
  }
  for (const url of pingUrls) {
    // `ping` takes absolute URLs only (a relative one is invalid HTML): the site's own origin.
    expect(url, "an absolute address on SITE_URL").toMatch(
      new RegExp(`^${app.url.replaceAll(".", "\\.")}/cta-clicks\\?source=`),
    );
    const response = await request.post(url, {
      data: "PING",
      headers: { "Content-Type": "text/ping" },
    });
    expect(response.status(), url).toBe(204);
  }
});
