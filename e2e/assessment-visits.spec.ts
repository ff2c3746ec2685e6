// Crawlers and link checkers load the assessment without cookies: a page view must write nothing,
// so they neither fill the database nor skew the funnel. A visit starts with the first answer.
import { fillContact, goNext, newContact } from "./support/assessment";
import { expect, test } from "./support/fixtures";

function rowsInEveryTable(openDatabase: () => import("better-sqlite3").Database) {
  const db = openDatabase();
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[];
    return tables.reduce(
      (total, { name }) =>
        total + (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n,
      0,
    );
  } finally {
    db.close();
  }
}

test.describe("assessment page views", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level: once is enough");

  test("30 cookie-less GET and HEAD requests add at most one row in all tables together", async ({
    app,
  }) => {
    const before = rowsInEveryTable(app.openDatabase);
    for (let index = 0; index < 15; index += 1) {
      for (const method of ["GET", "HEAD"]) {
        const response = await fetch(
          `${app.url}/efficiency-assessment?utm_source=crawler${index}`,
          { method, headers: { Referer: "https://search.example/results" } },
        );
        expect(response.status, `${method} ${index}`).toBe(200);
      }
    }
    expect(rowsInEveryTable(app.openDatabase) - before).toBeLessThanOrEqual(1);
  });
});

test("a visit is recorded with where the visitor came from once the first step is answered", async ({
  page,
  app,
}) => {
  const count = () => {
    const db = app.openDatabase();
    const { n } = db.prepare("select count(*) as n from assessment_visits").get() as { n: number };
    db.close();
    return n;
  };
  const before = count();
  await page.goto("/efficiency-assessment?utm_source=visits-spec&utm_campaign=first-answer");
  await page.reload();
  expect(count()).toBe(before);
  await fillContact(page, newContact("visits"));
  await goNext(page, 2);
  const db = app.openDatabase();
  const visit = db
    .prepare("select * from assessment_visits where utm_source = 'visits-spec' order by rowid desc")
    .get() as Record<string, unknown> | undefined;
  db.close();
  expect(visit).toMatchObject({ furthest_step: 2, utm_campaign: "first-answer" });
});
