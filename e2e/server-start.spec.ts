import { expect, test } from "./support/fixtures";
import { startServer } from "./support/server";

// These start server processes and use no browser, so one project runs them.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no browser involved");

test("the production server refuses to start without a real SESSION_SECRET", async () => {
  const start = startServer({ env: { SESSION_SECRET: "" } });
  await expect(start).rejects.toThrow(/exited with code [1-9]/);
  await expect(start).rejects.toThrow(/SESSION_SECRET is required in production/);
});

test("the server creates the database folder and applies migrations at start", async () => {
  const databasePath = test.info().outputPath("nested", "folder", "app.db");
  const server = await startServer({ databasePath });
  try {
    const db = server.openDatabase();
    const tables = db
      .prepare("select name from sqlite_schema where type = 'table' order by name")
      .pluck()
      .all();
    db.close();
    expect(tables).toEqual(
      expect.arrayContaining(["assessment_submissions", "blog_posts", "cta_clicks"]),
    );
  } finally {
    await server.stop();
  }
});
