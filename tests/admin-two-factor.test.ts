// Two-factor sign-in on a real SQLite file: codes from the app accepted once per time step and
// within one step of the clock, recovery codes once, wrong codes limited, a session awaiting its
// code kept out of the whole admin, and the owner's requirement sending admins to set it up.
import { describe, expect, test } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { db } from "~/lib/db.server";
import { type User, findUserById } from "~/features/accounts/user-queries.server";
import {
  requireAdmin,
  startSession,
  userAwaitingSecondFactor,
} from "~/features/accounts/admin-session.server";
import { SECOND_FACTOR_LIMIT_MS } from "~/features/accounts/session-limits";
import { openTotpSecret } from "~/features/accounts/totp-secret-sealing.server";
import {
  WRONG_CODES_PER_ACCOUNT,
  checkSecondFactor,
  confirmTotp,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  totpSetup,
  turnOffTotp,
} from "~/features/accounts/two-factor.server";
import { action as signInAction } from "~/routes/admin.auth";
import { action as codeAction, loader as codeLoader } from "~/routes/admin.two-factor";
import { action as requireTwoFactorAction } from "~/routes/admin.security.require-two-factor";
import { callAction, routeArgs } from "./support/actions";
import { cookieOf, form, sessionCookieOf, signedIn, staffAccounts } from "./support/staff";
import { codeAt, turnOnTwoFactor } from "./support/two-factor";

const PASSWORD = "correct horse battery";
const confirmed = new Date("2026-11-01T00:00:00Z");
// The middle of a 30-second time step, so "one step before" is unambiguous.
const NOW = new Date("2026-11-25T12:00:15Z");
const STEP_MS = 30_000;

const newAdmin = await staffAccounts(PASSWORD, { at: confirmed });

const requestWith = (cookie: string, method = "GET", url = "http://localhost/admin/blog") =>
  new Request(url, { method, headers: { Cookie: cookie } });
const fresh = (user: User) => findUserById(db, user.id) ?? user;

/** Signs in with the password; answers the session cookie and where it was sent. */
async function signInWithPassword(user: User, clientIp: string) {
  const answer = await callAction(
    signInAction,
    form("http://localhost/admin/auth", { email: user.email, password: PASSWORD }),
    clientIp,
  );
  return { cookie: sessionCookieOf(answer.headers), location: answer.headers.get("Location") };
}

const enterCode = (cookie: string, code: string, clientIp: string) =>
  callAction(codeAction, form("http://localhost/admin/two-factor", { code }, cookie), clientIp);

describe("codes from the authenticator app", () => {
  test("a code is accepted once in its time step; the same code again is refused", async () => {
    const user = newAdmin();
    const { key } = await turnOnTwoFactor(user, new Date(NOW.getTime() - 3 * STEP_MS));
    const code = await codeAt(key, NOW);
    // Two requests that read the account at the same moment, before either code was accepted.
    const readByBoth = fresh(user);
    expect(await checkSecondFactor(readByBoth, code, "192.0.2.1", NOW)).toEqual({
      outcome: "accepted",
      value: "app",
    });
    expect(await checkSecondFactor(readByBoth, code, "192.0.2.1", NOW)).toEqual({
      outcome: "wrong",
    });
    // Replayed later.
    expect(await checkSecondFactor(fresh(user), code, "192.0.2.1", NOW)).toEqual({
      outcome: "wrong",
    });
  });

  test("codes one step before or after the clock are accepted, two steps away refused", async () => {
    const user = newAdmin();
    const { key } = await turnOnTwoFactor(user, new Date(NOW.getTime() - 10 * STEP_MS));
    const stepsAway = async (steps: number) =>
      (
        await checkSecondFactor(
          fresh(user),
          await codeAt(key, new Date(NOW.getTime() + steps * STEP_MS)),
          "192.0.2.2",
          NOW,
        )
      ).outcome;
    expect(await stepsAway(-2)).toBe("wrong");
    expect(await stepsAway(2)).toBe("wrong");
    expect(await stepsAway(-1)).toBe("accepted");
    expect(await stepsAway(1)).toBe("accepted");
    // Once a later step was accepted, an earlier code is spent too.
    expect(await stepsAway(0)).toBe("wrong");
  });

  test("setting up needs a right code from the new key, and turning off a current one", async () => {
    const user = newAdmin();
    const cookie = await signedIn(user, NOW);
    const request = requestWith(cookie);
    const { key, qrCodeSvg } = await totpSetup(request, user, NOW);
    expect(qrCodeSvg).toMatch(/^<svg/);
    // The key stays the same while it is being set up.
    expect((await totpSetup(request, user, NOW)).key).toBe(key);
    expect((await confirmTotp(request, user, "000000", "192.0.2.3", NOW)).outcome).toBe("wrong");
    const on = await confirmTotp(request, user, await codeAt(key, NOW), "192.0.2.3", NOW);
    expect(on.outcome).toBe("accepted");
    const stored = fresh(user).totpSecret ?? "";
    expect(openTotpSecret(stored)).toBe(key);

    const later = new Date(NOW.getTime() + 2 * STEP_MS);
    expect((await turnOffTotp(fresh(user), "123456", "192.0.2.3", later)).outcome).toBe("wrong");
    expect(fresh(user).totpSecret).toBe(stored);
    const off = await turnOffTotp(fresh(user), await codeAt(key, later), "192.0.2.3", later);
    expect(off.outcome).toBe("accepted");
    expect(fresh(user).totpSecret).toBeNull();
  });
});

describe("recovery codes", () => {
  test("ten codes, each signing in once, however it is typed", async () => {
    const user = newAdmin();
    const { recoveryCodes } = await turnOnTwoFactor(user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [first = "", second = ""] = recoveryCodes;
    expect(first).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    const pending = await signInWithPassword(user, "192.0.2.10");
    expect(pending.location).toBe("/admin/two-factor");
    const signedIn = await enterCode(pending.cookie, ` ${first.toUpperCase()} `, "192.0.2.10");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/blog");
    expect((await requireAdmin(routeArgs(requestWith(sessionCookieOf(signedIn.headers))))).id).toBe(
      user.id,
    );

    const again = await signInWithPassword(user, "192.0.2.10");
    const refused = await enterCode(again.cookie, first, "192.0.2.10");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ notice: { title: "Wrong code" } });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await enterCode(again.cookie, second.replaceAll("-", ""), "192.0.2.10")).status).toBe(
      302,
    );
  });

  test("new recovery codes replace the old ones, and need a current code", async () => {
    const user = newAdmin();
    const { recoveryCodes } = await turnOnTwoFactor(user);
    const [spare = "", old = ""] = recoveryCodes;
    expect((await regenerateRecoveryCodes(fresh(user), "999999", "192.0.2.11")).outcome).toBe(
      "wrong",
    );
    const renewed = await regenerateRecoveryCodes(fresh(user), spare, "192.0.2.11");
    if (renewed.outcome !== "accepted") throw new Error("regenerating was refused");
    expect(renewed.value).not.toContain(old);
    expect((await checkSecondFactor(fresh(user), old, "192.0.2.11")).outcome).toBe("wrong");
    expect(
      (await checkSecondFactor(fresh(user), renewed.value[0] ?? "", "192.0.2.11")).outcome,
    ).toBe("accepted");
  });
});

describe("wrong codes", () => {
  test(`${WRONG_CODES_PER_ACCOUNT} wrong codes on an account, then even a right one waits`, async () => {
    const user = newAdmin();
    const { key } = await turnOnTwoFactor(user);
    const { cookie } = await signInWithPassword(user, "192.0.2.20");
    for (let attempt = 1; attempt <= WRONG_CODES_PER_ACCOUNT; attempt += 1) {
      // From a new address each time: the limit is the account's.
      const answer = await enterCode(cookie, "000000", `198.51.100.${attempt}`);
      expect(answer.status, `attempt ${attempt}`).toBe(400);
    }
    const refused = await enterCode(
      cookie,
      await codeAt(key, new Date(Date.now() + STEP_MS)),
      "198.51.100.99",
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });
});

type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

/** Every admin route module, so a new one cannot be missed. */
const adminRoutes = import.meta.glob<RouteModule>("../app/routes/admin*.{ts,tsx}", {
  eager: true,
});
// Signing in itself (a passkey's challenge too), the confirmation, password and invitation links
// and signing out are for visitors without a session.
const SIGN_IN_STEPS = [
  "admin.auth",
  "admin.two-factor",
  "admin.passkey-sign-in",
  "admin.confirm",
  "admin.forgot-password",
  "admin.reset-password",
  "admin.invitation",
  "admin.sign-out",
];

async function outcomeOf(run: () => unknown) {
  try {
    return { returned: await run() };
  } catch (thrown) {
    return { thrown };
  }
}

describe("a session awaiting its code", () => {
  test("opens no admin loader or action: it is sent to sign in, or refused with 401", async () => {
    const user = newAdmin({ owner: true });
    await turnOnTwoFactor(user);
    const { cookie, location } = await signInWithPassword(user, "192.0.2.30");
    expect(location).toBe("/admin/two-factor");
    const params = { id: "1", kind: "messages" };
    const guarded = Object.entries(adminRoutes).filter(
      ([file]) =>
        !SIGN_IN_STEPS.some(
          (step) => file.endsWith(`/${step}.tsx`) || file.endsWith(`/${step}.ts`),
        ),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    for (const [file, route] of guarded) {
      if (route.loader) {
        const request = requestWith(cookie);
        const { thrown, returned } = await outcomeOf(() =>
          route.loader?.({ ...routeArgs(request, { params }) }),
        );
        if (file.endsWith("/admin.tsx")) {
          // The frame only draws the header: nobody is signed in.
          expect(returned, file).toMatchObject({ data: { account: null } });
        } else {
          expect(thrown, file).toBeInstanceOf(Response);
          expect((thrown as Response).headers.get("Location"), file).toBe("/admin/auth");
        }
      }
      if (route.action) {
        const request = form(
          "http://localhost/admin/users",
          { intent: "approve", userId: "1" },
          cookie,
        );
        const { thrown } = await outcomeOf(() =>
          route.action?.({ ...routeArgs(request, { params }) }),
        );
        expect((thrown as { init?: ResponseInit }).init?.status, file).toBe(401);
      }
    }
    // The page that asks for the code is the one place it opens.
    expect(await codeLoader(routeArgs(requestWith(cookie)))).toMatchObject({ data: null });
  });

  test("a stranger, or a fully signed-in admin, has no code to enter", async () => {
    const stranger = await outcomeOf(() => codeLoader(routeArgs(requestWith(""))));
    expect((stranger.thrown as Response).headers.get("Location")).toBe("/admin/auth");
    const user = newAdmin();
    const { cookie } = await signInWithPassword(user, "192.0.2.31");
    const signedIn = await outcomeOf(() => codeLoader(routeArgs(requestWith(cookie))));
    expect((signedIn.thrown as Response).headers.get("Location")).toBe("/admin/auth");
    const posted = await outcomeOf(() =>
      codeAction(routeArgs(form("http://localhost/admin/two-factor", { code: "123456" }, cookie))),
    );
    expect((posted.thrown as Response).headers.get("Location")).toBe("/admin/auth");
  });

  test("expires after ten minutes", async () => {
    const user = newAdmin();
    const cookie = cookieOf(
      await startSession(new Request("http://localhost"), user.id, NOW, {
        awaitingSecondFactor: true,
      }),
    );
    expect((await userAwaitingSecondFactor(routeArgs(requestWith(cookie)), NOW))?.id).toBe(user.id);
    expect(
      await userAwaitingSecondFactor(
        routeArgs(requestWith(cookie)),
        new Date(NOW.getTime() + SECOND_FACTOR_LIMIT_MS),
      ),
    ).toBeNull();
  });
});

describe("the owner's requirement", () => {
  test("only an owner sets it; then an admin without two-factor is sent to set it up first", async () => {
    const owner = newAdmin({ owner: true });
    const admin = newAdmin();
    expect(setTwoFactorRequired(admin, true, "203.0.113.10")).toBe("not-owner");
    const refused = await callAction(
      requireTwoFactorAction,
      form(
        "http://localhost/admin/security/require-two-factor",
        { required: "true" },
        await signedIn(admin),
      ),
    );
    expect(refused.status).toBe(403);

    expect(setTwoFactorRequired(owner, true, "203.0.113.10")).toBe("saved");
    try {
      const { cookie, location } = await signInWithPassword(admin, "192.0.2.40");
      expect(location).toBe("/admin/security");
      const page = await outcomeOf(() => requireAdmin(routeArgs(requestWith(cookie))));
      expect((page.thrown as Response).headers.get("Location")).toBe("/admin/security");
      const post = await outcomeOf(() => requireAdmin(routeArgs(requestWith(cookie, "POST"))));
      expect((post.thrown as { init?: ResponseInit }).init?.status).toBe(403);
      // The Security page itself opens, to set it up.
      expect(
        (await requireAdmin(routeArgs(requestWith(cookie)), { settingUpSecondFactor: true })).id,
      ).toBe(admin.id);

      await turnOnTwoFactor(admin);
      expect((await requireAdmin(routeArgs(requestWith(cookie)))).id).toBe(admin.id);
    } finally {
      expect(setTwoFactorRequired(owner, false, "203.0.113.10")).toBe("saved");
    }
  });
});
