// Two-factor secrets at rest (decision 072), on a real SQLite file, with this server's keys set as
// an operator rotating them sets them: TWO_FACTOR_KEY the new key, TWO_FACTOR_KEY_PREVIOUS the old.
// The column never holds the key; codes still work; keys stored plain before sealing, or sealed
// with the previous key, are sealed with the new one at start, once; a key no configured key
// opens refuses every code from the app, says why in the log, and is left as it is.
import crypto from "node:crypto";
import { generateSecret } from "otplib";
import { afterEach, describe, expect, test, vi } from "vitest";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { recoveryCodeHash } from "~/features/accounts/recovery-codes.server";
import {
  openTotpSecret,
  sealTotpSecret,
  totpKeysOf,
  type TotpKeys,
} from "~/features/accounts/totp-secret-sealing.server";
import {
  resealTotpSecrets,
  sealTotpSecretsAtStart,
} from "~/features/accounts/totp-secret-resealing.server";
import { checkSecondFactor, totpSetup } from "~/features/accounts/two-factor.server";
import { replaceRecoveryCodes, setTotp } from "~/features/accounts/two-factor-queries.server";
import { findUserById, type User } from "~/features/accounts/user-queries.server";
import { action as signInAction } from "~/routes/admin.auth";
import { callAction } from "./support/actions";
import { captureLogLines } from "./support/logs";
import { signedIn, staffAccounts } from "./support/staff";
import { codeAt, turnOnTwoFactor } from "./support/two-factor";

const KEYS = vi.hoisted(() => {
  const current = "4f".repeat(32);
  const previous = Buffer.alloc(32, 7).toString("base64");
  process.env.TWO_FACTOR_KEY = current;
  process.env.TWO_FACTOR_KEY_PREVIOUS = previous;
  return { current: Buffer.from(current, "hex"), previous: Buffer.from(previous, "base64") };
});

const PASSWORD = "correct horse battery";
const confirmed = new Date("2026-11-01T00:00:00Z");
const STEP_MS = 30_000;
const BASE32 = /^[A-Z2-7]+=*$/;

const newAdmin = await staffAccounts(PASSWORD, { at: confirmed });
let logs: ReturnType<typeof captureLogLines> | undefined;

afterEach(() => {
  logs?.restore();
  logs = undefined;
});

/** Exactly one key: what opens under it and nothing else. */
const only = (key: Buffer): TotpKeys => ({ current: key, previous: [] });
const fresh = (user: User) => findUserById(db, user.id) ?? user;
const storedOf = (user: User) =>
  (
    db.$client.prepare("select totp_secret from users where id = ?").get(user.id) as {
      totp_secret: string | null;
    }
  ).totp_secret ?? "";
/** As an earlier version stored it, straight into the column. */
const storePlain = (user: User, secret: string) =>
  db.$client
    .prepare("update users set totp_secret = ?, totp_last_time_step = null where id = ?")
    .run(secret, user.id);
const codeCheck = async (user: User, secret: string, at: Date) =>
  (await checkSecondFactor(fresh(user), await codeAt(secret, at), "192.0.2.40", at)).outcome;
const eventsIn = (lines: string[], event: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.event === event);

describe("turning two-factor sign-in on", () => {
  test("stores the key sealed with TWO_FACTOR_KEY, never as the key, and its codes still work", async () => {
    const user = newAdmin();
    const now = new Date("2026-11-25T12:00:15Z");
    const { key } = await turnOnTwoFactor(user, now);
    const stored = storedOf(user);
    expect(stored).toMatch(/^v1:[\w-]+$/);
    expect(stored).not.toContain(key);
    expect(stored.slice(3)).not.toMatch(BASE32);
    expect(openTotpSecret(stored, only(KEYS.current))).toBe(key);
    expect(openTotpSecret(stored, only(KEYS.previous))).toBeNull();
    // A random IV for each value: the same key sealed twice is stored differently.
    expect(sealTotpSecret(key)).not.toBe(sealTotpSecret(key));
    expect(await codeCheck(user, key, new Date(now.getTime() + 2 * STEP_MS))).toBe("accepted");
  });

  test("the key being set up waits in its session sealed too", async () => {
    const user = newAdmin();
    const request = new Request("http://localhost/admin/security", {
      headers: { Cookie: await signedIn(user) },
    });
    const { key } = await totpSetup(request, user);
    const { pending } = db.$client
      .prepare("select pending_totp_secret as pending from sessions where user_id = ?")
      .get(user.id) as { pending: string };
    expect(pending).toMatch(/^v1:/);
    expect(pending).not.toContain(key);
    expect(openTotpSecret(pending, only(KEYS.current))).toBe(key);
  });
});

describe("keys stored before sealing existed", () => {
  test("still verify, are sealed at start, and a second start changes nothing", async () => {
    const user = newAdmin();
    const secret = generateSecret();
    storePlain(user, secret);
    const now = new Date("2026-11-26T09:00:15Z");
    expect(await codeCheck(user, secret, now)).toBe("accepted");

    logs = captureLogLines();
    sealTotpSecretsAtStart();
    expect(eventsIn(logs.lines, "two_factor_secrets_sealed")).toEqual([
      expect.objectContaining({ level: "info", accounts: 1 }),
    ]);
    const sealed = storedOf(user);
    expect(sealed).toMatch(/^v1:/);
    expect(openTotpSecret(sealed, only(KEYS.current))).toBe(secret);

    expect(resealTotpSecrets(db)).toEqual({
      accounts: 0,
      sessions: 0,
      unreadableAccounts: [],
      unreadableSessions: 0,
    });
    expect(storedOf(user)).toBe(sealed);
    expect(await codeCheck(user, secret, new Date(now.getTime() + STEP_MS))).toBe("accepted");
  });
});

describe("rotating the key", () => {
  test("a key sealed with TWO_FACTOR_KEY_PREVIOUS verifies, and the start seals it with TWO_FACTOR_KEY", async () => {
    const user = newAdmin();
    const secret = generateSecret();
    setTotp(db, user.id, { secret: sealTotpSecret(secret, only(KEYS.previous)), lastTimeStep: 0 });
    const now = new Date("2026-11-27T09:00:15Z");
    expect(await codeCheck(user, secret, now)).toBe("accepted");

    expect(resealTotpSecrets(db).accounts).toBe(1);
    const stored = storedOf(user);
    expect(openTotpSecret(stored, only(KEYS.current))).toBe(secret);
    // The old key can be dropped now: nothing is sealed with it any more.
    expect(openTotpSecret(stored, only(KEYS.previous))).toBeNull();
    expect(await codeCheck(user, secret, new Date(now.getTime() + STEP_MS))).toBe("accepted");
  });

  test("setting TWO_FACTOR_KEY for the first time moves keys sealed with the one derived from SESSION_SECRET", async () => {
    const derived = totpKeysOf({ SESSION_SECRET: env.SESSION_SECRET });
    expect(derived.current.equals(KEYS.current)).toBe(false);
    const user = newAdmin();
    const secret = generateSecret();
    setTotp(db, user.id, { secret: sealTotpSecret(secret, derived), lastTimeStep: 0 });
    expect(resealTotpSecrets(db).accounts).toBe(1);
    expect(openTotpSecret(storedOf(user), only(KEYS.current))).toBe(secret);
  });
});

describe("a key that no configured key opens", () => {
  test("fails closed: no code from the app passes, the account keeps its second factor, the log says why", async () => {
    const user = newAdmin();
    const secret = generateSecret();
    const lost = crypto.randomBytes(32);
    setTotp(db, user.id, { secret: sealTotpSecret(secret, only(lost)), lastTimeStep: 0 });
    const recoveryCode = "abcd-efgh-ijkm-npqr";
    replaceRecoveryCodes(db, user.id, [recoveryCodeHash(recoveryCode)]);
    const stored = storedOf(user);

    logs = captureLogLines();
    expect(await codeCheck(user, secret, new Date())).toBe("wrong");
    expect(eventsIn(logs.lines, "two_factor_secret_unreadable")).toEqual([
      expect.objectContaining({ level: "error", userId: user.id }),
    ]);
    // The password alone still opens nothing: the code is asked for, and a recovery code works.
    const signIn = await callAction(
      signInAction,
      new Request("http://localhost/admin/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      }),
      "192.0.2.41",
    );
    expect(signIn.headers.get("Location")).toBe("/admin/two-factor");
    expect((await checkSecondFactor(fresh(user), recoveryCode, "192.0.2.41")).outcome).toBe(
      "accepted",
    );

    // The start names the account and leaves its stored key exactly as it was.
    sealTotpSecretsAtStart();
    expect(eventsIn(logs.lines, "two_factor_secrets_unreadable")).toEqual([
      expect.objectContaining({
        level: "error",
        userIds: [user.id],
        remedy: expect.stringContaining("TWO_FACTOR_KEY_PREVIOUS"),
      }),
    ]);
    expect(storedOf(user)).toBe(stored);
    // Given back as the previous key, it opens again and is sealed with the current one.
    expect(resealTotpSecrets(db, { current: KEYS.current, previous: [lost] }).accounts).toBe(1);
    expect(openTotpSecret(storedOf(user), only(KEYS.current))).toBe(secret);
  });
});
