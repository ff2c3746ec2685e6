import { describe, expect, test } from "vitest";
import { DEVELOPMENT_SESSION_SECRET, InvalidEnvironmentError, parseEnv } from "./env.server";

const realSecret = "k3y-".repeat(12);
const development = { NODE_ENV: "development" };

describe("parseEnv in production", () => {
  test.each([
    ["no SESSION_SECRET at all", {}],
    ["an empty SESSION_SECRET", { SESSION_SECRET: "  " }],
    ["the development default", { SESSION_SECRET: DEVELOPMENT_SESSION_SECRET }],
  ])("refuses to start with %s, naming the variable", (_case, extra) => {
    const start = () => parseEnv({ NODE_ENV: "production", ...extra });
    expect(start).toThrow(InvalidEnvironmentError);
    expect(start).toThrow(/SESSION_SECRET is required in production/);
  });

  test("applies when NODE_ENV is not set: only development and test may go without a secret", () => {
    for (const source of [{}, { SESSION_SECRET: DEVELOPMENT_SESSION_SECRET }]) {
      expect(() => parseEnv(source)).toThrow(/SESSION_SECRET is required in production/);
    }
    expect(parseEnv({ SESSION_SECRET: realSecret }).NODE_ENV).toBe("production");
  });

  test("says what is wrong in one line, which server.ts prints without a stack trace", () => {
    const start = () => parseEnv({ NODE_ENV: "production", PORT: "not-a-port" });
    expect(start).toThrow(/^The server cannot start: PORT .+; SESSION_SECRET is required/);
    expect(start).toThrow(expect.objectContaining({ isStartupError: true }));
    expect(start).not.toThrow(/\n/);
  });

  test("refuses a secret shorter than 32 characters", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short-secret" })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
  });

  test("refuses to start with link-preview test hosts, which open private addresses", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: realSecret,
        OUTBOUND_TEST_HOSTS: "127.0.0.1:4000",
      }),
    ).toThrow(/OUTBOUND_TEST_HOSTS must be empty in production/);
  });

  test("on LiteFS, needs SMTP: the mount cannot hold the local outbox folder", () => {
    const litefs = { SESSION_SECRET: realSecret, LITEFS_DIR: "/litefs" };
    expect(() => parseEnv({ NODE_ENV: "production", ...litefs })).toThrow(
      /SMTP_URL is required with LITEFS_DIR/,
    );
    const env = parseEnv({
      ...litefs,
      SMTP_URL: "smtp://mail.example.com:587",
      MEDIA_DIR: "/var/lib/litefs/media",
    });
    expect(env.LITEFS_DIR).toBe("/litefs");
  });

  test("on LiteFS, needs MEDIA_DIR: the mount cannot hold share cards", () => {
    const litefs = {
      SESSION_SECRET: realSecret,
      LITEFS_DIR: "/litefs",
      SMTP_URL: "smtp://mail.example.com:587",
    };
    expect(() => parseEnv(litefs)).toThrow(/MEDIA_DIR is required with LITEFS_DIR/);
    expect(parseEnv({ ...litefs, MEDIA_DIR: "/var/lib/litefs/media" }).MEDIA_DIR).toBe(
      "/var/lib/litefs/media",
    );
  });

  test("reports every problem at once", () => {
    try {
      parseEnv({ NODE_ENV: "production", PORT: "not-a-port", SITE_URL: "nope" });
      expect.unreachable("parseEnv should have thrown");
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const problems = (error as InvalidEnvironmentError).problems.join("\n");
      expect(problems).toMatch(/^PORT /m);
      expect(problems).toMatch(/^SITE_URL /m);
      expect(problems).toMatch(/^SESSION_SECRET /m);
    }
  });

  test("starts with a real secret and keeps the operator's values", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: realSecret,
      PORT: "8080",
      DATABASE_PATH: "/data/app.db",
      SITE_URL: "https://www.example.com/",
      ADMIN_EMAILS: " Ops@Example.com, ceo@example.com ,",
      SEED_DEMO_CONTENT: "false",
      SMTP_URL: "smtp://mail.example.com:587",
      MAIL_FROM: "Site <site@example.com>",
      OUTBOUND_PORTS: "443, 8443",
      OUTBOUND_TEST_HOSTS: " ",
    });
    expect(env).toMatchObject({
      SESSION_SECRET: realSecret,
      PORT: 8080,
      DATABASE_PATH: "/data/app.db",
      SITE_URL: "https://www.example.com",
      ADMIN_EMAILS: ["ops@example.com", "ceo@example.com"],
      SEED_DEMO_CONTENT: false,
      SMTP_URL: "smtp://mail.example.com:587",
      MAIL_FROM: "Site <site@example.com>",
      OUTBOUND_PORTS: [443, 8443],
      OUTBOUND_TEST_HOSTS: [],
    });
  });
});

describe("parseEnv in development", () => {
  test("uses safe defaults for everything", () => {
    const env = parseEnv(development);
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATABASE_PATH: "./data/app.db",
      SITE_URL: "http://localhost:3000",
      SESSION_SECRET: DEVELOPMENT_SESSION_SECRET,
      ADMIN_EMAILS: [],
      SEED_DEMO_CONTENT: true,
      OUTBOUND_PORTS: [80, 443],
      OUTBOUND_TEST_HOSTS: [],
      SITE_TIME_ZONE: "America/Denver",
    });
    expect(env.SMTP_URL).toBeUndefined();
  });

  test("reads link-preview test hosts as host:port pairs", () => {
    const env = parseEnv({
      ...development,
      OUTBOUND_TEST_HOSTS: "127.0.0.1:4000, [::1]:4001,localhost:80",
    });
    expect(env.OUTBOUND_TEST_HOSTS).toEqual(["127.0.0.1:4000", "[::1]:4001", "localhost:80"]);
  });

  test.each([
    [{ ADMIN_EMAILS: "not-an-email" }, /ADMIN_EMAILS/],
    [{ SEED_DEMO_CONTENT: "maybe" }, /SEED_DEMO_CONTENT must be true or false/],
    [{ SMTP_URL: "http://mail.example.com" }, /SMTP_URL must start with smtp/],
    [{ PORT: "70000" }, /PORT/],
    [{ OUTBOUND_PORTS: "80, http" }, /OUTBOUND_PORTS.* must be a comma-separated list of ports/],
    [{ OUTBOUND_PORTS: "443,70000" }, /OUTBOUND_PORTS/],
    [{ OUTBOUND_PORTS: "," }, /OUTBOUND_PORTS must name at least one port/],
    [{ OUTBOUND_TEST_HOSTS: "localhost" }, /OUTBOUND_TEST_HOSTS.* must be .* host:port/],
    [{ OUTBOUND_TEST_HOSTS: "http://127.0.0.1:80" }, /OUTBOUND_TEST_HOSTS/],
    [{ SITE_TIME_ZONE: "Mountain Time" }, /SITE_TIME_ZONE must be an IANA time zone/],
    [{ TWO_FACTOR_KEY: "too-short" }, /TWO_FACTOR_KEY must be 32 random bytes as 64 hex/],
    [{ TWO_FACTOR_KEY: "ab".repeat(16) }, /TWO_FACTOR_KEY must be 32 random bytes/],
    [{ TWO_FACTOR_KEY_PREVIOUS: "zz".repeat(32) }, /TWO_FACTOR_KEY_PREVIOUS must be 32 random/],
  ])("still rejects malformed values: %o", (source, message) => {
    expect(() => parseEnv({ ...development, ...source })).toThrow(message);
  });
});

describe("the two-factor key", () => {
  test("is unset by default: the key sealing two-factor secrets is derived from SESSION_SECRET", () => {
    const env = parseEnv(development);
    expect(env.TWO_FACTOR_KEY).toBeUndefined();
    expect(env.TWO_FACTOR_KEY_PREVIOUS).toBeUndefined();
  });

  test("reads 32 bytes written as hex or as base64", () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, index) => index * 7));
    const env = parseEnv({
      ...development,
      TWO_FACTOR_KEY: key.toString("hex"),
      TWO_FACTOR_KEY_PREVIOUS: key.toString("base64"),
    });
    expect(env.TWO_FACTOR_KEY?.equals(key)).toBe(true);
    expect(env.TWO_FACTOR_KEY_PREVIOUS?.equals(key)).toBe(true);
  });
});
