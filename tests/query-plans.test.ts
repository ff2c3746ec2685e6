// What SQLite does for each public read and each admin list, asked with EXPLAIN QUERY PLAN on a
// seeded file: every statement reads through an index in the order it shows, so no page, feed or
// sitemap part sorts or scans a whole table, whatever the number of posts and leads.
import { drizzle } from "drizzle-orm/better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import type { Queryable } from "~/lib/db-client.server";
import {
  claimPostEmail,
  countPublicPosts,
  featuredPosts,
  findPublicPost,
  latestPublicPosts,
  postsDueForEmail,
  postsForAdminPage,
  publicPostDates,
  publicPostPage,
  publicPostsChangedAt,
} from "~/features/insights/queries.server";
import { sitemap } from "~/features/insights/sitemap.server";
import {
  insertAssessmentSubmission,
  submissionsBatch,
  submissionsByIds,
  submissionsPage,
} from "~/features/assessment/submission-queries.server";
import { assessmentFiltersFrom } from "~/features/assessment/submission-filters";
import { contact, fullState } from "~/features/assessment/wizard-fixtures";
import { scoreAssessment, type Answers } from "~/features/assessment/scoring";
import {
  contactMessagesBatch,
  contactMessagesFrom,
  contactMessagesPage,
  handledCounts,
} from "~/features/contact/queries.server";
import { bookingsBatch } from "~/features/booking/queries.server";
import { ctaClicksBatch } from "~/features/cta-clicks/queries.server";

const POSTS = 2_000;
const LEADS = 2_000;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-23T12:00:00Z");
const TAG_SETS = [["Automation", "Finance"], ["Operations"], ["Automation"], []];

/** The statements a call runs, as drizzle hands them to SQLite. */
const statements: { sql: string; params: unknown[] }[] = [];
const recording = drizzle(db.$client, {
  schema,
  logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
});

function seed() {
  const insertPost = db.$client.prepare(
    `insert into blog_posts (id, title, excerpt, content, author, tags, featured, published, published_date, updated_at)
     values (?, 'Title', 'Excerpt', '<p>Body</p>', 'Dana Whitfield', ?, ?, ?, ?, ?)`,
  );
  db.$client.transaction(() => {
    for (let index = 0; index < POSTS; index += 1) {
      // Every 50th featured, every 20th a draft, the first ten scheduled for the coming days.
      const date = now.getTime() + (10 - index) * DAY;
      insertPost.run(
        `post-${index}`,
        JSON.stringify(TAG_SETS[index % TAG_SETS.length]),
        index % 50 === 0 ? 1 : 0,
        index % 20 === 7 ? 0 : 1,
        date,
        date,
      );
    }
  })();
  // The fixture's wizard has every question answered.
  const answers = fullState.answers as Answers;
  const submission = insertAssessmentSubmission(db, {
    contact,
    answers,
    score: scoreAssessment(answers),
    attribution: null,
    visitId: null,
  });
  const columns = (
    db.$client.prepare("select name from pragma_table_info('assessment_submissions')").all() as {
      name: string;
    }[]
  )
    .map((column) => column.name)
    .filter((name) => !["id", "created_at", "visit_id"].includes(name))
    .join(", ");
  const leads = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${LEADS})`;
  db.$client.exec(`
    ${leads} insert into assessment_submissions (${columns}, created_at)
      select ${columns}, ${now.getTime()} - i * 60000 from assessment_submissions, n where id = ${submission.id};
    ${leads} insert into contact_messages (full_name, email, message, created_at)
      select 'Name ' || i, 'name-' || i || '@example.org', 'Hello', ${now.getTime()} - i * 60000 from n;
    ${leads} insert into cta_clicks (cta_source, page_path, user_session, created_at)
      select 'hero', '/', 'session-' || i, ${now.getTime()} - i * 60000 from n;
  `);
}

const noFilters = assessmentFiltersFrom(new URLSearchParams(), "America/Denver");
const lastWeek = { from: new Date(now.getTime() - 7 * DAY), until: now, handled: null };
// An hour of the seeded day and a half: a range that picks few rows, as a week does in a year.
const lastHour = { from: new Date(now.getTime() - 60 * 60 * 1000), until: now, handled: null };
const lastWeekFilters = assessmentFiltersFrom(
  new URLSearchParams({ from: "2026-11-16", to: "2026-11-23" }),
  "America/Denver",
);
const sliceOfPosts = { offset: 500, limit: 500 };

type Case = {
  read: string;
  run: (db: Queryable) => unknown;
  /** Parts of the plan it must show: the index it reads, and COVERING for counts. */
  uses: string[];
};

const cases: Case[] = [
  {
    read: "the list's featured posts",
    run: (db) => featuredPosts(db, now, 3),
    uses: ["INDEX blog_posts_featured_order_idx"],
  },
  {
    read: "the list, page 1 (without the featured posts)",
    run: (db) =>
      publicPostPage(db, { now, page: 1, perPage: 12, excludeIds: ["post-20", "post-50"] }),
    uses: ["INDEX blog_posts_public_order_idx"],
  },
  {
    read: "the list, page 40",
    run: (db) => publicPostPage(db, { now, page: 40, perPage: 12 }),
    uses: ["INDEX blog_posts_public_order_idx"],
  },
  {
    read: "the list's count",
    run: (db) => countPublicPosts(db, now),
    uses: ["COVERING INDEX blog_posts_public_order_idx"],
  },
  {
    read: "a tag's page 1",
    run: (db) => publicPostPage(db, { now, page: 1, perPage: 12, tag: "Finance" }),
    uses: ["INDEX blog_post_tags_order_idx", "INDEX sqlite_autoindex_blog_posts_1 (id=?)"],
  },
  {
    read: "a tag's page 20",
    run: (db) => publicPostPage(db, { now, page: 20, perPage: 12, tag: "Automation" }),
    uses: ["INDEX blog_post_tags_order_idx", "INDEX sqlite_autoindex_blog_posts_1 (id=?)"],
  },
  {
    read: "a tag's count",
    run: (db) => countPublicPosts(db, now, "Automation"),
    uses: ["COVERING INDEX blog_post_tags_order_idx"],
  },
  {
    read: "an article",
    run: (db) => findPublicPost(db, "post-100", now),
    uses: ["INDEX sqlite_autoindex_blog_posts_1 (id=?)"],
  },
  {
    read: "the feed's posts",
    run: (db) => latestPublicPosts(db, now, 20),
    uses: ["INDEX blog_posts_public_order_idx"],
  },
  {
    read: "the blog's last change (feed and sitemap)",
    run: (db) => publicPostsChangedAt(db, now),
    uses: ["INDEX blog_posts_public_updated_at_idx", "INDEX blog_posts_public_order_idx"],
  },
  {
    read: "the sitemap as one file",
    run: (db) => sitemap(db, "http://localhost", now),
    uses: ["COVERING INDEX blog_posts_public_order_idx"],
  },
  {
    read: "a sitemap part's posts, oldest first",
    run: (db) => publicPostDates(db, now, { order: "oldest", ...sliceOfPosts }),
    uses: ["COVERING INDEX blog_posts_public_order_idx"],
  },
  {
    read: "the admin's posts, newest first",
    run: (db) => postsForAdminPage(db, { page: 3, perPage: 25, order: "newest" }),
    uses: ["INDEX blog_posts_published_date_idx"],
  },
  {
    read: "the admin's posts, oldest first",
    run: (db) => postsForAdminPage(db, { page: 3, perPage: 25, order: "oldest" }),
    uses: ["INDEX blog_posts_published_date_idx"],
  },
  ...(["published", "scheduled", "draft"] as const).map((status): Case => ({
    read: `the admin's ${status} posts, newest first`,
    run: (db) => postsForAdminPage(db, { page: 2, perPage: 25, order: "newest", status, now }),
    uses: ["INDEX blog_posts_"],
  })),
  {
    read: "the posts due to be emailed to subscribers, the longest waiting first",
    run: (db) => postsDueForEmail(db, now, 10),
    uses: ["INDEX blog_posts_newsletter_due_idx"],
  },
  {
    read: "marking a due post's email queued",
    // A post that is not there: the statement and its plan are the same, and nothing changes.
    run: (db) => claimPostEmail(db, "no-such-post", now),
    uses: ["sqlite_autoindex_blog_posts_1 (id=?)"],
  },
  {
    read: "assessments, newest first",
    run: (db) => submissionsPage(db, noFilters, { page: 3, perPage: 25, order: "newest" }),
    uses: ["INDEX assessment_submissions_created_at_idx"],
  },
  {
    read: "assessments of a week, oldest first",
    run: (db) => submissionsPage(db, lastWeekFilters, { page: 2, perPage: 25, order: "oldest" }),
    uses: ["INDEX assessment_submissions_created_at_idx"],
  },
  {
    read: "an assessments export batch of a week",
    run: (db) => submissionsBatch(db, lastWeekFilters, 1_000, 500),
    uses: ["INTEGER PRIMARY KEY"],
  },
  {
    read: "contact messages, newest first",
    run: (db) => contactMessagesPage(db, lastWeek, { page: 2, perPage: 25, order: "newest" }),
    uses: ["INDEX contact_messages_created_at_idx", "INDEX outbox_contact_message_id_idx"],
  },
  {
    read: "contact messages not handled, newest first",
    run: (db) =>
      contactMessagesPage(
        db,
        { ...lastHour, handled: false },
        { page: 1, perPage: 25, order: "newest" },
      ),
    uses: ["INDEX contact_messages_created_at_idx"],
  },
  {
    read: "how many contact messages of an hour are handled",
    run: (db) => handledCounts(db, lastHour),
    uses: ["INDEX contact_messages_created_at_idx"],
  },
  {
    read: "a contact messages export batch",
    run: (db) => contactMessagesBatch(db, lastWeek, 1_000, 500),
    uses: ["INTEGER PRIMARY KEY"],
  },
  {
    read: "the contact messages of the prospects on the Bookings screen",
    run: (db) => contactMessagesFrom(db, ["Name-7@Example.org", "dana@example.org"]),
    uses: ["INDEX contact_messages_email_idx"],
  },
  {
    read: "the assessments of the prospects on the Bookings screen",
    run: (db) => submissionsByIds(db, [3, 30, 300]),
    uses: ["INTEGER PRIMARY KEY"],
  },
  {
    read: "a bookings export batch",
    run: (db) => bookingsBatch(db, 1_000, 500),
    uses: ["INTEGER PRIMARY KEY"],
  },
  {
    read: "a CTA clicks export batch",
    run: (db) => ctaClicksBatch(db, { since: lastWeek.from, until: lastWeek.until }, 1_000, 500),
    uses: ["INTEGER PRIMARY KEY"],
  },
];

/** Each statement's plan, one line per step. */
function plansOf(run: Case["run"]) {
  statements.length = 0;
  run(recording);
  return statements.map(({ sql, params }) => ({
    sql,
    plan: (
      db.$client.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]
    ).map((step) => step.detail),
  }));
}

/** Steps that read a table (or json_each) without an index, or sort rows in a temporary B-tree. */
function unindexedSteps(plan: string[]) {
  // A subquery run as a co-routine is read as it is produced: scanning it is no table scan.
  const subqueries = plan.flatMap(
    (step) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(step)?.[1] ?? [],
  );
  return plan.filter((step) => {
    if (step.includes("TEMP B-TREE")) return true;
    const read = /^(?:SCAN|SEARCH) (\S+)/.exec(step);
    if (!read || subqueries.includes(read[1]!)) return false;
    return !/\bUSING (?:COVERING )?INDEX\b|\bUSING INTEGER PRIMARY KEY\b/.test(step);
  });
}

beforeAll(seed);

describe.each([
  ["as migrated, without statistics", false],
  ["after ANALYZE has gathered statistics", true],
])("%s", (_label, analyze) => {
  beforeAll(() => {
    if (analyze) db.$client.exec("analyze");
  });

  test.each(cases)("$read reads through an index in its order", ({ run, uses }) => {
    const plans = plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, plan } of plans) expect(unindexedSteps(plan), sql).toEqual([]);
    const allSteps = plans.flatMap(({ plan }) => plan).join("\n");
    for (const part of uses) expect(allSteps).toContain(part);
  });
});
