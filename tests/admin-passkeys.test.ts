// Passkeys on a real SQLite file, answered by a software authenticator (tests/support): added and
// used once per challenge, challenges that expire and belong to their account, refused answers
// (no one's passkey, another site's, an account without admin rights) that count as failed
// sign-ins, removal of one's own passkeys only, and a passkey's session as full as a code's.
import { generateSecret } from "otplib";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { insertUser, type User } from "~/features/accounts/user-queries.server";
import { requireAdmin, startSession } from "~/features/accounts/admin-session.server";
import { hashPassword } from "~/features/accounts/passwords.server";
import {
  CHALLENGE_LIFETIME_MS,
  PASSKEY_ALREADY_ADDED,
  PASSKEY_CHALLENGE_SPENT,
  PASSKEY_NO_ADMIN_RIGHTS,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_UNKNOWN,
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  passkeysOf,
  signInWithPasskey,
} from "~/features/accounts/passkeys.server";
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from "~/features/accounts/sign-in-throttle.server";
import { setTotp } from "~/features/accounts/two-factor-queries.server";
import { sealTotpSecret } from "~/features/accounts/totp-secret-sealing.server";
import { setTwoFactorRequired } from "~/features/accounts/two-factor.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { action as signInAction } from "~/routes/admin.auth";
import { loader as securityLoader } from "~/routes/admin.security";
import { action as addPasskeyAction } from "~/routes/admin.security.passkeys.add";
import { action as removePasskeyAction } from "~/routes/admin.security.passkeys.remove";
import {
  action as registrationOptionsAction,
  loader as registrationOptionsLoader,
} from "~/routes/admin.passkey-registration";
import { action as signInOptionsAction } from "~/routes/admin.passkey-sign-in";
import { callAction, routeArgs } from "./support/actions";
import { softwarePasskey } from "./support/software-passkey";
import { cookieOf, form, sessionCookieOf } from "./support/staff";

const PASSWORD = "correct horse battery";
const NOW = new Date("2026-11-25T12:00:00Z");
const ANOTHER_SITE = { origin: "https://phish.example.net", rpId: "phish.example.net" };

let passwordHash: string;
let accounts = 0;
let addresses = 0;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function newAccount({ confirmed = true, approved = true, owner = false } = {}): User {
  accounts += 1;
  return insertUser(db, {
    email: `passkeys-${accounts}@example.org`,
    passwordHash,
    confirmedAt: confirmed ? NOW : undefined,
    approvedAt: approved ? NOW : undefined,
    owner,
  });
}

/** A client address no other test has used, so the sign-in throttle starts from nothing. */
const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

/** Adds a software passkey to the account through the feature's own ceremony. */
async function withPasskey(user: User, now = NOW) {
  const passkey = softwarePasskey();
  const added = await addPasskey(
    user,
    passkey.register(await passkeyRegistrationOptions(user, now)),
    "",
    "203.0.113.10",
    now,
  );
  expect(added.outcome).toBe("added");
  return passkey;
}

const signInPost = (credential: string, clientIp: string) =>
  callAction(
    signInAction,
    form("http://localhost/admin/auth", { intent: "passkey", credential }),
    clientIp,
  );
const noticeOf = (body: unknown) =>
  (body as { notice: { description: string } | null }).notice?.description;

describe("adding a passkey and signing in with it", () => {
  test("a passkey is added with a default name and signs in once per challenge", async () => {
    const user = newAccount();
    const passkey = await withPasskey(user);
    expect(passkeysOf(user)).toEqual([
      expect.objectContaining({
        name: "Passkey added November 25, 2026",
        createdAt: NOW,
        lastUsedAt: null,
      }),
    ]);

    const later = new Date(NOW.getTime() + 60_000);
    const answer = passkey.signIn(await passkeySignInOptions(later));
    const clientIp = newAddress();
    expect(await signInWithPasskey(answer, clientIp, later)).toMatchObject({
      outcome: "signed-in",
      user: { id: user.id },
    });
    expect(passkeysOf(user)[0]?.lastUsedAt).toEqual(later);
    // The same answer again: its challenge is spent.
    expect(await signInWithPasskey(answer, clientIp, later)).toEqual({
      outcome: "refused",
      status: 401,
      message: PASSKEY_CHALLENGE_SPENT,
    });
  });

  test("a name given is kept, within its length", async () => {
    const user = newAccount();
    const options = await passkeyRegistrationOptions(user, NOW);
    const added = await addPasskey(
      user,
      softwarePasskey().register(options),
      "  Work laptop ",
      "203.0.113.10",
      NOW,
    );
    expect(added).toEqual({ outcome: "added", name: "Work laptop" });
    expect(passkeysOf(user).map((passkey) => passkey.name)).toEqual(["Work laptop"]);
  });

  test("a passkey already added, to this account or another, is not added again", async () => {
    const user = newAccount();
    const passkey = await withPasskey(user);
    const options = await passkeyRegistrationOptions(user, NOW);
    expect(options.excludeCredentials?.map((excluded) => excluded.id)).toEqual([passkey.id]);
    for (const account of [user, newAccount()]) {
      const again = await passkeyRegistrationOptions(account, NOW);
      expect(await addPasskey(account, passkey.register(again), "", "203.0.113.10", NOW)).toEqual({
        outcome: "refused",
        status: 409,
        message: PASSKEY_ALREADY_ADDED,
      });
    }
    expect(passkeysOf(user)).toHaveLength(1);
  });

  test("challenges expire after five minutes", async () => {
    const user = newAccount();
    const expired = new Date(NOW.getTime() + CHALLENGE_LIFETIME_MS + 1);
    const registration = await passkeyRegistrationOptions(user, NOW);
    const passkey = softwarePasskey();
    expect(
      await addPasskey(user, passkey.register(registration), "", "203.0.113.10", expired),
    ).toMatchObject({
      outcome: "refused",
      message: PASSKEY_CHALLENGE_SPENT,
    });
    expect(passkeysOf(user)).toEqual([]);

    await withPasskey(user);
    const signIn = await passkeySignInOptions(NOW);
    const stillOpen = new Date(NOW.getTime() + CHALLENGE_LIFETIME_MS - 1);
    expect(
      await signInWithPasskey(softwarePasskey().signIn(signIn), newAddress(), expired),
    ).toMatchObject({ outcome: "refused", message: PASSKEY_CHALLENGE_SPENT });
    const inTime = await passkeySignInOptions(NOW);
    const known = await withPasskey(user);
    expect(await signInWithPasskey(known.signIn(inTime), newAddress(), stillOpen)).toMatchObject({
      outcome: "signed-in",
    });
  });

  test("a registration challenge is its own account's, and a sign-in's cannot add a passkey", async () => {
    const owner = newAccount();
    const other = newAccount();
    const options = await passkeyRegistrationOptions(owner, NOW);
    expect(
      await addPasskey(other, softwarePasskey().register(options), "", "203.0.113.10", NOW),
    ).toMatchObject({
      outcome: "refused",
      message: PASSKEY_CHALLENGE_SPENT,
    });
    // Spent by that refusal: the account it was made for cannot use it either.
    expect(
      await addPasskey(owner, softwarePasskey().register(options), "", "203.0.113.10", NOW),
    ).toMatchObject({
      outcome: "refused",
      message: PASSKEY_CHALLENGE_SPENT,
    });
    const signIn = await passkeySignInOptions(NOW);
    const asRegistration = { challenge: signIn.challenge, user: { id: "x" } };
    expect(
      await addPasskey(owner, softwarePasskey().register(asRegistration), "", "203.0.113.10", NOW),
    ).toMatchObject({ outcome: "refused", message: PASSKEY_CHALLENGE_SPENT });
    expect(passkeysOf(owner)).toEqual([]);
  });
});

describe("refused passkeys", () => {
  test("a passkey nobody has is refused, and counts against the address", async () => {
    const clientIp = newAddress();
    const perAddress = RATE_LIMITS.signInFailurePerAddress.limit;
    for (let attempt = 0; attempt < perAddress; attempt += 1) {
      const answer = softwarePasskey().signIn(await passkeySignInOptions(NOW));
      expect(await signInWithPasskey(answer, clientIp, NOW)).toEqual({
        outcome: "refused",
        status: 401,
        message: PASSKEY_UNKNOWN,
      });
    }
    const answer = softwarePasskey().signIn(await passkeySignInOptions(NOW));
    expect(await signInWithPasskey(answer, clientIp, NOW)).toMatchObject({ outcome: "too-many" });
  });

  test("failures with an account's passkey count against that account from this address", async () => {
    const user = newAccount();
    const passkey = await withPasskey(user);
    const clientIp = newAddress();
    for (let attempt = 0; attempt < FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      // Answered for another site: the signature is the passkey's, the origin is not ours.
      const answer = passkey.signIn(await passkeySignInOptions(NOW), ANOTHER_SITE);
      expect(await signInWithPasskey(answer, clientIp, NOW)).toEqual({
        outcome: "refused",
        status: 401,
        message: PASSKEY_NOT_VERIFIED,
      });
    }
    const right = passkey.signIn(await passkeySignInOptions(NOW));
    expect(await signInWithPasskey(right, clientIp, NOW)).toMatchObject({ outcome: "too-many" });
    // From another address the right answer still signs in.
    const again = passkey.signIn(await passkeySignInOptions(NOW));
    expect(await signInWithPasskey(again, newAddress(), NOW)).toMatchObject({
      outcome: "signed-in",
    });
  });

  test("a passkey made for another site is not added", async () => {
    const user = newAccount();
    const options = await passkeyRegistrationOptions(user, NOW);
    expect(
      await addPasskey(
        user,
        softwarePasskey().register(options, ANOTHER_SITE),
        "",
        "203.0.113.10",
        NOW,
      ),
    ).toEqual({ outcome: "refused", status: 400, message: PASSKEY_NOT_VERIFIED });
    expect(passkeysOf(user)).toEqual([]);
  });

  test("an answer that is not a passkey's is refused, not thrown", async () => {
    for (const answer of ["", "not json", "{}", JSON.stringify({ id: "x", response: {} })]) {
      expect(await signInWithPasskey(answer, newAddress(), NOW)).toEqual({
        outcome: "refused",
        status: 401,
        message: PASSKEY_NOT_VERIFIED,
      });
    }
  });

  test("the passkey of an unconfirmed or unapproved account opens nothing", async () => {
    for (const account of [newAccount({ confirmed: false }), newAccount({ approved: false })]) {
      const passkey = await withPasskey(account);
      const answer = passkey.signIn(await passkeySignInOptions(NOW));
      expect(await signInWithPasskey(answer, newAddress(), NOW)).toEqual({
        outcome: "refused",
        status: 403,
        message: PASSKEY_NO_ADMIN_RIGHTS,
      });
    }
  });
});

describe("the routes", () => {
  test("signing in with a passkey starts a full session, even for an account with TOTP", async () => {
    const user = newAccount();
    setTotp(db, user.id, { secret: sealTotpSecret(generateSecret()), lastTimeStep: 0 });
    const passkey = await withPasskey(user);
    const answer = await signInPost(passkey.signIn(await passkeySignInOptions()), newAddress());
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/blog");
    const cookie = sessionCookieOf(answer.headers);
    const request = new Request("http://localhost/admin/blog", { headers: { Cookie: cookie } });
    expect(await requireAdmin(routeArgs(request))).toMatchObject({ id: user.id });
  });

  test("where the owner requires two-factor, a passkey without TOTP is sent to set it up", async () => {
    const owner = newAccount({ owner: true });
    expect(setTwoFactorRequired(owner, true, "203.0.113.10")).toBe("saved");
    try {
      const user = newAccount();
      const passkey = await withPasskey(user);
      const answer = await signInPost(passkey.signIn(await passkeySignInOptions()), newAddress());
      expect(answer.headers.get("Location")).toBe("/admin/security");
      const cookie = sessionCookieOf(answer.headers);
      const blog = new Request("http://localhost/admin/blog", { headers: { Cookie: cookie } });
      const refused = await requireAdmin(routeArgs(blog)).catch((thrown: unknown) => thrown);
      expect((refused as Response).headers.get("Location")).toBe("/admin/security");
    } finally {
      setTwoFactorRequired(owner, false, "203.0.113.10");
    }
  });

  test("a refused passkey is a 4xx with its message on the sign-in page", async () => {
    const answer = await signInPost(
      softwarePasskey().signIn(await passkeySignInOptions()),
      newAddress(),
    );
    expect(answer.status).toBe(401);
    expect(noticeOf(answer.body)).toBe(PASSKEY_UNKNOWN);
    expect(sessionCookieOf(answer.headers)).toBe("");
  });

  test("an admin removes their own passkeys, never another account's", async () => {
    const user = newAccount();
    const other = newAccount();
    await withPasskey(user);
    const [theirs] = passkeysOf(user);
    await withPasskey(other);
    const passkey = await withPasskey(other);
    const signedIn = await signInPost(passkey.signIn(await passkeySignInOptions()), newAddress());
    const cookie = sessionCookieOf(signedIn.headers);
    const remove = (passkeyId: string) =>
      callAction(
        removePasskeyAction,
        form("http://localhost/admin/security/passkeys/remove", { passkeyId }, cookie),
      );

    expect((await remove(String(theirs?.id))).status).toBe(404);
    expect((await remove("not a number")).status).toBe(404);
    expect(passkeysOf(user)).toHaveLength(1);

    const [own] = passkeysOf(other);
    const removed = await remove(String(own?.id));
    expect(removed.status).toBe(302);
    expect(passkeysOf(other)).toHaveLength(1);
    // The page lists what is left.
    const page = (await securityLoader(
      routeArgs(new Request("http://localhost/admin/security", { headers: { Cookie: cookie } })),
    )) as { data: { passkeys: { id: number }[] } };
    expect(page.data.passkeys.map((listed) => listed.id)).toEqual(
      passkeysOf(other).map((listed) => listed.id),
    );
  });

  test("the challenge routes answer JSON; only an admin gets a registration challenge", async () => {
    const post = (url: string, cookie = "") =>
      new Request(url, { method: "POST", headers: { Cookie: cookie } });
    const signInOptions = (await signInOptionsAction(
      routeArgs(post("http://localhost/admin/passkey-sign-in"), { clientIp: newAddress() }),
    )) as Response;
    expect(signInOptions.status).toBe(200);
    const { options } = (await signInOptions.json()) as {
      options: { rpId: string; allowCredentials?: unknown[]; userVerification: string };
    };
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);

    const stranger = await registrationOptionsAction(
      routeArgs(post("http://localhost/admin/passkey-registration")),
    ).catch((thrown: unknown) => thrown);
    expect((stranger as { init?: ResponseInit }).init?.status).toBe(401);
    const visit = await registrationOptionsLoader(
      routeArgs(new Request("http://localhost/admin/passkey-registration")),
    ).catch((thrown: unknown) => thrown);
    expect((visit as Response).headers.get("Location")).toBe("/admin/auth");
  });

  test("challenges are limited per address", async () => {
    const clientIp = newAddress();
    const ask = () =>
      signInOptionsAction(
        routeArgs(new Request("http://localhost/admin/passkey-sign-in", { method: "POST" }), {
          clientIp,
        }),
      ) as Promise<Response>;
    for (let asked = 0; asked < RATE_LIMITS.passkeyChallengePerAddress.limit; asked += 1) {
      expect((await ask()).status).toBe(200);
    }
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("a session awaiting its two-factor code can neither ask for a challenge nor add or remove", async () => {
    const user = newAccount();
    await withPasskey(user);
    const [passkey] = passkeysOf(user);
    const cookie = cookieOf(
      await startSession(new Request("http://localhost"), user.id, new Date(), {
        awaitingSecondFactor: true,
      }),
    );
    const outcomes = await Promise.all([
      registrationOptionsAction(
        routeArgs(
          new Request("http://localhost/admin/passkey-registration", {
            method: "POST",
            headers: { Cookie: cookie },
          }),
        ),
      ).catch((thrown: unknown) => thrown),
      removePasskeyAction(
        routeArgs(
          form(
            "http://localhost/admin/security/passkeys/remove",
            { passkeyId: String(passkey?.id) },
            cookie,
          ),
        ),
      ).catch((thrown: unknown) => thrown),
      addPasskeyAction(
        routeArgs(
          form("http://localhost/admin/security/passkeys/add", { credential: "{}" }, cookie),
        ),
      ).catch((thrown: unknown) => thrown),
    ]);
    for (const outcome of outcomes) {
      expect((outcome as { init?: ResponseInit }).init?.status).toBe(401);
    }
    expect(passkeysOf(user)).toHaveLength(1);
  });
});
