// Fixed-window rate limits kept in this process's memory, keyed by e.g. client IP.
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = { hit: (key: string, now?: number) => RateLimitDecision };

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

  return {
    hit(key, now = Date.now()) {
      sweep(now);
      const current = windows.get(key);
      if (!current || now - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return { allowed: true };
      }
      current.count += 1;
      if (current.count <= limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.ceil((current.startedAt + windowMs - now) / 1000),
      };
    },
  };
}
