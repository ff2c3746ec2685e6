// The HTTP server's own settings (server.ts), read and checked once at start as the app's are
// (app/lib/env.server.ts): a value that is not valid stops the start with one line saying which
// and why, rather than quietly becoming a default. The app's settings stay the app's: server.ts
// asks the build for what it needs of them (the site's address).
import { z } from "zod";

const MEGABYTE = 1024 * 1024;

const serverConfigSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number from 1 to 65535" })
    .int("must be a port number from 1 to 65535")
    .min(1, "must be a port number from 1 to 65535")
    .max(65535, "must be a port number from 1 to 65535")
    .default(3000),
  HOST: z.string().trim().min(1).optional(),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes (0 turns the page cache off)" })
    .min(0, "must be a number of megabytes (0 turns the page cache off)")
    .default(64)
    .transform((megabytes) => Math.round(megabytes * MEGABYTE)),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d+|[^,\s]+(\s*,\s*[^,\s]+)*)$/,
      "must be true, false, a number of proxies, or a comma-separated list of addresses",
    )
    .default("loopback")
    .transform(trustedProxies),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be a number of milliseconds")
    .max(600_000, "must be at most 600000 (ten minutes)")
    .default(10_000),
  LITEFS_DIR: z.string().trim().min(1).optional(),
  HEAP_GROWING_PERCENT: z.coerce
    .number({ error: "must be a whole number from 0 to 400 (0 leaves V8's own)" })
    .int("must be a whole number from 0 to 400 (0 leaves V8's own)")
    .min(0, "must be a whole number from 0 to 400 (0 leaves V8's own)")
    .max(400, "must be a whole number from 0 to 400 (0 leaves V8's own)")
    .default(0),
});

export type ServerConfig = {
  mode: string;
  port: number;
  /** The address to listen on; all of the machine's when unset. */
  host: string | undefined;
  /** The page cache's size; 0 turns it off. */
  pageCacheBytes: number;
  /** Express's `trust proxy`: which proxies may say who the client is (X-Forwarded-For). */
  trustProxy: boolean | number | string[];
  /** How long requests in flight may run after a stop signal before their connections close. */
  shutdownGraceMs: number;
  /** Set on a LiteFS cluster: where LiteFS says which machine is the primary. */
  litefsDir: string | undefined;
  /**
   * How far V8 lets the old generation grow past what the last full collection kept, in percent;
   * 0 leaves V8's own factor, which is small under a low heap cap (docs/decisions/047).
   */
  heapGrowingPercent: number;
};

class InvalidServerConfigError extends Error {
  constructor(problems: string[]) {
    super(`The server cannot start: ${problems.join("; ")} (see README.md, "Environment").`);
  }
}

/** The server's settings from an environment; throws naming every invalid value at once. */
export function parseServerConfig(source: Record<string, string | undefined>): ServerConfig {
  // An empty variable means "not set", as it does for the app's settings.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = serverConfigSchema.safeParse(present);
  if (!result.success) {
    throw new InvalidServerConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`),
    );
  }
  const settings = result.data;
  return {
    mode: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    pageCacheBytes: settings.PAGE_CACHE_MB,
    trustProxy: settings.TRUST_PROXY,
    shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
    litefsDir: settings.LITEFS_DIR,
    heapGrowingPercent: settings.HEAP_GROWING_PERCENT,
  };
}

/**
 * This process's settings. An invalid value is printed as its one line and the process exits
 * with code 1, before the app loads and opens anything.
 */
export function serverConfig(): ServerConfig {
  try {
    return parseServerConfig(process.env);
  } catch (error) {
    if (!(error instanceof InvalidServerConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function trustedProxies(value: string): boolean | number | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}
