// The password sign-in as one accounts call, on a real SQLite file: each of its five outcomes,
// what each leaves behind (a session or none, a failure counted or forgotten, the owner claimed),
// and the strategy reading the posted request itself.
import { generate } from "otplib";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { insertUser, type User } from "~/features/accounts/user-queries.server";
import {
  currentUser,
  signInWithPassword,
  userAwaitingSecondFactor,
} from "~/features/accounts/index.server";
import { hashPassword } from "~/features/accounts/passwords.server";
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from "~/features/accounts/sign-in-throttle.server";
import { confirmTotp, totpSetup } from "~/features/accounts/two-factor.server";
import { routeArgs } from "./support/actions";
import { cookieOf, signedIn } from "./support/staff";

const PASSWORD = "correct horse battery";
const confirmed = new Date("2026-11-01T00:00:00Z");

let passwordHash: string;
let accounts = 0;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function newAccount({ unconfirmed = false } = {}): User {
  accounts += 1;
  return insertUser(db, {
    email: `staff-${accounts}@example.org`,
    passwordHash,
    ...(unconfirmed ? {} : { confirmedAt: confirmed }),
    approvedAt: confirmed,
  });
}

const requestWith = (cookie: string) =>
  new Request("http://localhost/admin/blog", { headers: { Cookie: cookie } });

/** The sign-in form as the browser posts it, urlencoded or as multipart. */
const post = (email: string, password: string, { multipart = false } = {}) => {
  const fields = { mode: "signin", email, password };
  const body = multipart ? new FormData() : new URLSearchParams(fields);
  if (body instanceof FormData)
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request("http://localhost/admin/auth", { method: "POST", body });
};

const signIn = (email: string, password: string, clientIp: string) =>
  signInWithPassword(post(email, password), email, clientIp);

const sessionsOf = (user: User) =>
  (
    db.$client.prepare("select count(*) as count from sessions where user_id = ?").get(user.id) as {
      count: number;
    }
  ).count;

const ownerFlag = (user: User) =>
  (db.$client.prepare("select owner from users where id = ?").get(user.id) as { owner: number })
    .owner;

describe("signInWithPassword", () => {
  test("the right password signs in: a full session, and the install's first owner", async () => {
    const user = newAccount();
    expect(ownerFlag(user)).toBe(0);
    const signedIn = await signIn(`  ${user.email.toUpperCase()} `, PASSWORD, "192.0.2.1");
    expect(signedIn).toMatchObject({ outcome: "signed-in", user: { id: user.id } });
    if (signedIn.outcome !== "signed-in") return;
    expect(signedIn.cookie).toMatch(/^admin_session=.*HttpOnly/);
    expect((await currentUser(routeArgs(requestWith(cookieOf(signedIn.cookie)))))?.id).toBe(
      user.id,
    );
    // Nobody owned this install, so the first admin in now does.
    expect(ownerFlag(user)).toBe(1);
  });

  test("the strategy reads the request it is handed, a multipart one too", async () => {
    const user = newAccount();
    const request = post(user.email, PASSWORD, { multipart: true });
    const signedIn = await signInWithPassword(request, user.email, "192.0.2.2");
    expect(signedIn.outcome).toBe("signed-in");
  });

  test("a wrong password, an unknown email and an unconfirmed account's wrong password are all just invalid", async () => {
    const user = newAccount();
    const unconfirmed = newAccount({ unconfirmed: true });
    for (const [email, password] of [
      [user.email, "wrong password"],
      ["nobody@example.org", PASSWORD],
      [unconfirmed.email, "wrong password"],
    ] as const) {
      expect(await signIn(email, password, "192.0.2.3"), email).toEqual({ outcome: "invalid" });
    }
    expect(sessionsOf(user) + sessionsOf(unconfirmed)).toBe(0);
  });

  test("an unconfirmed account's right password is told apart, and opens nothing", async () => {
    const unconfirmed = newAccount({ unconfirmed: true });
    const signedIn = await signIn(unconfirmed.email, PASSWORD, "192.0.2.5");
    expect(signedIn).toMatchObject({ outcome: "unconfirmed", user: { id: unconfirmed.id } });
    expect(sessionsOf(unconfirmed)).toBe(0);
    expect(ownerFlag(unconfirmed)).toBe(0);
  });

  test(`past ${FAILURES_PER_ACCOUNT_AND_ADDRESS} failures on one account from one address it is too many, even with the right password`, async () => {
    const user = newAccount();
    for (let attempt = 1; attempt <= FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await signIn(user.email, `guess ${attempt}`, "198.51.100.1")).outcome).toBe(
        "invalid",
      );
    }
    const refused = await signIn(user.email, PASSWORD, "198.51.100.1");
    expect(refused.outcome).toBe("too-many");
    if (refused.outcome !== "too-many") return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(sessionsOf(user)).toBe(0);
    // Another address is not refused, and its success forgets the account's failures.
    expect((await signIn(user.email, PASSWORD, "198.51.100.2")).outcome).toBe("signed-in");
  });

  test("an account with an authenticator app needs its code: a half-way session, no owner claim", async () => {
    const user = newAccount();
    const setUp = requestWith(await signedIn(user));
    const now = new Date();
    const { key } = await totpSetup(setUp, user, now);
    const code = await generate({ secret: key, epoch: Math.floor(now.getTime() / 1000) });
    expect((await confirmTotp(setUp, user, code, "192.0.2.4", now)).outcome).toBe("accepted");
    db.$client.prepare("update users set owner = 0").run();

    const answer = await signIn(user.email, PASSWORD, "192.0.2.4");
    expect(answer).toMatchObject({ outcome: "needs-second-factor", user: { id: user.id } });
    if (answer.outcome !== "needs-second-factor") return;
    const halfWay = requestWith(cookieOf(answer.cookie));
    expect(await currentUser(routeArgs(halfWay))).toBeNull();
    expect((await userAwaitingSecondFactor(routeArgs(halfWay)))?.id).toBe(user.id);
    expect(ownerFlag(user)).toBe(0);
  });
});
