import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { isDatabaseHealthy, MIGRATIONS_FOLDER, openDatabase } from "~/lib/db-client.server";

const scratch: string[] = [];
function freshDatabasePath() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  scratch.push(folder);
  // A nested folder that does not exist yet: opening must create it.
  return path.join(folder, "nested", "app.db");
}
afterEach(() => {
  for (const folder of scratch.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function schemaOf(file: string) {
  const sqlite = new Database(file, { readonly: true });
  try {
    return {
      objects: sqlite
        .prepare("select type, name, sql from sqlite_schema order by type, name")
        .all(),
      applied: sqlite.prepare("select hash from __drizzle_migrations order by id").all(),
    };
  } finally {
    sqlite.close();
  }
}

function columnsOf(file: string, table: string) {
  const sqlite = new Database(file, { readonly: true });
  try {
    return (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map(
      (column) => column.name,
    );
  } finally {
    sqlite.close();
  }
}

test("migrations create the spec's tables with the spec's column names on an empty file", () => {
  const file = freshDatabasePath();
  openDatabase(file).$client.close();

  expect(columnsOf(file, "blog_posts")).toEqual(
    expect.arrayContaining([
      "id",
      "title",
      "excerpt",
      "content",
      "preview_link",
      "author",
      "read_time",
      "tags",
      "featured",
      "published",
      "published_date",
      "created_at",
      "link_previews",
    ]),
  );
  expect(columnsOf(file, "cta_clicks")).toEqual(
    expect.arrayContaining(["cta_source", "page_path", "user_session", "created_at"]),
  );
  const answers = [
    "time_wasted",
    "reinvent_wheel",
    "critical_processes",
    "vacation_impact",
    "meeting_time",
    "project_delays",
    "role",
    "approval_process",
    "urgency",
    "timeline",
  ];
  expect(columnsOf(file, "assessment_submissions")).toEqual(
    expect.arrayContaining([
      "id",
      "company",
      "first_name",
      "last_name",
      "email",
      "phone",
      ...answers,
      ...answers.map((answer) => `${answer}_score`),
      "efficiency_score",
      "band_score",
    ]),
  );
});

test("opening an up-to-date database again changes nothing", () => {
  const file = freshDatabasePath();
  openDatabase(file).$client.close();
  const first = schemaOf(file);
  expect(first.applied.length).toBeGreaterThan(0);

  openDatabase(file).$client.close();
  expect(schemaOf(file)).toEqual(first);
});

test("the connection runs in WAL mode with foreign keys and a busy timeout", () => {
  const db = openDatabase(freshDatabasePath());
  try {
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.$client.pragma("busy_timeout", { simple: true })).toBeGreaterThanOrEqual(1000);
  } finally {
    db.$client.close();
  }
});

test("column defaults fill a row written without them", () => {
  const db = openDatabase(freshDatabasePath());
  try {
    db.$client
      .prepare(
        "insert into blog_posts (id, title, excerpt, content, author) values (?, ?, ?, ?, ?)",
      )
      .run("p1", "Title", "Excerpt", "<p>Body</p>", "Dana Whitfield");
    const row = db.$client.prepare("select * from blog_posts where id = 'p1'").get() as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      read_time: "5 min read",
      tags: "[]",
      link_previews: "[]",
      featured: 0,
      published: 1,
    });
    expect(Math.abs(Number(row.created_at) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(Number(row.updated_at) - Date.now())).toBeLessThan(60_000);
  } finally {
    db.$client.close();
  }
});

test("the health check tells a live database from a closed one", () => {
  const db = openDatabase(freshDatabasePath());
  expect(isDatabaseHealthy(db)).toBe(true);
  db.$client.close();
  expect(isDatabaseHealthy(db)).toBe(false);
});

/** A copy of the migrations folder that stops after the first `count` migrations. */
function migrationsUpTo(count: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-subset-"));
  scratch.push(folder);
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

test("rebuilding blog_posts for updated_at keeps every post and dates it by its creation", () => {
  const file = freshDatabasePath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // Up to and including 0004, the last migration before blog_posts gained updated_at.
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(5) });
  sqlite
    .prepare(
      `insert into blog_posts (id, title, excerpt, content, author, tags, featured, published, published_date, created_at, link_previews)
       values ('kept', 'Kept', 'Excerpt', '<p>Body</p>', 'Priya Raman', '["Change"]', 1, 0, 1700000000000, 1690000000000, '[{"url":"https://example.org"}]')`,
    )
    .run();
  sqlite.close();

  openDatabase(file).$client.close();
  const reopened = new Database(file, { readonly: true });
  try {
    expect(reopened.prepare("select * from blog_posts").all()).toEqual([
      {
        id: "kept",
        title: "Kept",
        excerpt: "Excerpt",
        content: "<p>Body</p>",
        preview_link: null,
        author: "Priya Raman",
        read_time: "5 min read",
        tags: '["Change"]',
        featured: 1,
        published: 0,
        published_date: 1700000000000,
        created_at: 1690000000000,
        updated_at: 1690000000000,
        link_previews: '[{"url":"https://example.org"}]',
        // Given at start by the app (its title's slug), not by the migration.
        slug: null,
        meta_title: null,
        meta_description: null,
        cover_id: null,
        cover_width: null,
        cover_height: null,
        cover_alt: null,
        // Sanitised again at start by the app (post-sanitising.server.ts), not by the migration.
        sanitizer_version: null,
        // A post from before read times were counted keeps the one it was given.
        read_time_by_staff: 1,
        preview_failure: null,
        // A draft is emailed to subscribers once it goes live.
        email_subscribers: 1,
        newsletter_queued_at: null,
      },
    ]);
    const indexes = reopened
      .prepare("select name from sqlite_schema where type = 'index' and tbl_name = 'blog_posts'")
      .all();
    expect(indexes).toContainEqual({ name: "blog_posts_public_order_idx" });
    // The tag table, added later, was filled from the posts already there.
    expect(reopened.prepare("select * from blog_post_tags").all()).toEqual([
      { post_id: "kept", tag: "Change", published: 0, published_date: 1700000000000 },
    ]);
  } finally {
    reopened.close();
  }
});

test("posts already live when subscribers came are never emailed; drafts and scheduled posts wait for their time", () => {
  const file = freshDatabasePath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // Up to 0026, the last migration before the posts already live were set apart.
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(27) });
  const insert = sqlite.prepare(
    `insert into blog_posts (id, title, excerpt, content, author, published, published_date, slug)
     values (?, ?, 'Excerpt', '<p>Body</p>', 'Priya Raman', ?, ?, ?)`,
  );
  const now = Date.now();
  insert.run("live", "Live", 1, now - 86_400_000, "live");
  insert.run("scheduled", "Scheduled", 1, now + 86_400_000, "scheduled");
  insert.run("draft", "Draft", 0, now - 86_400_000, "draft");
  sqlite.close();

  openDatabase(file).$client.close();
  const reopened = new Database(file, { readonly: true });
  try {
    const rows = reopened
      .prepare("select id, newsletter_queued_at from blog_posts order by id")
      .all() as { id: string; newsletter_queued_at: number | null }[];
    expect(rows.map((row) => [row.id, row.newsletter_queued_at !== null])).toEqual([
      ["draft", false],
      ["live", true],
      ["scheduled", false],
    ]);
  } finally {
    reopened.close();
  }
});

test("the owner role goes to the install's first approved admin and to nobody else", () => {
  const file = freshDatabasePath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // Up to and including 0009, the last migration before users gained the owner role.
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(10) });
  const insert = sqlite.prepare(
    "insert into users (email, password_hash, confirmed_at, approved_at, created_at) values (?, 'hash', ?, ?, ?)",
  );
  insert.run("unconfirmed@example.org", null, null, 1_000);
  insert.run("waiting@example.org", 2_000, null, 2_000);
  insert.run("second@example.org", 3_000, 3_000, 4_000);
  insert.run("first@example.org", 3_000, 3_000, 3_000);
  sqlite.close();

  openDatabase(file).$client.close();
  const reopened = new Database(file, { readonly: true });
  try {
    expect(reopened.prepare("select email, owner from users order by created_at").all()).toEqual([
      { email: "unconfirmed@example.org", owner: 0 },
      { email: "waiting@example.org", owner: 0 },
      { email: "first@example.org", owner: 1 },
      { email: "second@example.org", owner: 0 },
    ]);
  } finally {
    reopened.close();
  }
});

test("the tag table is filled from existing posts' string tags, malformed ones included", () => {
  const file = freshDatabasePath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // Up to and including 0011, the last migration before blog_post_tags.
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(12) });
  const insert = sqlite.prepare(
    "insert into blog_posts (id, title, excerpt, content, author, tags, published_date) values (?, 'T', 'E', 'C', 'A', ?, 1700000000000)",
  );
  insert.run("tagged", '["Finance", "Automation", "Finance", 7, ["Nested"]]');
  insert.run("untagged", "[]");
  insert.run("malformed", "not json");
  sqlite.close();

  openDatabase(file).$client.close();
  const reopened = new Database(file, { readonly: true });
  try {
    expect(
      reopened.prepare("select post_id, tag from blog_post_tags order by post_id, tag").all(),
    ).toEqual([
      { post_id: "tagged", tag: "Automation" },
      { post_id: "tagged", tag: "Finance" },
    ]);
  } finally {
    reopened.close();
  }
});

test("rebuilding the outbox for webhooks keeps every email, and refuses a row missing its parts", () => {
  const file = freshDatabasePath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // Up to and including 0014, the last migration before the outbox carried webhooks.
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(15) });
  sqlite
    .prepare(
      `insert into outbox (id, recipient, reply_to, subject, text_body, html_body, attempts, next_attempt_at, last_error, failed_at, created_at)
       values (7, 'firm@example.com', 'lead@example.org', 'New lead', 'Text', '<p>HTML</p>', 12, 1700000000000, 'Refused', 1700000000500, 1690000000000)`,
    )
    .run();
  sqlite.close();

  openDatabase(file).$client.close();
  const reopened = new Database(file);
  try {
    expect(reopened.prepare("select * from outbox").all()).toEqual([
      expect.objectContaining({
        id: 7,
        channel: "email",
        recipient: "firm@example.com",
        reply_to: "lead@example.org",
        subject: "New lead",
        text_body: "Text",
        html_body: "<p>HTML</p>",
        attempts: 12,
        last_error: "Refused",
        failed_at: 1700000000500,
        created_at: 1690000000000,
        webhook_endpoint_id: null,
        event_id: null,
      }),
    ]);
    expect(() =>
      reopened
        .prepare("insert into outbox (channel, recipient) values ('email', 'x@example.org')")
        .run(),
    ).toThrow(/CHECK constraint failed: outbox_channel_parts/);
    expect(() =>
      reopened.prepare("insert into outbox (channel, event_id) values ('webhook', 'msg_1')").run(),
    ).toThrow(/CHECK constraint failed: outbox_channel_parts/);
  } finally {
    reopened.close();
  }
});
