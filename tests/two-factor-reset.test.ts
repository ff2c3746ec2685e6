// An owner resets another admin's two-factor sign-in (decision 072), on a real SQLite file with the
// outbox worker delivering to a real SMTP server on 127.0.0.1: only owners (403 for the others),
// never their own account, a confirmation step first; afterwards the admin signs in with the
// password alone, passkeys kept, the reset in the audit log and in the admin's mail.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { currentUser } from "~/features/accounts/admin-session.server";
import { insertPasskey } from "~/features/accounts/passkey-queries.server";
import { setTwoFactorRequired } from "~/features/accounts/two-factor.server";
import { findUserById, type User } from "~/features/accounts/user-queries.server";
import { action as signInAction } from "~/routes/admin.auth";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users";
import { answerOf, callAction, routeArgs } from "./support/actions";
import { startMailDelivery } from "./support/mail-delivery";
import { form, sessionCookieOf, signedIn, staffAccounts, toastOf } from "./support/staff";
import { turnOnTwoFactor } from "./support/two-factor";

const PASSWORD = "correct horse battery";
const confirmed = new Date("2026-11-01T00:00:00Z");
const OWNER_IP = "198.51.100.77";

const { sink, stop: stopMailDelivery } = await startMailDelivery();
const staff = await staffAccounts(PASSWORD, { at: confirmed });
let owner: User;
let colleague: User;

beforeAll(() => {
  owner = staff({ owner: true });
  colleague = staff();
});

afterAll(stopMailDelivery);

const pressReset = async (by: User, target: User) =>
  callAction(
    usersAction,
    form(
      "http://localhost/admin/users",
      { intent: "reset-two-factor", userId: String(target.id) },
      await signedIn(by),
    ),
    OWNER_IP,
  );
const signInWithPassword = (user: User) =>
  callAction(
    signInAction,
    form("http://localhost/admin/auth", { email: user.email, password: PASSWORD }),
    "198.51.100.78",
  );

const resetEntries = (target: User) =>
  db.$client
    .prepare(
      "select actor_user_id, actor_email, target, ip_address from audit_log where action = 'two_factor.reset' and target = ?",
    )
    .all(`user:${target.id}`);
const countOf = (table: string, user: User) =>
  (
    db.$client.prepare(`select count(*) as count from ${table} where user_id = ?`).get(user.id) as {
      count: number;
    }
  ).count;

/** An admin with two-factor on, a passkey and a session awaiting its code. */
async function adminWithTwoFactor() {
  const admin = staff();
  await turnOnTwoFactor(admin);
  insertPasskey(db, {
    userId: admin.id,
    credentialId: `credential-${admin.id}`,
    publicKey: Buffer.from([1, 2, 3]),
    counter: 0,
    transports: ["internal"],
    name: "Laptop",
    createdAt: confirmed,
  });
  expect((await signInWithPassword(admin)).headers.get("Location")).toBe("/admin/two-factor");
  return admin;
}

describe("resetting another admin's two-factor sign-in", () => {
  test("asks first: the owner's page offers the confirmation step, nobody else's", async () => {
    const admin = await adminWithTwoFactor();
    const ask = async (by: User, target: User) => {
      const request = new Request(`http://localhost/admin/users?reset-two-factor=${target.id}`, {
        headers: { Cookie: await signedIn(by) },
      });
      const { body } = answerOf(await usersLoader(routeArgs(request)));
      return (body as { resetting?: { id: number } }).resetting;
    };
    expect(await ask(owner, admin)).toMatchObject({ id: admin.id, twoFactor: true });
    expect(await ask(colleague, admin)).toBeUndefined();
    // Nor for the owner's own account, nor one without two-factor.
    await turnOnTwoFactor(owner);
    expect(await ask(owner, owner)).toBeUndefined();
    expect(await ask(owner, colleague)).toBeUndefined();
  });

  test("an admin who is not an owner gets 403 and changes nothing", async () => {
    const admin = await adminWithTwoFactor();
    const before = findUserById(db, admin.id);
    const answer = await pressReset(colleague, admin);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "Only an owner can reset two-factor sign-in." });
    expect(findUserById(db, admin.id)).toEqual(before);
    expect(countOf("recovery_codes", admin)).toBe(10);
    expect(resetEntries(admin)).toEqual([]);
  });

  test("an owner's reset leaves the password alone to sign in, keeps passkeys, is audited and emailed", async () => {
    const admin = await adminWithTwoFactor();
    const answer = await pressReset(owner, admin);
    expect(answer.status).toBe(302);
    expect(await toastOf(answer.headers)).toMatchObject({
      title: "Two-factor sign-in reset",
      description: expect.stringContaining(`${admin.email} signs in with their password alone`),
    });
    const after = findUserById(db, admin.id);
    expect(after).toMatchObject({ totpSecret: null, totpLastTimeStep: null });
    expect(countOf("recovery_codes", admin)).toBe(0);
    // Signed out everywhere, the session awaiting its code (and any key being set up) with it.
    expect(countOf("sessions", admin)).toBe(0);
    expect(countOf("passkeys", admin)).toBe(1);
    expect(resetEntries(admin)).toEqual([
      {
        actor_user_id: owner.id,
        actor_email: owner.email,
        target: `user:${admin.id}`,
        ip_address: OWNER_IP,
      },
    ]);
    const mail = await sink.mailTo(admin.email, /^Two-factor sign-in was reset/);
    expect(mail.text).toContain(owner.email);
    expect(mail.text).toContain("Sign in with your password alone");
    expect(mail.text).toContain("Your passkeys still work");

    const signIn = await signInWithPassword(admin);
    expect(signIn.headers.get("Location")).toBe("/admin/blog");
    const cookie = sessionCookieOf(signIn.headers);
    const request = new Request("http://localhost/admin/blog", { headers: { Cookie: cookie } });
    expect((await currentUser(routeArgs(request)))?.id).toBe(admin.id);

    // Pressed again (a second owner's tab), there is nothing left to reset.
    const again = await pressReset(owner, admin);
    expect(again.status).toBe(409);
    expect(resetEntries(admin)).toHaveLength(1);
  });

  test("where two-factor is required, the reset admin is sent to set it up after the password", async () => {
    const admin = await adminWithTwoFactor();
    expect(setTwoFactorRequired(owner, true, "203.0.113.9")).toBe("saved");
    try {
      const answer = await pressReset(owner, admin);
      expect(await toastOf(answer.headers)).toMatchObject({
        description: expect.stringContaining("before anything else opens"),
      });
      const mail = await sink.mailTo(admin.email, /^Two-factor sign-in was reset/);
      expect(mail.text).toContain("takes you to Security");
      expect((await signInWithPassword(admin)).headers.get("Location")).toBe("/admin/security");
    } finally {
      setTwoFactorRequired(owner, false, "203.0.113.9");
    }
  });

  test("an owner's own account, or one that is gone, is refused with the reason", async () => {
    const own = await pressReset(owner, owner);
    expect(own.status).toBe(409);
    expect(own.body).toEqual({
      error: "Your own two-factor sign-in is turned off or changed at Security.",
    });
    const gone = await pressReset(owner, { ...colleague, id: 99_999 });
    expect(gone.status).toBe(404);
  });
});
