// Fixed-window rate limits kept in this process's memory, keyed by e.g. client IP.
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one event for the key and says whether it is within the limit. */
  hit: (key: string, now?: number) => RateLimitDecision;
  /** Says whether one more event would be within the limit, without counting it. */
  check: (key: string, now?: number) => RateLimitDecision;
  /** Events counted for the key in its current window. */
  count: (key: string, now?: number) => number;
  /** Forgets the key's events, e.g. once a sign-in succeeds. */
  reset: (key: string) => void;
};

export function createRateLimiter({
  limit,
  windowMs,
}: {
  limit: number;
  windowMs: number;
}): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = 0;

  // Forget finished windows now and then, so that many distinct keys cannot grow memory forever.
  const sweep = (now: number) => {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
  };

  const current = (key: string, now: number) => {
    sweep(now);
    const window = windows.get(key);
    return window && now - window.startedAt < windowMs ? window : undefined;
  };

  const decide = (window: { startedAt: number; count: number }, now: number): RateLimitDecision =>
    window.count <= limit
      ? { allowed: true }
      : {
          allowed: false,
          retryAfterSeconds: Math.ceil((window.startedAt + windowMs - now) / 1000),
        };

  return {
    hit(key, now = Date.now()) {
      const window = current(key, now);
      if (!window) {
        windows.set(key, { startedAt: now, count: 1 });
        return { allowed: true };
      }
      window.count += 1;
      return decide(window, now);
    },
    check(key, now = Date.now()) {
      const window = current(key, now);
      return window ? decide({ ...window, count: window.count + 1 }, now) : { allowed: true };
    },
    count(key, now = Date.now()) {
      return current(key, now)?.count ?? 0;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
