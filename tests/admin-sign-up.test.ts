// Sign-up and email confirmation on a real SQLite file: one account per address, links that
// work once and for 24 hours, each holding the password chosen with it, and the same answer
// whether or not the address is registered.
import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { findUserByEmail } from "~/features/accounts/user-queries.server";
import { action } from "~/routes/admin.auth";
import {
  action as confirmAction,
  loader as confirmLoader,
  WRONG_PASSWORD,
} from "~/routes/admin.confirm";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import {
  CONFIRMATION_LIFETIME_MS,
  confirmEmail,
  signUp,
  WRONG_PASSWORDS_PER_LINK,
} from "~/features/accounts/sign-up.server";
import { callAction, routeArgs } from "./support/actions";
import { COMMON_WITH_CHANGES, GUESSABLE_PASSWORDS, PERSONAL } from "./support/passwords";

const HOUR = 60 * 60 * 1000;

function lastEmailTo(email: string) {
  return db.$client
    .prepare("select subject, text_body from outbox where recipient = ? order by id desc limit 1")
    .get(email) as { subject: string; text_body: string } | undefined;
}

function linksIn(email: string): string[] {
  const mails = db.$client
    .prepare("select text_body from outbox where recipient = ? order by id")
    .all(email) as { text_body: string }[];
  return mails.map((mail) => tokenIn(mail.text_body)).filter(Boolean);
}

const tokenIn = (text: string) => /\/admin\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? "";

const postSignUp = (email: string, clientIp: string, password = "whatever it is") =>
  callAction(
    action,
    new Request("http://localhost/admin/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode: "signup", email, password }),
    }),
    clientIp,
  );

/** A loader's or action's answer, whether returned or thrown (a redirect). */
async function answerOf(run: () => Promise<unknown>) {
  try {
    const answer = await run();
    const wrapped = answer as { data: unknown; init: ResponseInit | null };
    return {
      status: wrapped.init?.status ?? 200,
      body: wrapped.data,
      headers: new Headers(wrapped.init?.headers),
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, headers: thrown.headers };
  }
}

/** Opens a confirmation link the way a browser would. */
const openConfirmation = (token: string, clientIp: string) =>
  answerOf(() =>
    confirmLoader(
      routeArgs(new Request(`http://localhost/admin/confirm?token=${token}`), { clientIp }),
    ),
  );

/** Sends the confirmation page's form. */
const postConfirmation = (token: string, password: string, clientIp = "192.0.2.77") =>
  answerOf(() =>
    confirmAction(
      routeArgs(
        new Request(`http://localhost/admin/confirm?token=${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, password }),
        }),
        { clientIp },
      ),
    ),
  );

const signsIn = async (email: string, password: string) => {
  const request = new Request("http://localhost/admin/auth", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
  });
  return (await signInWithPassword(request, email, "192.0.2.50")).outcome === "signed-in";
};

describe("sign-up", () => {
  test("a new address gets an unconfirmed account and a link that confirms it once, with its password", async () => {
    const start = new Date("2026-11-23T10:00:00Z");
    await signUp({ email: "Grace@Example.org", password: "first password" }, start);
    const user = findUserByEmail(db, "grace@example.org");
    expect(user?.confirmedAt).toBeNull();
    const mail = lastEmailTo("grace@example.org");
    expect(mail?.subject).toMatch(/Confirm your/);
    const token = tokenIn(mail?.text_body ?? "");
    expect(token).toHaveLength(43);

    const later = new Date(start.getTime() + HOUR);
    expect(await confirmEmail(token, "not the password", later)).toBe("wrong-password");
    expect(findUserByEmail(db, "grace@example.org")?.confirmedAt).toBeNull();
    expect(await confirmEmail(token, "first password", later)).toBe("confirmed");
    expect(findUserByEmail(db, "grace@example.org")?.confirmedAt).toEqual(later);
    expect(await confirmEmail(token, "first password", new Date(start.getTime() + 2 * HOUR))).toBe(
      "invalid",
    );
  });

  test("a link older than 24 hours confirms nothing", async () => {
    const start = new Date("2026-11-23T10:00:00Z");
    await signUp({ email: "late@example.org", password: "some patient passphrase" }, start);
    const token = tokenIn(lastEmailTo("late@example.org")?.text_body ?? "");
    const expired = new Date(start.getTime() + CONFIRMATION_LIFETIME_MS);
    expect(await confirmEmail(token, "some patient passphrase", expired)).toBe("invalid");
    expect(findUserByEmail(db, "late@example.org")?.confirmedAt).toBeNull();
    expect(await confirmEmail("made-up-token", "some patient passphrase")).toBe("invalid");
  });

  test("opening a link only asks for the password; it confirms nothing by itself", async () => {
    await signUp({ email: "opener@example.org", password: "opener password" });
    const token = tokenIn(lastEmailTo("opener@example.org")?.text_body ?? "");
    const opened = await openConfirmation(token, "192.0.2.60");
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ token });
    expect(findUserByEmail(db, "opener@example.org")?.confirmedAt).toBeNull();
  });

  test("a squatter's earlier sign-up never sets the owner's password, whichever link the owner follows", async () => {
    const owner = "staff-owner@example.org";
    await postSignUp(owner, "198.51.100.90", "squatter's password");
    await postSignUp(owner, "192.0.2.91", "the owner's own password");
    const links = linksIn(owner);
    expect(links).toHaveLength(2);

    // The owner follows every link received, in the order received, with their own password.
    const answers = [];
    for (const token of links) {
      expect((await openConfirmation(token, "192.0.2.91")).status).toBe(200);
      answers.push(await postConfirmation(token, "the owner's own password"));
    }
    expect(answers[0]?.status).toBe(400);
    expect(JSON.stringify(answers[0]?.body)).toContain(WRONG_PASSWORD);
    expect(answers[1]?.status).toBe(302);
    expect(answers[1]?.headers.get("Location")).toBe("/admin/auth");

    expect(await signsIn(owner, "squatter's password")).toBe(false);
    expect(await signsIn(owner, "the owner's own password")).toBe(true);
    // The squatter's link is spent with the rest, even with the squatter's password.
    expect(await confirmEmail(links[0] ?? "", "squatter's password")).toBe("invalid");
    expect(await signsIn(owner, "squatter's password")).toBe(false);
  });

  test(`a link takes ${WRONG_PASSWORDS_PER_LINK} wrong passwords, then is spent`, async () => {
    await signUp({ email: "guessed@example.org", password: "the real one" });
    const token = tokenIn(lastEmailTo("guessed@example.org")?.text_body ?? "");
    for (let attempt = 1; attempt < WRONG_PASSWORDS_PER_LINK; attempt += 1) {
      expect(await confirmEmail(token, `guess ${attempt}`)).toBe("wrong-password");
    }
    expect(await confirmEmail(token, "last guess")).toBe("invalid");
    expect(await confirmEmail(token, "the real one")).toBe("invalid");
    expect(findUserByEmail(db, "guessed@example.org")?.confirmedAt).toBeNull();
  });

  test("a link made before links held a password no longer confirms", async () => {
    await signUp({ email: "old-link@example.org", password: "an old link's passphrase" });
    const token = tokenIn(lastEmailTo("old-link@example.org")?.text_body ?? "");
    db.$client.prepare("update email_confirmations set password_hash = null").run();
    expect((await openConfirmation(token, "192.0.2.61")).status).toBe(302);
    expect(await confirmEmail(token, "an old link's passphrase")).toBe("invalid");
  });

  test("a registered address gets the same answer, a note by email, and no second account", async () => {
    const post = (email: string) => postSignUp(email, "192.0.2.50");
    const fresh = await post("fresh@example.org");
    const token = tokenIn(lastEmailTo("fresh@example.org")?.text_body ?? "");
    expect(await confirmEmail(token, "whatever it is")).toBe("confirmed");
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

describe("a new password", () => {
  let clientIps = 0;
  /** Each from its own address: refusals for strength count toward the sign-up limits. */
  const nextClientIp = () => `192.0.2.${(clientIps += 1) + 140}`;

  test.each<[string, string]>([
    ["123456", "Your password must be at least 12 characters."],
    ["      ", "Your password must be at least 12 characters."],
    ["password", "Your password must be at least 12 characters."],
    [" ".repeat(14), "Your password cannot be only spaces."],
    ...GUESSABLE_PASSWORDS,
    ["Password1234", COMMON_WITH_CHANGES],
    ["Keelstone2026!", PERSONAL],
  ])(
    "%j is refused at the field with %j, and nothing is stored or sent",
    async (password, message) => {
      const email = `weak-${crypto.randomUUID()}@example.org`;
      const answer = await postSignUp(email, nextClientIp(), password);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ result: { error: { password: [message] } } });
      expect(findUserByEmail(db, email)).toBeUndefined();
      expect(lastEmailTo(email)).toBeUndefined();
    },
  );

  test("a password built on the address signing up is refused; the same one from another is not", async () => {
    const refused = await postSignUp(
      "marigold.finch@example.org",
      nextClientIp(),
      "marigold.finch7",
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: { error: { password: [PERSONAL] } } });
    expect(findUserByEmail(db, "marigold.finch@example.org")).toBeUndefined();
    expect(lastEmailTo("marigold.finch@example.org")).toBeUndefined();

    const accepted = await postSignUp("sam.reyes@example.org", nextClientIp(), "marigold.finch7");
    expect(accepted.status).toBe(302);
    expect(findUserByEmail(db, "sam.reyes@example.org")).toBeDefined();
  });

  test("signing in still takes an older, shorter password", async () => {
    const answer = await callAction(
      action,
      new Request("http://localhost/admin/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ mode: "signin", email: "old@example.org", password: "short1" }),
      }),
      "192.0.2.141",
    );
    // Refused as unknown credentials, not for its length.
    expect(answer.status).toBe(401);
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
    await signUp({ email: "patient@example.org", password: "some patient passphrase" });
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
    expect((await postConfirmation(token, "some patient passphrase", "198.51.100.30")).status).toBe(
      429,
    );
    expect(findUserByEmail(db, "patient@example.org")?.confirmedAt).toBeNull();
    expect((await openConfirmation(token, "198.51.100.31")).status).toBe(200);
    expect((await postConfirmation(token, "some patient passphrase", "198.51.100.31")).status).toBe(
      302,
    );
    expect(findUserByEmail(db, "patient@example.org")?.confirmedAt).not.toBeNull();
  });
});
