// Staff sign-in and sessions on a real SQLite file: who gets in, for how long, and what everyone
// else is told.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { deleteSessionsOfUser } from "~/features/accounts/session-queries.server";
import { insertUser, type User } from "~/features/accounts/user-queries.server";
import { action as signInAction } from "~/routes/admin.auth";
import { action as signOutAction } from "~/routes/admin.sign-out";
import { action as usersAction } from "~/routes/admin.users";
import { changeAccount, claimOwnershipIfNone } from "~/features/accounts/accounts.server";
import {
  currentUser,
  endSession,
  requireAdmin,
  startSession,
} from "~/features/accounts/admin-session.server";
import { ABSOLUTE_LIMIT_MS, IDLE_TIMEOUT_MS } from "~/features/accounts/session-limits";
import { hashPassword } from "~/features/accounts/passwords.server";
import {
  FAILURES_PER_ACCOUNT_AND_ADDRESS,
  MAX_DELAY_MS,
} from "~/features/accounts/sign-in-throttle.server";
import { callAction, routeArgs } from "./support/actions";
import { cookieOf, form, signedIn, toastOf } from "./support/staff";
import { whileDatabaseIsReadOnly } from "./support/storage";

const PASSWORD = "correct horse battery";
const MINUTE = 60_000;
const confirmed = new Date("2026-11-01T00:00:00Z");

let owner: User;
let approved: User;
let allowlisted: User;
let waiting: User;
let unconfirmed: User;

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  owner = insertUser(db, {
    email: "first@example.org",
    passwordHash,
    confirmedAt: confirmed,
    approvedAt: confirmed,
    owner: true,
  });
  approved = insertUser(db, {
    email: "Approved@Example.org",
    passwordHash,
    confirmedAt: confirmed,
    approvedAt: confirmed,
  });
  allowlisted = insertUser(db, {
    email: "owner@keelstone.example.com",
    passwordHash,
    confirmedAt: confirmed,
  });
  waiting = insertUser(db, { email: "waiting@example.org", passwordHash, confirmedAt: confirmed });
  unconfirmed = insertUser(db, { email: "new@example.org", passwordHash });
  for (const email of ["rotated@example.org", "resets@example.org"]) {
    insertUser(db, { email, passwordHash, confirmedAt: confirmed, approvedAt: confirmed });
  }
});

const requestWith = (cookie: string, method = "GET") =>
  new Request("http://localhost/admin/blog", { method, headers: { Cookie: cookie } });

async function thrownBy(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return thrown as Response | { init?: ResponseInit | null };
  }
  throw new Error("expected the guard to refuse");
}

describe("sessions", () => {
  test("a session finds its user, slides with activity, and ends after two idle hours", async () => {
    const start = new Date("2026-11-23T09:00:00Z");
    const cookie = await signedIn(approved, start);
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect((await currentUser(routeArgs(requestWith(cookie)), at(90)))?.id).toBe(approved.id);
    // Activity at 90 minutes moved the idle deadline to 210 minutes.
    expect((await currentUser(routeArgs(requestWith(cookie)), at(200)))?.id).toBe(approved.id);
    expect(
      await currentUser(routeArgs(requestWith(cookie)), at(200 + IDLE_TIMEOUT_MS / MINUTE + 1)),
    ).toBeNull();
    // Gone for good: the row was removed, not just ignored.
    expect(await currentUser(routeArgs(requestWith(cookie)), at(201))).toBeNull();
  });

  test("however active, a session ends after seven days", async () => {
    const start = new Date("2026-11-01T09:00:00Z");
    const cookie = await signedIn(approved, start);
    let now = start.getTime();
    while (now + 60 * MINUTE < start.getTime() + ABSOLUTE_LIMIT_MS) {
      now += 60 * MINUTE;
      expect(await currentUser(routeArgs(requestWith(cookie)), new Date(now))).not.toBeNull();
    }
    expect(
      await currentUser(
        routeArgs(requestWith(cookie)),
        new Date(start.getTime() + ABSOLUTE_LIMIT_MS),
      ),
    ).toBeNull();
  });

  test("signing in again replaces the session id; the old one no longer works", async () => {
    const first = await signedIn(approved);
    const second = cookieOf(await startSession(requestWith(first), approved.id));
    expect(second).not.toBe(first);
    expect(await currentUser(routeArgs(requestWith(first)))).toBeNull();
    expect((await currentUser(routeArgs(requestWith(second))))?.id).toBe(approved.id);
  });

  test("signing out and revoking an account end their sessions at once", async () => {
    const signedOut = await signedIn(approved);
    expect(await endSession(requestWith(signedOut), "203.0.113.10")).toEqual({
      ended: true,
      clearedCookie: expect.stringMatching(/Max-Age=0/),
    });
    expect(await currentUser(routeArgs(requestWith(signedOut)))).toBeNull();

    const revoked = await signedIn(waiting);
    deleteSessionsOfUser(db, waiting.id);
    expect(await currentUser(routeArgs(requestWith(revoked)))).toBeNull();
  });

  test("a forged or altered cookie is nobody", async () => {
    const real = await signedIn(approved);
    // Change one character of the signature to a different one (never a no-op).
    const position = real.length - 2;
    const replacement = real[position] === "A" ? "B" : "A";
    const altered = `${real.slice(0, position)}${replacement}${real.slice(position + 1)}`;
    expect(altered).not.toBe(real);
    expect(await currentUser(routeArgs(requestWith(altered)))).toBeNull();
    expect(await currentUser(routeArgs(requestWith("admin_session=someone-else")))).toBeNull();
  });
});

describe("signing out", () => {
  const signOut = (cookie: string) =>
    callAction(
      signOutAction,
      new Request("http://localhost/admin/sign-out", {
        method: "POST",
        headers: { Cookie: cookie },
      }),
    );

  test("ends the session on the server and clears the cookie", async () => {
    const cookie = await signedIn(approved);
    const { status, headers } = await signOut(cookie);
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/admin/auth");
    expect(headers.get("Set-Cookie")).toMatch(/^admin_session=;.*Max-Age=0/);
    expect(await currentUser(routeArgs(requestWith(cookie)))).toBeNull();
  });

  test("when the session cannot be ended, the admin stays signed in and is told 'Error'", async () => {
    const cookie = await signedIn(approved);
    // A real failure of the database write, not a stand-in: the disk refuses the delete.
    await whileDatabaseIsReadOnly(async () => {
      const { status, headers } = await signOut(cookie);
      expect(status).toBe(302);
      expect(headers.get("Location")).toBe("/admin/blog");
      expect(
        headers.getSetCookie().some((setCookie) => setCookie.startsWith("admin_session=")),
      ).toBe(false);
      expect(await toastOf(headers)).toMatchObject({
        type: "error",
        title: "Error",
        description: "We could not sign you out. Please try again.",
      });
    });
    // Nothing pretended otherwise: the session still works, and signing out now succeeds.
    expect((await currentUser(routeArgs(requestWith(cookie))))?.id).toBe(approved.id);
    expect((await signOut(cookie)).headers.get("Location")).toBe("/admin/auth");
  });

  test("any other failure to end the session is a bug: thrown, never reported as signed out", async () => {
    const cookie = await signedIn(approved);
    db.$client.exec(
      "create temp trigger refuse_sign_out before delete on sessions begin select raise(abort, 'not the disk'); end",
    );
    try {
      await expect(signOut(cookie)).rejects.toThrow(/not the disk/);
    } finally {
      db.$client.exec("drop trigger refuse_sign_out");
    }
    expect((await currentUser(routeArgs(requestWith(cookie))))?.id).toBe(approved.id);
  });
});

describe("requireAdmin", () => {
  test("lets in approved and allowlisted accounts", async () => {
    for (const user of [approved, allowlisted]) {
      const cookie = await signedIn(user);
      expect((await requireAdmin(routeArgs(requestWith(cookie)))).id).toBe(user.id);
      expect((await requireAdmin(routeArgs(requestWith(cookie, "POST")))).id).toBe(user.id);
    }
  });

  test("sends a stranger to sign in (pages) or answers 401 (actions)", async () => {
    const page = (await thrownBy(requireAdmin(routeArgs(requestWith(""))))) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/auth");
    const post = await thrownBy(requireAdmin(routeArgs(requestWith("", "POST"))));
    expect((post as { init?: ResponseInit }).init?.status).toBe(401);
  });

  test("keeps a confirmed but unapproved account on the waiting page, or answers 403", async () => {
    const cookie = await signedIn(waiting);
    const page = (await thrownBy(requireAdmin(routeArgs(requestWith(cookie))))) as Response;
    expect(page.headers.get("Location")).toBe("/admin/waiting");
    const post = await thrownBy(requireAdmin(routeArgs(requestWith(cookie, "POST"))));
    expect((post as { init?: ResponseInit }).init?.status).toBe(403);
  });
});

describe("signing in", () => {
  const post = (fields: Record<string, string>) => form("http://localhost/admin/auth", fields);

  test("the right password starts a session and says welcome back", async () => {
    const { status, headers } = await callAction(
      signInAction,
      post({ email: "  APPROVED@example.org ", password: PASSWORD }),
      "192.0.2.1",
    );
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/admin/blog");
    const cookies = headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("admin_session="))).toBe(true);
    expect(cookies.find((cookie) => cookie.startsWith("admin_session="))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );
    expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);
  });

  test("an unknown email, a wrong password and an unconfirmed account's wrong password get the same answer", async () => {
    const answers = [];
    for (const [email, password] of [
      ["nobody@example.org", PASSWORD],
      ["approved@example.org", "wrong password"],
      [unconfirmed.email, "wrong password"],
    ] as const) {
      answers.push(await callAction(signInAction, post({ email, password }), "192.0.2.2"));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        notice: { title: "Authentication Error", description: "Invalid email or password." },
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });

  test("a malformed form is refused at its fields without checking any password", async () => {
    const { status, body } = await callAction(
      signInAction,
      post({ email: "not-an-email", password: "123" }),
      "192.0.2.3",
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      result: {
        error: {
          email: ["Please enter a valid email address."],
          password: ["Your password must be at least 6 characters."],
        },
      },
    });
  });

  test("the eleventh failure from one address in the window is refused with 429", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const { status } = await callAction(
        signInAction,
        post({ email: `guess${attempt}@example.org`, password: "guessing" }),
        "198.51.100.9",
      );
      expect(status).toBe(401);
    }
    const fromAddress = await callAction(
      signInAction,
      post({ email: "approved@example.org", password: PASSWORD }),
      "198.51.100.9",
    );
    expect(fromAddress.status).toBe(429);
    expect(Number(fromAddress.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test(`one address guessing one account is refused after ${FAILURES_PER_ACCOUNT_AND_ADDRESS} failures`, async () => {
    for (let attempt = 1; attempt <= FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      const { status } = await callAction(
        signInAction,
        post({ email: "waiting@example.org", password: `guess ${attempt}` }),
        "198.51.100.10",
      );
      expect(status).toBe(401);
    }
    const refused = await callAction(
      signInAction,
      post({ email: "waiting@example.org", password: PASSWORD }),
      "198.51.100.10",
    );
    expect(refused.status).toBe(429);
  });

  test("15 failures from 15 rotated addresses only slow the account down: its owner still signs in from another", async () => {
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      const { status } = await callAction(
        signInAction,
        post({ email: "rotated@example.org", password: `guess ${attempt}` }),
        `203.0.113.${attempt}`,
      );
      expect(status, `attempt ${attempt}`).toBe(401);
    }
    const started = Date.now();
    const owner = await callAction(
      signInAction,
      post({ email: "rotated@example.org", password: PASSWORD }),
      "192.0.2.200",
    );
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/admin/blog");
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_DELAY_MS - 50);

    // The success forgot the failures: the next sign-in waits for nothing.
    const again = Date.now();
    const next = await callAction(
      signInAction,
      post({ email: "rotated@example.org", password: PASSWORD }),
      "192.0.2.201",
    );
    expect(next.status).toBe(302);
    expect(Date.now() - again).toBeLessThan(MAX_DELAY_MS / 2);
  }, 30_000);

  test("a success resets the account's count from that address; successes never count", async () => {
    const attempt = (password: string) =>
      callAction(signInAction, post({ email: "resets@example.org", password }), "198.51.100.11");
    // Two rounds: eight failures from the address, more than one account-and-address allows.
    for (let round = 1; round <= 2; round += 1) {
      for (let failure = 1; failure < FAILURES_PER_ACCOUNT_AND_ADDRESS; failure += 1) {
        expect((await attempt(`wrong ${round}.${failure}`)).status).toBe(401);
      }
      expect((await attempt(PASSWORD)).status, `round ${round}`).toBe(302);
    }
    for (let success = 1; success <= 12; success += 1) {
      expect((await attempt(PASSWORD)).status, `success ${success}`).toBe(302);
    }
  });
});

describe("approving and revoking accounts", () => {
  const change = async (...args: Parameters<typeof changeAccount>) =>
    (await changeAccount(...args)).outcome;

  test("an owner approves a waiting account and revokes it again, ending its sessions", async () => {
    const cookie = await signedIn(waiting);
    expect(await change(owner, waiting.id, "approve", "203.0.113.10")).toBe("approved");
    expect((await requireAdmin(routeArgs(requestWith(cookie)))).id).toBe(waiting.id);
    expect(await change(owner, waiting.id, "revoke", "203.0.113.10")).toBe("revoked");
    expect(await currentUser(routeArgs(requestWith(cookie)))).toBeNull();
  });

  test("allowlisted accounts, one's own account and unknown ids cannot be revoked", async () => {
    expect(await change(owner, allowlisted.id, "revoke", "203.0.113.10")).toBe("not-allowed");
    expect(await change(owner, owner.id, "revoke", "203.0.113.10")).toBe("not-allowed");
    expect(await change(owner, 999_999, "approve", "203.0.113.10")).toBe("not-found");
  });

  test("an admin who is not an owner can neither approve, revoke nor name owners", async () => {
    const rightsOf = (id: number) =>
      db.$client.prepare("select approved_at, owner from users where id = ?").get(id);
    const before = [waiting.id, owner.id, approved.id].map(rightsOf);
    for (const intent of ["approve", "revoke", "make-owner", "remove-owner"] as const) {
      for (const target of [waiting, owner, approved]) {
        expect(
          await change(approved, target.id, intent, "203.0.113.10"),
          `${intent} ${target.email}`,
        ).toBe("not-owner");
      }
    }
    expect([waiting.id, owner.id, approved.id].map(rightsOf)).toEqual(before);
  });

  test("an owner names another owner, who may then act; the last owner cannot be removed", async () => {
    const ownerFlag = (id: number) =>
      (db.$client.prepare("select owner from users where id = ?").get(id) as { owner: number })
        .owner;
    expect(await change(owner, owner.id, "remove-owner", "203.0.113.10")).toBe("last-owner");
    expect(await change(owner, waiting.id, "make-owner", "203.0.113.10")).toBe("not-admin");
    expect(await change(owner, approved.id, "make-owner", "203.0.113.10")).toBe("owner-added");
    expect(ownerFlag(approved.id)).toBe(1);
    // Two owners: either may step down, but not both.
    expect(await change(approved, owner.id, "remove-owner", "203.0.113.10")).toBe("owner-removed");
    expect(await change(owner, approved.id, "remove-owner", "203.0.113.10")).toBe("not-owner");
    expect(await change(approved, approved.id, "remove-owner", "203.0.113.10")).toBe("last-owner");
    // Revoking an owner takes the role with the rights.
    expect(await change(approved, owner.id, "make-owner", "203.0.113.10")).toBe("owner-added");
    expect(await change(owner, approved.id, "revoke", "203.0.113.10")).toBe("revoked");
    expect(ownerFlag(approved.id)).toBe(0);
    expect(await change(owner, approved.id, "approve", "203.0.113.10")).toBe("approved");
    expect(ownerFlag(owner.id)).toBe(1);
  });

  test("the first admin to sign in on an install without an owner becomes it", () => {
    const ownerFlag = (id: number) =>
      (db.$client.prepare("select owner from users where id = ?").get(id) as { owner: number })
        .owner;
    // With an owner in place, nobody else becomes one by signing in.
    claimOwnershipIfNone(allowlisted.id);
    expect(ownerFlag(allowlisted.id)).toBe(0);
    db.$client.prepare("update users set owner = 0").run();
    // A waiting account is no admin, so it cannot claim the install.
    claimOwnershipIfNone(waiting.id);
    expect(ownerFlag(waiting.id)).toBe(0);
    claimOwnershipIfNone(allowlisted.id);
    expect(ownerFlag(allowlisted.id)).toBe(1);
    claimOwnershipIfNone(owner.id);
    expect(ownerFlag(owner.id)).toBe(0);
    db.$client.prepare("update users set owner = (id = ?)").run(owner.id);
  });

  test("an admin who is not an owner posting to Accounts gets 403 and the reason", async () => {
    const cookie = await signedIn(approved);
    const before = db.$client.prepare("select approved_at from users where id = ?").get(waiting.id);
    const answer = await callAction(
      usersAction,
      form(
        "http://localhost/admin/users",
        { intent: "approve", userId: String(waiting.id) },
        cookie,
      ),
    );
    expect(answer).toMatchObject({
      status: 403,
      body: { error: "Only an owner can approve or revoke accounts and name owners." },
    });
    expect(
      db.$client.prepare("select approved_at from users where id = ?").get(waiting.id),
    ).toEqual(before);
  });

  test("a stranger posting to the accounts action gets 401 and changes nothing", async () => {
    const before = db.$client.prepare("select approved_at from users where id = ?").get(waiting.id);
    const refused = await thrownBy(
      Promise.resolve(
        usersAction(
          routeArgs(
            form("http://localhost/admin/users", { intent: "approve", userId: String(waiting.id) }),
          ),
        ),
      ),
    );
    expect((refused as { init?: ResponseInit }).init?.status).toBe(401);
    expect(
      db.$client.prepare("select approved_at from users where id = ?").get(waiting.id),
    ).toEqual(before);
  });
});
