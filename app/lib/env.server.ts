// Reads and validates the process environment once, at start, into one typed object.
import { z } from "zod";
import { StartupError } from "./startup-error.server";

/**
 * Used only when NODE_ENV says development (`npm run dev`) or test, so a developer can start the
 * site without any setup. Anything else, an unset NODE_ENV included, is production.
 */
export const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-not-for-production";

const MIN_SECRET_LENGTH = 32;

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("must be a comma-separated list of email addresses")));

const optionalText = z.string().trim().min(1).optional();

const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const portList = commaList.pipe(
  z
    .array(
      z
        .string()
        .regex(/^\d+$/, "must be a comma-separated list of ports")
        .transform(Number)
        .pipe(z.number().int().min(1).max(65535)),
    )
    .min(1, "must name at least one port"),
);

const hostPortList = commaList.pipe(
  z.array(
    z
      .string()
      .regex(
        /^(\[[\da-f:.]+\]|[^\s:[\]/]+):\d{1,5}$/i,
        "must be a comma-separated list of host:port pairs",
      ),
  ),
);

// The key that seals two-factor secrets at rest (AES-256-GCM): 32 random bytes, written as 64 hex
// characters (`openssl rand -hex 32`) or in base64 (`openssl rand -base64 32`, or base64url);
// both shapes decode to exactly 32 bytes.
const encryptionKey = z
  .string()
  .trim()
  .regex(
    /^(?:[\da-f]{64}|[\w+/-]{43}=?)$/i,
    "must be 32 random bytes as 64 hex characters or 44 base64 characters (openssl rand -base64 32)",
  )
  .transform((value) => Buffer.from(value, value.length === 64 ? "hex" : "base64"));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_PATH: z.string().trim().min(1).default("./data/app.db"),
    SITE_URL: z
      .string()
      .trim()
      .pipe(z.url("must be an absolute URL such as https://www.example.com"))
      .optional(),
    SESSION_SECRET: optionalText,
    // Seals two-factor secrets at rest; unset, a key derived from SESSION_SECRET does (decision 072).
    TWO_FACTOR_KEY: encryptionKey.optional(),
    // The key being rotated away from: secrets it sealed are sealed again with the new one at start.
    TWO_FACTOR_KEY_PREVIOUS: encryptionKey.optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: optionalText,
    ADMIN_EMAILS: emailList.prefault(""),
    SEED_DEMO_CONTENT: booleanFlag.prefault("true"),
    BRAND_NAME: optionalText,
    CONTACT_EMAIL: z.string().trim().pipe(z.email()).optional(),
    CONTACT_PHONE: optionalText,
    CONTACT_ADDRESS: optionalText,
    // The firm's zone: every date the site shows or staff enter is in it; instants stay UTC.
    SITE_TIME_ZONE: z
      .string()
      .trim()
      .refine(isTimeZone, "must be an IANA time zone such as America/Denver")
      .default("America/Denver"),
    OUTBOUND_PORTS: portList.prefault("80,443"),
    OUTBOUND_TEST_HOSTS: hostPortList.prefault(""),
    LITEFS_DIR: optionalText,
    MEDIA_DIR: optionalText,
    // How many PDF reports and share cards may wait for the render pool before more are refused
    // with 503 (app/lib/render-pool.server.ts).
    RENDER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(16),
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof envSchema>;

function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export class InvalidEnvironmentError extends StartupError {
  constructor(readonly problems: string[]) {
    super(`The server cannot start: ${problems.join("; ")} (see README.md, "Environment").`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses an environment; throws InvalidEnvironmentError naming every problem at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as it does for most tools that read the environment.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(present);
  const problems = [
    ...(result.success ? [] : result.error.issues).map(
      (issue) => `${issue.path.join(".")} ${issue.message}`,
    ),
    ...productionSecretProblems(present),
    ...productionTestHostProblems(present),
    ...litefsMailProblems(present),
    ...litefsMediaProblems(present),
  ];
  if (result.success && problems.length === 0) return result.data;
  throw new InvalidEnvironmentError(problems);
}

// The production checks stand apart from the schema so that they are reported even when other
// variables are invalid.
function productionSecretProblems(source: Record<string, string | undefined>): string[] {
  if (!isProduction(source)) return [];
  const secret = source.SESSION_SECRET?.trim();
  if (!secret || secret === DEVELOPMENT_SESSION_SECRET) {
    return ["SESSION_SECRET is required in production (a random string of at least 32 characters)"];
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    return [`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long in production`];
  }
  return [];
}

function isProduction(source: Record<string, string | undefined>) {
  return source.NODE_ENV !== "development" && source.NODE_ENV !== "test";
}

// Without SMTP_URL mail is written to a folder beside the database; LiteFS's folder holds only
// databases, and a replica's copy is read-only.
function litefsMailProblems(source: Record<string, string | undefined>): string[] {
  if (source.LITEFS_DIR === undefined || source.SMTP_URL !== undefined) return [];
  return ["SMTP_URL is required with LITEFS_DIR (the LiteFS folder cannot hold the local outbox)"];
}

// Share cards are drawn into a folder beside the database by default; LiteFS's folder holds only
// databases, so with it the folder must be named (a path on the machine's volume).
function litefsMediaProblems(source: Record<string, string | undefined>): string[] {
  if (source.LITEFS_DIR === undefined || source.MEDIA_DIR !== undefined) return [];
  return ["MEDIA_DIR is required with LITEFS_DIR (the LiteFS folder cannot hold share cards)"];
}

// Test hosts let link previews and webhooks reach loopback and private addresses: a live site must never have them.
function productionTestHostProblems(source: Record<string, string | undefined>): string[] {
  if (!isProduction(source) || source.OUTBOUND_TEST_HOSTS === undefined) return [];
  return [
    "OUTBOUND_TEST_HOSTS must be empty in production (it lets link previews and webhooks reach private addresses)",
  ];
}

export const env = parseEnv(process.env);
