import { describe, expect, test } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

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
  ])("%s", (_name, steps) => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    for (const [action, at, allowed, count] of steps) {
      if (action === "reset") limiter.reset("key");
      else expect(limiter[action]("key", at).allowed).toBe(allowed);
      expect(limiter.count("key", at)).toBe(count);
    }
    expect(limiter.count("other key", 0)).toBe(0);
  });

  test("a refusal says when the window ends", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.hit("key", 0);
    expect(limiter.hit("key", 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });
});
