// Password reset by email on a real SQLite file: the same answer for every address, a link only
// for a confirmed account, stored as a hash, working once and for an hour, replaced by a newer
// one; a new password that new passwords may be, every session ended, and the second factor
// still asked for at the next sign-in. The form's limits answer 429.
import crypto from "node:crypto";
import { generateSecret } from "otplib";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { NEW_PASSWORD_MESSAGES } from "~/features/accounts/password-rules";
import { findUserById, insertUser, type User } from "~/features/accounts/user-queries.server";
import { currentUser, userAwaitingSecondFactor } from "~/features/accounts/admin-session.server";
import { hashPassword, verifyPassword } from "~/features/accounts/passwords.server";
import {
  PASSWORD_RESET_LIFETIME_MS,
  passwordResetState,
  requestPasswordReset,
  resetPassword,
} from "~/features/accounts/password-reset.server";
import { setTotp } from "~/features/accounts/two-factor-queries.server";
import { sealTotpSecret } from "~/features/accounts/totp-secret-sealing.server";
import { action as signInAction } from "~/routes/admin.auth";
import { action as forgotAction, RESET_LINK_SENT } from "~/routes/admin.forgot-password";
import {
  action as resetAction,
  headers as resetHeaders,
  loader as resetLoader,
  LINK_CLOSED,
  PASSWORD_CHANGED,
} from "~/routes/admin.reset-password";
import { callAction, routeArgs } from "./support/actions";
import { COMMON_WITH_CHANGES, GUESSABLE_PASSWORDS, PERSONAL } from "./support/passwords";
import { form, sessionCookieOf, signedIn, toastOf } from "./support/staff";

const OLD_PASSWORD = "the password before";
const NEW_PASSWORD = "a brand new passphrase";
const MINUTE = 60_000;

let oldHash: string;
let accounts = 0;

beforeAll(async () => {
  oldHash = await hashPassword(OLD_PASSWORD);
});

function newAccount({ confirmed = true } = {}): User {
  accounts += 1;
  return insertUser(db, {
    email: `reset-${accounts}@example.org`,
    passwordHash: oldHash,
    ...(confirmed ? { confirmedAt: new Date("2026-11-01T00:00:00Z") } : {}),
  });
}

const mailsTo = (email: string) =>
  db.$client
    .prepare("select subject, text_body from outbox where recipient = ? order by id")
    .all(email) as { subject: string; text_body: string }[];

const tokenIn = (text: string) => /\/admin\/reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? "";

/** The token of the last link mailed to the address. */
const lastTokenTo = (email: string) => tokenIn(mailsTo(email).at(-1)?.text_body ?? "");

const askForLink = (email: string, clientIp = "203.0.113.40") =>
  callAction(forgotAction, form("http://localhost/admin/forgot-password", { email }), clientIp);

const resetUrl = (token: string) =>
  `http://localhost/admin/reset-password?token=${encodeURIComponent(token)}`;

const openLink = (token: string) =>
  callAction(resetLoader, new Request(resetUrl(token)), "203.0.113.41");

const postNewPassword = (token: string, password: string) =>
  callAction(resetAction, form(resetUrl(token), { token, password }), "203.0.113.42");

/** What the notice a redirect leaves for the next page says. */
async function noticeOf(headers: Headers) {
  const toast = await toastOf(headers);
  return toast && { type: toast.type, title: toast.title, description: toast.description };
}

const signInWith = (email: string, password: string, clientIp: string) =>
  callAction(signInAction, form("http://localhost/admin/auth", { email, password }), clientIp);

const passwordHashOf = (user: User) => findUserById(db, user.id)?.passwordHash;

describe("asking for a link", () => {
  test("every address gets the same answer; only a confirmed account gets a link", async () => {
    const confirmed = newAccount();
    const unconfirmed = newAccount({ confirmed: false });
    const nobody = "nobody-here@example.org";
    const answers = [];
    for (const email of [confirmed.email, unconfirmed.email, nobody]) {
      const answer = await askForLink(email.toUpperCase());
      answers.push({
        status: answer.status,
        location: answer.headers.get("Location"),
        toast: await noticeOf(answer.headers),
      });
    }
    expect(answers[0]).toEqual({
      status: 302,
      location: "/admin/auth",
      toast: { type: "success", title: "Check your email", description: RESET_LINK_SENT },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(RESET_LINK_SENT).toBe(
      "If an account uses that address, we've sent it a link to choose a new password. The link works once, for one hour.",
    );

    const mails = mailsTo(confirmed.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Choose a new password for the Keelstone Operations admin");
    expect(lastTokenTo(confirmed.email)).toHaveLength(43);
    expect(mailsTo(unconfirmed.email)).toEqual([]);
    expect(mailsTo(nobody)).toEqual([]);
    const links = db.$client
      .prepare("select user_id from password_resets where user_id in (?, ?)")
      .all(confirmed.id, unconfirmed.id);
    expect(links).toEqual([{ user_id: confirmed.id }]);
  });

  test("the database keeps only the token's SHA-256", async () => {
    const user = newAccount();
    await requestPasswordReset(user.email);
    const token = lastTokenTo(user.email);
    const rows = db.$client
      .prepare("select token_hash from password_resets where user_id = ?")
      .all(user.id) as { token_hash: string }[];
    expect(rows).toEqual([
      { token_hash: crypto.createHash("sha256").update(token).digest("base64url") },
    ]);
    expect(JSON.stringify(db.$client.prepare("select * from password_resets").all())).not.toContain(
      token,
    );
  });

  test("a field that is not an email is refused at the field, and nothing is sent", async () => {
    const answer = await askForLink("not an address", "203.0.113.43");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      result: { error: { email: ["Please enter a valid email address."] } },
    });
  });
});

describe("the link", () => {
  test("works once: the form, a new password, then 410 and the old password refused", async () => {
    const user = newAccount();
    await askForLink(user.email);
    const token = lastTokenTo(user.email);

    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ token, state: "open" });

    const changed = await postNewPassword(token, NEW_PASSWORD);
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/admin/auth");
    expect(await noticeOf(changed.headers)).toEqual({
      type: "success",
      title: "Password changed",
      description: PASSWORD_CHANGED,
    });
    // Nobody is signed in by it.
    expect(sessionCookieOf(changed.headers)).toBe("");
    expect(await verifyPassword(passwordHashOf(user) ?? "", NEW_PASSWORD)).toBe(true);
    expect((await signInWith(user.email, OLD_PASSWORD, "198.51.100.20")).status).toBe(401);
    const signedIn = await signInWith(user.email, NEW_PASSWORD, "198.51.100.21");
    expect(signedIn.headers.get("Location")).toBe("/admin/waiting");

    expect(await openLink(token)).toMatchObject({
      status: 410,
      body: { token: null, state: "spent" },
    });
    const again = await postNewPassword(token, "yet another passphrase");
    expect(again.status).toBe(410);
    expect(await verifyPassword(passwordHashOf(user) ?? "", NEW_PASSWORD)).toBe(true);
    expect(mailsTo(user.email).at(-1)?.subject).toBe(
      "Your Keelstone Operations admin password was changed",
    );
  });

  test("two posts of the same link at once: exactly one sets its password", async () => {
    const user = newAccount();
    await requestPasswordReset(user.email);
    const token = lastTokenTo(user.email);
    const outcomes = await Promise.all([
      resetPassword(token, "first of two passwords"),
      resetPassword(token, "second of two passwords"),
    ]);
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(["changed", "spent"]);
    const winner = outcomes[0]?.outcome === "changed" ? "first" : "second";
    expect(await verifyPassword(passwordHashOf(user) ?? "", `${winner} of two passwords`)).toBe(
      true,
    );
    // One note that the password changed, not two.
    expect(mailsTo(user.email).filter((mail) => /was changed/.test(mail.subject))).toHaveLength(1);
  });

  test("a link is open for an hour and no longer", async () => {
    const user = newAccount();
    const sent = new Date("2026-11-25T09:00:00Z");
    await requestPasswordReset(user.email, sent);
    const token = lastTokenTo(user.email);
    const at = (ms: number) => new Date(sent.getTime() + ms);
    expect(passwordResetState(token, at(PASSWORD_RESET_LIFETIME_MS - MINUTE))).toBe("open");
    expect(passwordResetState(token, at(PASSWORD_RESET_LIFETIME_MS))).toBe("spent");
    expect(await resetPassword(token, NEW_PASSWORD, at(PASSWORD_RESET_LIFETIME_MS))).toEqual({
      outcome: "spent",
    });
    expect(passwordHashOf(user)).toBe(oldHash);
    expect(PASSWORD_RESET_LIFETIME_MS).toBe(60 * MINUTE);
  });

  test("a newer link spends the older one", async () => {
    const user = newAccount();
    await requestPasswordReset(user.email);
    const older = lastTokenTo(user.email);
    await requestPasswordReset(user.email);
    const newer = lastTokenTo(user.email);
    expect(newer).not.toBe(older);
    expect(passwordResetState(older)).toBe("spent");
    expect((await postNewPassword(older, NEW_PASSWORD)).status).toBe(410);
    expect(passwordHashOf(user)).toBe(oldHash);
    expect(passwordResetState(newer)).toBe("open");
  });

  test("an unknown link answers 404, its post too; what a closed link says", async () => {
    expect(await openLink("made-up-token")).toMatchObject({
      status: 404,
      body: { token: null, state: "unknown" },
    });
    expect(await openLink("")).toMatchObject({ status: 404 });
    expect((await postNewPassword("made-up-token", NEW_PASSWORD)).status).toBe(404);
    expect(LINK_CLOSED).toEqual({
      spent: {
        title: "This link no longer works",
        text: "This link was already used, or a newer one was sent, or its hour is over.",
      },
      unknown: {
        title: "This link does not work",
        text: "This link is not one we sent. Check that it was copied whole.",
      },
    });
  });

  test("the page is never stored and tells no other site its address", async () => {
    const user = newAccount();
    await requestPasswordReset(user.email);
    const opened = await openLink(lastTokenTo(user.email));
    expect(Object.fromEntries(opened.headers)).toEqual({
      "cache-control": "no-store",
      "referrer-policy": "same-origin",
    });
    expect(resetHeaders()).toEqual({
      "Cache-Control": "no-store",
      "Referrer-Policy": "same-origin",
    });
  });

  /** Posts a refused password through a fresh account's link and shows that nothing changed. */
  async function expectRefused(password: (user: User) => string, message: string) {
    const user = newAccount();
    await requestPasswordReset(user.email);
    const token = lastTokenTo(user.email);
    const refused = await postNewPassword(token, password(user));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: { error: { password: [message] } } });
    // The password typed is not sent back.
    expect(JSON.stringify(refused.body)).not.toContain(password(user));
    expect(passwordHashOf(user)).toBe(oldHash);
    expect(passwordResetState(token)).toBe("open");
    // Only the link was mailed: no "your password was changed".
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Choose a new password/),
    ]);
  }

  test.each<[string, string]>([
    ["short words", NEW_PASSWORD_MESSAGES.tooShort],
    ...GUESSABLE_PASSWORDS,
    ["Password1234", COMMON_WITH_CHANGES],
    ["Keelstone2026!", PERSONAL],
  ])("%j is refused at its field with %j, and nothing changes", async (password, message) => {
    await expectRefused(() => password, message);
  });

  test("a password built on the account's own address is refused, and nothing changes", async () => {
    // reset-N@example.org: "reset-N12345".
    await expectRefused((user) => `${user.email.split("@")[0]}12345`, PERSONAL);
  });
});

describe("after the new password", () => {
  test("every session of the account has ended; other accounts' have not", async () => {
    const user = newAccount();
    const other = newAccount();
    const sessions = [await signedIn(user), await signedIn(user)];
    const othersSession = await signedIn(other);
    const requestWith = (cookie: string) =>
      new Request("http://localhost/admin/blog", { headers: { Cookie: cookie } });
    for (const cookie of sessions)
      expect(await currentUser(routeArgs(requestWith(cookie)))).not.toBeNull();

    await requestPasswordReset(user.email);
    expect(await resetPassword(lastTokenTo(user.email), NEW_PASSWORD)).toEqual({
      outcome: "changed",
      userId: user.id,
    });
    for (const cookie of sessions)
      expect(await currentUser(routeArgs(requestWith(cookie)))).toBeNull();
    expect((await currentUser(routeArgs(requestWith(othersSession))))?.id).toBe(other.id);
    const left = db.$client
      .prepare("select count(*) as count from sessions where user_id = ?")
      .get(user.id) as { count: number };
    expect(left.count).toBe(0);
  });

  test("an account with two-factor sign-in still needs its code", async () => {
    const user = newAccount();
    setTotp(db, user.id, { secret: sealTotpSecret(generateSecret()), lastTimeStep: 0 });
    await requestPasswordReset(user.email);
    expect((await postNewPassword(lastTokenTo(user.email), NEW_PASSWORD)).status).toBe(302);

    const signedIn = await signInWith(user.email, NEW_PASSWORD, "198.51.100.30");
    expect(signedIn.headers.get("Location")).toBe("/admin/two-factor");
    const request = new Request("http://localhost/admin/blog", {
      headers: { Cookie: sessionCookieOf(signedIn.headers) },
    });
    expect(await currentUser(routeArgs(request))).toBeNull();
    expect((await userAwaitingSecondFactor(routeArgs(request)))?.id).toBe(user.id);
    expect(findUserById(db, user.id)?.totpSecret).not.toBeNull();
  });
});

describe("limits", () => {
  test("past 5 requests for one address, from any client, the answer is 429", async () => {
    const user = newAccount();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await askForLink(user.email, `192.0.2.${100 + attempt}`)).status).toBe(302);
    }
    const refused = await askForLink(user.email.toUpperCase(), "192.0.2.120");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      notice: { title: "Too many attempts", description: expect.stringMatching(/wait/) },
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(mailsTo(user.email)).toHaveLength(5);
    // An address without an account is counted the same, so the limit tells nothing either.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await askForLink("no-account@example.org", `192.0.2.${130 + attempt}`);
    }
    expect((await askForLink("no-account@example.org", "192.0.2.140")).status).toBe(429);
  });

  test("past 10 requests from one client address, the answer is 429", async () => {
    const clientIp = "198.51.100.77";
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await askForLink(`someone-${attempt}@example.org`, clientIp)).status).toBe(302);
    }
    const user = newAccount();
    const refused = await askForLink(user.email, clientIp);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ notice: { title: "Too many attempts" } });
    expect(mailsTo(user.email)).toEqual([]);
  });
});
