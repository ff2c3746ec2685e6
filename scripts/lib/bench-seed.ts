// Published Insights posts for scripts/bench.ts, written straight into the database in one
// transaction (the tag table follows by its triggers): the same filler text on every run.
import crypto from "node:crypto";
import Database from "better-sqlite3";

// Two hours apart, so 100,000 posts reach back some 23 years and none is dated before 1970.
const POST_SPACING_MS = 2 * 60 * 60 * 1000;
const AUTHORS = ["Dana Whitfield", "Marcus Oyelaran", "Priya Raman"];
const TAG_SETS = [
  ["Process Design", "Automation"],
  ["Operations", "Leadership"],
  ["Knowledge Management"],
  ["Automation", "Tooling", "Operations"],
];
const WORDS = (
  "process team workflow handoff approval meeting backlog owner system document checklist " +
  "review cost delay bottleneck customer quality metric capacity schedule decision budget " +
  "standard template audit training onboarding escalation dashboard forecast vendor contract " +
  "risk priority roadmap update report scope effort outcome client request ticket queue the a " +
  "of to and in for with on every each our their clear simple shared weekly manual repeatable"
).split(" ");

/**
 * Inserts posts number `first` to `first + count - 1`, each older than the one before; returns
 * the newest one's id. The database must be migrated (the server has started on it once).
 */
export function seedPosts(databasePath: string, first: number, count: number) {
  const database = new Database(databasePath, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const insert = database.prepare(
      `insert into blog_posts (id, slug, title, excerpt, content, preview_link, author, read_time,
         tags, featured, published, published_date, created_at, link_previews)
       values (@id, @slug, @title, @excerpt, @content, null, @author, '5 min read',
         @tags, @featured, 1, @publishedDate, @publishedDate, '[]')`,
    );
    // Seeded by the first number so that every run measures the same text.
    const random = seededRandom(20240601 + first);
    const now = Date.now();
    const slugs: string[] = [];
    database.transaction(() => {
      for (let index = first; index < first + count; index++) {
        // Each post's own slug, as the admin's form would give it: numbered, so always free.
        const slug = `bench-post-${index + 1}`;
        slugs.push(slug);
        insert.run({
          id: crypto.randomUUID(),
          slug,
          title: capitalize(`${sentence(random, 6).slice(0, -1)} (${index + 1})`),
          excerpt: sentence(random, 25),
          content: Array.from({ length: 6 }, () => `<p>${paragraph(random, 100)}</p>`).join("\n"),
          author: AUTHORS[index % AUTHORS.length],
          tags: JSON.stringify(TAG_SETS[index % TAG_SETS.length]),
          featured: index % 333 === 0 ? 1 : 0,
          publishedDate: now - Math.round((index + random()) * POST_SPACING_MS),
        });
      }
    })();
    // The inserts wait in the write-ahead log; moved into the database now, so that the server does
    // not do it while it is being measured.
    database.pragma("wal_checkpoint(TRUNCATE)");
    const [newest] = slugs;
    if (!newest) throw new Error("No post to seed.");
    return `/insights/${newest}`;
  } finally {
    database.close();
  }
}

function seededRandom(seed: number) {
  // mulberry32: tiny and good enough for filler text.
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(random: () => number, wordCount: number) {
  const words = Array.from({ length: wordCount }, () => WORDS[Math.floor(random() * WORDS.length)]);
  return `${capitalize(words.join(" "))}.`;
}

function paragraph(random: () => number, wordCount: number) {
  const sentences = [];
  for (let remaining = wordCount; remaining > 0;) {
    const length = Math.min(remaining, 10 + Math.floor(random() * 8));
    sentences.push(sentence(random, length));
    remaining -= length;
  }
  return sentences.join(" ");
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
