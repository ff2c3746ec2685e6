// The rate limiter on this test file's own SQLite file, with the clock moved by hand.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { env } from "./env.server";
import { openDatabase } from "./db-client.server";
import { db } from "./db.server";
import { createRateLimiter, RATE_LIMITS, rateLimiter } from "./rate-limit.server";

const START = Date.UTC(2026, 10, 25, 12, 0, 0);
const at = (offsetMs: number) => vi.setSystemTime(START + offsetMs);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  at(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a fixed-window rate limiter (3 events a minute)", () => {
  type Step = [
    action: "hit" | "check" | "reset",
    at: number,
    allowed: boolean | null,
    count: number,
  ];
  test.each<[string, Step[]]>([
    [
      "the fourth hit in the window is refused, with the time left",
      [
        ["hit", 0, true, 1],
        ["hit", 1_000, true, 2],
        ["hit", 2_000, true, 3],
        ["hit", 30_000, false, 4],
      ],
    ],
    [
      "check does not count",
      [
        ["hit", 0, true, 1],
        ["check", 1, true, 1],
        ["check", 2, true, 1],
        ["hit", 3, true, 2],
        ["hit", 4, true, 3],
        ["check", 5, false, 3],
      ],
    ],
    [
      "reset forgets the key",
      [
        ["hit", 0, true, 1],
        ["hit", 1, true, 2],
        ["hit", 2, true, 3],
        ["reset", 3, null, 0],
        ["hit", 4, true, 1],
      ],
    ],
    [
      "a new window starts after a minute",
      [
        ["hit", 0, true, 1],
        ["hit", 1, true, 2],
        ["hit", 2, true, 3],
        ["hit", 3, false, 4],
        ["hit", 60_000, true, 1],
      ],
    ],
  ])("%s", async (name, steps) => {
    const limiter = createRateLimiter(`test ${name}`, { limit: 3, windowMs: 60_000 }, db.$client);
    for (const [action, offset, allowed, count] of steps) {
      at(offset);
      if (action === "reset") await limiter.reset("key");
      else expect((await limiter[action]("key")).allowed).toBe(allowed);
      expect(await limiter.count("key")).toBe(count);
    }
    expect(await limiter.count("other key")).toBe(0);
  });

  test("a refusal says when the window ends", async () => {
    const limiter = createRateLimiter("test refusal", { limit: 1, windowMs: 60_000 }, db.$client);
    await limiter.hit("key");
    at(15_000);
    expect(await limiter.hit("key")).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });

  test("limiters of different names count apart", async () => {
    const first = createRateLimiter("test first", { limit: 1, windowMs: 60_000 }, db.$client);
    const second = createRateLimiter("test second", { limit: 1, windowMs: 60_000 }, db.$client);
    await first.hit("key");
    expect(await first.check("key")).toMatchObject({ allowed: false });
    expect(await second.check("key")).toEqual({ allowed: true });
  });
});

describe("limits held in the database", () => {
  test("a restart forgets nothing: a new connection to the file sees the same counts", async () => {
    const before = createRateLimiter("test restart", { limit: 2, windowMs: 60_000 }, db.$client);
    await before.hit("203.0.113.7");
    await before.hit("203.0.113.7");

    const reopened = openDatabase(env.DATABASE_PATH, { migrate: false });
    try {
      const after = createRateLimiter(
        "test restart",
        { limit: 2, windowMs: 60_000 },
        reopened.$client,
      );
      expect(await after.count("203.0.113.7")).toBe(2);
      expect(await after.hit("203.0.113.7")).toMatchObject({ allowed: false });
    } finally {
      reopened.$client.close();
    }
  });

  test("each named limit of the site counts in the rate_limits table under its own name", async () => {
    expect(await rateLimiter("contact").hit("198.51.100.4")).toEqual({ allowed: true });
    const rows = db.$client
      .prepare("select key, points from rate_limits where key like 'contact:%'")
      .all();
    expect(rows).toEqual([{ key: "contact:198.51.100.4", points: 1 }]);
    expect(Object.keys(RATE_LIMITS)).toContain("contact");
  });
});

describe("when the database cannot be written", () => {
  test("the limit is still counted, in memory, and holds", async () => {
    const limiter = createRateLimiter("test read-only", { limit: 1, windowMs: 60_000 }, db.$client);
    db.$client.pragma("query_only = ON");
    try {
      expect(await limiter.hit("key")).toEqual({ allowed: true });
      expect(await limiter.hit("key")).toMatchObject({ allowed: false });
    } finally {
      db.$client.pragma("query_only = OFF");
    }
    const rows = db.$client.prepare(
      "select key from rate_limits where key like 'test read-only:%'",
    );
    expect(rows.all()).toEqual([]);
  });
});
