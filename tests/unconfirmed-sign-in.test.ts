// Signing in to an account whose email is not confirmed yet, on a real SQLite file with the mail
// delivered to a real SMTP server: the right password says so and offers the link again, a wrong
// one gets the answer every failure gets; the link sent again confirms with that password, and an
// account gets only a few an hour.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { UNCONFIRMED_EMAIL } from "~/features/accounts";
import { INVALID_CREDENTIALS } from "~/features/accounts/index.server";
import { hashPassword } from "~/features/accounts/passwords.server";
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from "~/features/accounts/sign-in-throttle.server";
import { findUserByEmail, insertUser } from "~/features/accounts/user-queries.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action } from "~/routes/admin.auth";
import { action as confirmAction } from "~/routes/admin.confirm";
import { callAction } from "./support/actions";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import { cookieOf, form } from "./support/staff";

const PASSWORD = "correct horse battery";
const RESENDS_AN_HOUR = RATE_LIMITS.confirmationResendPerAccount.limit;

let sink: SmtpSink;
let accounts = 0;
let passwordHash: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => sink.stop());

/** An account that signed up and never confirmed, as sign-up leaves it. */
function unconfirmedAccount() {
  accounts += 1;
  return insertUser(db, { email: `unconfirmed-${accounts}@example.org`, passwordHash }).email;
}

const AUTH = "http://localhost/admin/auth";

const signIn = (email: string, password: string, clientIp = "192.0.2.20") =>
  callAction(action, form(AUTH, { mode: "signin", email, password }), clientIp);

const resend = (cookie: string) =>
  callAction(action, form(AUTH, { intent: "resend-confirmation" }, cookie), "192.0.2.20");

/** The Cookie header a browser sends back after this answer, for the cookie named. */
function cookieFrom(headers: Headers, name: string) {
  return headers
    .getSetCookie()
    .map(cookieOf)
    .find((cookie) => cookie.startsWith(`${name}=`));
}

/** The offer the right password leaves, as the browser sends it back. */
async function offerFor(email: string) {
  const answer = await signIn(email, PASSWORD);
  expect(answer.status).toBe(403);
  const offer = cookieFrom(answer.headers, "confirmation_offer");
  if (!offer) throw new Error("no offer was made");
  return offer;
}

/** Every email queued so far, delivered to the SMTP server; those it holds for `to`. */
async function deliveredTo(to: string) {
  const transport = createSmtpTransport(sink.url);
  try {
    await deliverDueMessages(db, { email: emailCourier(transport, "site@example.com") });
  } finally {
    transport.close?.();
  }
  return sink.messages.filter((mail) => mail.to.some((address) => address.includes(to)));
}

const tokenIn = (text: string) => /\/admin\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? "";

describe("signing in before the email is confirmed", () => {
  test("the right password says the email is not confirmed and offers the link again", async () => {
    const email = unconfirmedAccount();
    const answer = await signIn(email, PASSWORD);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      notice: { title: "Email not confirmed", description: UNCONFIRMED_EMAIL },
      offerConfirmation: true,
    });
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^confirmation_offer=[^;]+;/);
    for (const attribute of ["Max-Age=900", "Path=/admin", "HttpOnly", "SameSite=Lax"]) {
      expect(cookies[0]).toContain(`; ${attribute}`);
    }
    // Nobody is signed in.
    expect(cookieFrom(answer.headers, "admin_session")).toBeUndefined();
  });

  test("a wrong password gets the answer an unknown email gets, and counts as a failure", async () => {
    const email = unconfirmedAccount();
    const answers = [
      await signIn(email, "not the password", "192.0.2.30"),
      await signIn("nobody-at-all@example.org", PASSWORD, "192.0.2.30"),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        result: expect.anything(),
        notice: {
          id: expect.any(String),
          type: "error",
          title: "Authentication Error",
          description: INVALID_CREDENTIALS,
        },
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    for (let attempt = 2; attempt <= FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await signIn(email, `guess ${attempt}`, "192.0.2.31")).status).toBe(401);
    }
    expect((await signIn(email, "guess 6", "192.0.2.31")).status).toBe(401);
    // Throttled as any account is: past the limit even the right password is refused.
    const throttled = await signIn(email, PASSWORD, "192.0.2.31");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.getSetCookie()).toEqual([]);
  });
});

describe("sending the link again", () => {
  test("sends the confirmation email again, whose link confirms with the password typed", async () => {
    const email = unconfirmedAccount();
    const answer = await resend(await offerFor(email));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/auth");
    // The offer is spent.
    expect(cookieFrom(answer.headers, "confirmation_offer")).toBe("confirmation_offer=");

    const [mail, ...more] = await deliveredTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Confirm your .* admin account$/);
    const token = tokenIn(mail?.text ?? "");
    expect(token).toHaveLength(43);
    const confirmed = await callAction(
      confirmAction,
      new Request("http://localhost/admin/confirm", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, password: PASSWORD }),
      }),
      "192.0.2.21",
    ).catch((thrown: unknown) => {
      if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers };
      throw thrown;
    });
    expect(confirmed.status).toBe(302);
    expect(findUserByEmail(db, email)?.confirmedAt).not.toBeNull();
    // Confirmed, the same password now signs in (to the waiting page: nobody approved it).
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/waiting");
  });

  test("without the offer of a right password, nothing is sent", async () => {
    const email = unconfirmedAccount();
    const offer = await offerFor(email);
    const forged = offer.replace(/=.*/, `=${encodeURIComponent(btoa('{"userId":1}'))}`);
    for (const cookie of ["", forged]) {
      const answer = await resend(cookie);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ notice: { title: "Please sign in again" } });
    }
    expect(await deliveredTo(email)).toEqual([]);
  });

  test(`an account gets ${RESENDS_AN_HOUR} links an hour; the next is refused with 429`, async () => {
    const email = unconfirmedAccount();
    for (let sent = 1; sent <= RESENDS_AN_HOUR; sent += 1) {
      expect((await resend(await offerFor(email))).status).toBe(302);
    }
    const refused = await resend(await offerFor(email));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ notice: { title: "Too many attempts" } });
    expect(await deliveredTo(email)).toHaveLength(RESENDS_AN_HOUR);
  });

  test("an account confirmed meanwhile is told so, and nothing is sent", async () => {
    const email = unconfirmedAccount();
    const offer = await offerFor(email);
    db.$client.prepare("update users set confirmed_at = ? where email = ?").run(Date.now(), email);
    const answer = await resend(offer);
    expect(answer.status).toBe(302);
    expect(await deliveredTo(email)).toEqual([]);
  });
});
