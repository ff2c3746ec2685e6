// Sign-up and email confirmation on a real SQLite file: one account per address, links that
// work once and for 24 hours, and the same answer whether or not the address is registered.
import { describe, expect, test } from "vitest";
import { db } from "~/db/db.server";
import { findUserByEmail } from "~/models/user.server";
import { action } from "~/routes/admin.auth";
import { loader as confirmLoader } from "~/routes/admin.confirm";
import { verifyPassword } from "~/services/passwords.server";
import { CONFIRMATION_LIFETIME_MS, confirmEmail, signUp } from "~/services/sign-up.server";
import { callAction, routeArgs } from "./support/actions";

const HOUR = 60 * 60 * 1000;

function lastEmailTo(email: string) {
  return db.$client
    .prepare("select subject, text_body from outbox where recipient = ? order by id desc limit 1")
    .get(email) as { subject: string; text_body: string } | undefined;
}

const tokenIn = (text: string) => /\/admin\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? "";

const postSignUp = (email: string, clientIp: string) =>
  callAction(
    action,
    new Request("http://localhost/admin/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode: "signup", email, password: "whatever it is" }),
    }),
    clientIp,
  );

/** Opens a confirmation link the way a browser would; a redirect comes back thrown. */
async function openConfirmation(token: string, clientIp: string) {
  try {
    const answer = await confirmLoader(
      routeArgs(new Request(`http://localhost/admin/confirm?token=${token}`), {
        context: { clientIp },
      }),
    );
    const wrapped = answer as { data: unknown; init: ResponseInit | null };
    return {
      status: wrapped.init?.status ?? 200,
      body: wrapped.data,
      headers: wrapped.init?.headers,
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, headers: thrown.headers };
  }
}

describe("sign-up", () => {
  test("a new address gets an unconfirmed account and a link that confirms it once", async () => {
    const start = new Date("2026-11-23T10:00:00Z");
    await signUp({ email: "Grace@Example.org", password: "first password" }, start);
    const user = findUserByEmail(db, "grace@example.org");
    expect(user?.confirmedAt).toBeNull();
    const mail = lastEmailTo("grace@example.org");
    expect(mail?.subject).toMatch(/Confirm your/);
    const token = tokenIn(mail?.text_body ?? "");
    expect(token).toHaveLength(43);

    expect(confirmEmail(token, new Date(start.getTime() + HOUR))).toBe("confirmed");
    expect(findUserByEmail(db, "grace@example.org")?.confirmedAt).toEqual(
      new Date(start.getTime() + HOUR),
    );
    expect(confirmEmail(token, new Date(start.getTime() + 2 * HOUR))).toBe("invalid");
  });

  test("a link older than 24 hours confirms nothing", async () => {
    const start = new Date("2026-11-23T10:00:00Z");
    await signUp({ email: "late@example.org", password: "some password" }, start);
    const token = tokenIn(lastEmailTo("late@example.org")?.text_body ?? "");
    expect(confirmEmail(token, new Date(start.getTime() + CONFIRMATION_LIFETIME_MS))).toBe(
      "invalid",
    );
    expect(findUserByEmail(db, "late@example.org")?.confirmedAt).toBeNull();
    expect(confirmEmail("made-up-token")).toBe("invalid");
  });

  test("signing up again before confirming sends a new link but keeps the first password", async () => {
    await signUp({ email: "twice@example.org", password: "the first one" });
    await signUp({ email: "twice@example.org", password: "someone else's" });
    const user = findUserByEmail(db, "twice@example.org");
    expect(await verifyPassword(user?.passwordHash ?? "", "the first one")).toBe(true);
    const links = db.$client
      .prepare("select count(*) as n from email_confirmations where user_id = ?")
      .get(user?.id) as { n: number };
    expect(links.n).toBe(2);
  });

  test("a registered address gets the same answer, a note by email, and no second account", async () => {
    const post = (email: string) => postSignUp(email, "192.0.2.50");
    const fresh = await post("fresh@example.org");
    const token = tokenIn(lastEmailTo("fresh@example.org")?.text_body ?? "");
    confirmEmail(token);
    const again = await post("fresh@example.org");

    for (const answer of [fresh, again]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin/auth");
    }
    expect(lastEmailTo("fresh@example.org")?.subject).toMatch(/already have/);
    const accounts = db.$client
      .prepare("select count(*) as n from users where email = 'fresh@example.org'")
      .get() as { n: number };
    expect(accounts.n).toBe(1);
  });
});

describe("abuse limits", () => {
  test("the eleventh sign-up in the window is refused with 429, from an address or for an account", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await postSignUp(`bulk${attempt}@example.org`, "198.51.100.20")).status).toBe(302);
    }
    const fromAddress = await postSignUp("one-more@example.org", "198.51.100.20");
    expect(fromAddress.status).toBe(429);
    expect(fromAddress.body).toMatchObject({
      notice: {
        title: "Too many attempts",
        description: "There have been too many attempts. Please wait a few minutes and try again.",
      },
    });
    expect(Number(fromAddress.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Refused before anything was written or sent.
    expect(findUserByEmail(db, "one-more@example.org")).toBeUndefined();
    expect(lastEmailTo("one-more@example.org")).toBeUndefined();

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await postSignUp("target@example.org", `203.0.113.${100 + attempt}`);
    }
    expect((await postSignUp("TARGET@example.org", "203.0.113.250")).status).toBe(429);
  });

  test("the eleventh confirmation link opened in the window gets 429 and confirms nothing", async () => {
    await signUp({ email: "patient@example.org", password: "some password" });
    const token = tokenIn(lastEmailTo("patient@example.org")?.text_body ?? "");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const guess = await openConfirmation(`guess-${attempt}`, "198.51.100.30");
      expect(guess.status).toBe(302);
      expect(new Headers(guess.headers).get("Location")).toBe("/admin/auth");
    }
    const refused = await openConfirmation(token, "198.51.100.30");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      notice: {
        title: "Too many attempts",
        description:
          "There have been too many attempts. Please wait a few minutes and open the link again.",
      },
    });
    expect(Number(new Headers(refused.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(findUserByEmail(db, "patient@example.org")?.confirmedAt).toBeNull();
    // The same link still works from elsewhere (or later): the limit refused, it did not spend it.
    expect((await openConfirmation(token, "198.51.100.31")).status).toBe(302);
    expect(findUserByEmail(db, "patient@example.org")?.confirmedAt).not.toBeNull();
  });
});
