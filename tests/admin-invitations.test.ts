// People are told (issue 37): on a real SQLite file, with the outbox worker delivering to a real
// SMTP server on 127.0.0.1. A sign-up that waits mails every owner the link to approve it; an
// approval mails the account its sign-in link and names it in the notice; an owner's invitation
// mails a link that sets the password and signs in without approval, once, for a week, and that
// revoking or sending again kills.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { requireAdmin } from "~/features/accounts/admin-session.server";
import { acceptInvitation, invitationState } from "~/features/accounts/invitations.server";
import { confirmEmail, signUp } from "~/features/accounts/sign-up.server";
import { findUserByEmail, type User } from "~/features/accounts/user-queries.server";
import { changeAccount } from "~/features/accounts/accounts.server";
import { ONLY_OWNERS_INVITE } from "~/features/accounts/invitation-fields";
import { action as signInAction } from "~/routes/admin.auth";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users";
import {
  action as invitationAction,
  loader as invitationLoader,
  LINK_CLOSED,
} from "~/routes/admin.invitation";
import { callAction, routeArgs } from "./support/actions";
import { COMMON_WITH_CHANGES } from "./support/passwords";
import { startMailDelivery } from "./support/mail-delivery";
import { form, sessionCookieOf, signedIn, staffAccounts, toastOf } from "./support/staff";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a colleague's own passphrase";
const DAY = 24 * 60 * 60 * 1000;
const confirmed = new Date("2026-11-01T00:00:00Z");

const { sink, stop: stopMailDelivery } = await startMailDelivery();
const staff = await staffAccounts(PASSWORD, { at: confirmed });
let owner: User;
let secondOwner: User;
let admin: User;

beforeAll(() => {
  owner = staff({ email: "first-owner@example.org", owner: true });
  secondOwner = staff({ email: "second-owner@example.org", owner: true });
  admin = staff({ email: "plain-admin@example.org" });
});

afterAll(stopMailDelivery);

/** Waits until the outbox has sent everything queued, so an email not sent is known not to be. */
const allDelivered = () =>
  vi.waitFor(
    () => {
      const { waiting } = db.$client
        .prepare("select count(*) as waiting from outbox where sent_at is null")
        .get() as { waiting: number };
      if (waiting > 0) throw new Error(`${waiting} emails still queued`);
    },
    { timeout: 10_000, interval: 50 },
  );

const mailsTo = (address: string) => sink.messages.filter((mail) => mail.to.includes(address));
const invitationsTo = (address: string) =>
  mailsTo(address.toLowerCase()).filter((mail) => /invited/.test(mail.subject));

/** What the notice a redirect leaves for the next page says. */
async function noticeOf(headers: Headers) {
  const toast = await toastOf(headers);
  return toast && { title: toast.title, description: toast.description };
}

const postToUsers = async (by: User, fields: Record<string, string>) =>
  callAction(usersAction, form("http://localhost/admin/users", fields, await signedIn(by)));

const invitationUrl = (token: string) =>
  `http://localhost/admin/invitation?token=${encodeURIComponent(token)}`;
const openInvitation = (token: string) =>
  callAction(invitationLoader, new Request(invitationUrl(token)));
const acceptWith = (token: string, password: string) =>
  callAction(invitationAction, form(invitationUrl(token), { token, password }));

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
const tokenIn = (text: string) => /\/admin\/invitation\?token=([\w-]+)/.exec(text)?.[1] ?? "";

/** Signs up and confirms `email`, as the confirmation page does. */
async function signUpAndConfirm(email: string) {
  await signUp({ email, password: PASSWORD });
  const confirmation = await sink.mailTo(email, /^Confirm your/);
  const token = /\/admin\/confirm\?token=([\w-]+)/.exec(confirmation.text)?.[1] ?? "";
  expect(await confirmEmail(token, PASSWORD)).toBe("confirmed");
}

describe("a sign-up that waits for approval", () => {
  test("confirming it mails every owner the link to approve it, and nobody else", async () => {
    await signUpAndConfirm("dana@example.org");
    const usersPage = new URL("/admin/users", siteConfig.origin).href;
    for (const each of [owner, secondOwner]) {
      const mail = await sink.mailTo(each.email, /dana@example\.org/);
      expect(mail.subject).toBe(
        "dana@example.org is waiting for approval on the Keelstone Operations admin",
      );
      expect(mail.text).toContain(
        "dana@example.org signed up for the Keelstone Operations website's admin and confirmed the address.",
      );
      expect(linksIn(mail.text)).toEqual([usersPage]);
      expect(mail.html).toContain(`href="${usersPage}"`);
    }
    await allDelivered();
    // An admin who cannot approve is not asked, and the newcomer gets only the confirmation.
    expect(mailsTo(admin.email)).toEqual([]);
    expect(mailsTo("dana@example.org").map((mail) => mail.subject)).toEqual([
      "Confirm your Keelstone Operations admin account",
    ]);
  });

  test("an address on ADMIN_EMAILS needs no approval, so no owner is asked", async () => {
    const before = mailsTo(owner.email).length;
    await signUpAndConfirm("owner@keelstone.example.com");
    await allDelivered();
    expect(mailsTo(owner.email)).toHaveLength(before);
  });

  test("signing in while waiting lands on the waiting page without 'Welcome back!'", async () => {
    await signUpAndConfirm("waiting-words@example.org");
    const answer = await callAction(
      signInAction,
      form("http://localhost/admin/auth", {
        email: "waiting-words@example.org",
        password: PASSWORD,
      }),
      "192.0.2.90",
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/waiting");
    expect(await noticeOf(answer.headers)).toEqual({
      title: "Signed in",
      description: "An owner still has to approve your account.",
    });
  });
});

describe("approving an account", () => {
  test("mails the colleague the sign-in link, and the notice names the account", async () => {
    await signUpAndConfirm("erin@example.org");
    const erin = findUserByEmail(db, "erin@example.org");
    if (!erin) throw new Error("no account");
    const answer = await postToUsers(owner, { intent: "approve", userId: String(erin.id) });
    expect(answer.status).toBe(302);
    expect(await noticeOf(answer.headers)).toEqual({
      title: "Account approved",
      description:
        "erin@example.org can now manage the blog; we've emailed them the link to sign in.",
    });
    const mail = await sink.mailTo("erin@example.org", /approved/);
    expect(mail.subject).toBe("Your Keelstone Operations admin account was approved");
    const signInPage = new URL("/admin/auth", siteConfig.origin).href;
    expect(linksIn(mail.text)).toEqual([signInPage]);
    expect(mail.html).toContain(`href="${signInPage}"`);

    // A second press approves nothing new, and mails nothing.
    await postToUsers(owner, { intent: "approve", userId: String(erin.id) });
    await allDelivered();
    expect(mailsTo("erin@example.org").filter((m) => /approved/.test(m.subject))).toHaveLength(1);
  });

  test("the other notices name their account too", async () => {
    const colleague = staff({ email: "named@example.org" });
    const made = await postToUsers(owner, { intent: "make-owner", userId: String(colleague.id) });
    expect((await noticeOf(made.headers))?.description).toContain("named@example.org");
    const removed = await postToUsers(owner, {
      intent: "remove-owner",
      userId: String(colleague.id),
    });
    expect((await noticeOf(removed.headers))?.description).toContain("named@example.org");
    const revoked = await postToUsers(owner, { intent: "revoke", userId: String(colleague.id) });
    expect((await noticeOf(revoked.headers))?.description).toBe(
      "named@example.org has been signed out everywhere.",
    );
  });
});

describe("inviting a colleague", () => {
  /** Invites through the Users page and returns the link's token, read from the email. */
  async function invite(email: string, by = owner) {
    const before = invitationsTo(email).length;
    const answer = await postToUsers(by, { intent: "invite", email });
    expect(answer.status).toBe(302);
    await vi.waitFor(() => expect(invitationsTo(email)).toHaveLength(before + 1), {
      timeout: 10_000,
    });
    return { answer, token: tokenIn(invitationsTo(email).at(-1)?.text ?? "") };
  }

  test("the email's link sets the password and signs in, with no approval; it works once", async () => {
    const { answer, token } = await invite("Fran@Example.org");
    expect(await noticeOf(answer.headers)).toEqual({
      title: "Invitation sent",
      description: "We've emailed fran@example.org a link to join. It works once, for 7 days.",
    });
    const mail = await sink.mailTo("fran@example.org", /invited/);
    expect(mail.subject).toBe("You are invited to the Keelstone Operations admin");
    expect(mail.text).toContain(
      "first-owner@example.org invited you to the Keelstone Operations website's admin",
    );
    expect(mail.text).toContain(`${siteConfig.origin}/admin/invitation?token=${token}`);
    expect(token).toHaveLength(43);

    // Listed on the Users page while open, for every admin to see.
    expect(await listedInvitations()).toContainEqual(
      expect.objectContaining({ email: "fran@example.org", invitedBy: owner.email }),
    );

    const opened = await openInvitation(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ email: "fran@example.org" });
    expect(opened.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(opened.headers.get("Cache-Control")).toBe("no-store");

    // The rules of every new password, at the field; nothing changes.
    const refused = await acceptWith(token, "welcome12345");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(COMMON_WITH_CHANGES);
    expect(findUserByEmail(db, "fran@example.org")).toBeUndefined();

    const accepted = await acceptWith(token, NEW_PASSWORD);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/admin/blog");
    const cookie = sessionCookieOf(accepted.headers);
    const signedInAs = await requireAdmin(
      routeArgs(new Request("http://localhost/admin/blog", { headers: { Cookie: cookie } })),
    );
    expect(signedInAs.email).toBe("fran@example.org");
    expect(signedInAs.approvedAt).not.toBeNull();

    // Once: the link now says so, and posting it again changes nothing.
    expect((await openInvitation(token)).status).toBe(410);
    const again = await acceptWith(token, "yet another long passphrase");
    expect(again).toMatchObject({ status: 410, body: { closed: "used" } });
    expect(LINK_CLOSED.used.title).toBe("This invitation was already accepted");
    const signInAgain = await callAction(
      signInAction,
      form("http://localhost/admin/auth", { email: "fran@example.org", password: NEW_PASSWORD }),
      "192.0.2.91",
    );
    expect(signInAgain.headers.get("Location")).toBe("/admin/blog");
    // Accepted, it leaves the list of open invitations.
    expect((await listedInvitations()).map((listed) => listed.email)).not.toContain(
      "fran@example.org",
    );
  });

  test("a link works for seven days, and not a moment longer", async () => {
    const { token } = await invite("gale@example.org");
    const sentAt = (
      db.$client
        .prepare("select sent_at from invitations where email = ?")
        .get("gale@example.org") as {
        sent_at: number;
      }
    ).sent_at;
    expect(invitationState(token, new Date(sentAt + 7 * DAY - 1)).state).toBe("open");
    expect(invitationState(token, new Date(sentAt + 7 * DAY)).state).toBe("expired");
    expect(await acceptInvitation(token, NEW_PASSWORD, new Date(sentAt + 7 * DAY))).toEqual({
      outcome: "expired",
    });
    expect(findUserByEmail(db, "gale@example.org")).toBeUndefined();
  });

  test("revoking kills the link; sending again replaces it", async () => {
    const first = await invite("hale@example.org");
    const resent = await postToUsers(owner, {
      intent: "resend-invitation",
      invitationId: String(invitationIdOf("hale@example.org")),
    });
    expect(await noticeOf(resent.headers)).toMatchObject({ title: "Invitation sent again" });
    await vi.waitFor(() => expect(invitationsTo("hale@example.org")).toHaveLength(2), {
      timeout: 10_000,
    });
    const second = tokenIn(invitationsTo("hale@example.org").at(-1)?.text ?? "");
    expect(second).not.toBe(first.token);
    expect((await openInvitation(first.token)).status).toBe(404);
    expect((await openInvitation(second)).status).toBe(200);

    const revoked = await postToUsers(owner, {
      intent: "revoke-invitation",
      invitationId: String(invitationIdOf("hale@example.org")),
    });
    expect(await noticeOf(revoked.headers)).toEqual({
      title: "Invitation revoked",
      description: "The link sent to hale@example.org no longer works.",
    });
    expect((await openInvitation(second)).status).toBe(404);
    expect(await acceptWith(second, NEW_PASSWORD)).toMatchObject({
      status: 404,
      body: { closed: "unknown" },
    });
    expect(findUserByEmail(db, "hale@example.org")).toBeUndefined();
  });

  test("an address with an account is refused at the field, and nothing is sent", async () => {
    const answer = await postToUsers(owner, { intent: "invite", email: "PLAIN-ADMIN@example.org" });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toContain(
      "That address already has an account: it is in the list below, to approve there if it waits.",
    );
    expect(invitationIdOf("plain-admin@example.org")).toBeUndefined();
    await allDelivered();
    expect(mailsTo("plain-admin@example.org")).toEqual([]);
  });

  test("only an owner invites, sends again or revokes", async () => {
    const refused = await postToUsers(admin, { intent: "invite", email: "ivy@example.org" });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain("Only an owner can invite colleagues.");
    expect(invitationIdOf("ivy@example.org")).toBeUndefined();
    await invite("jay@example.org");
    const id = String(invitationIdOf("jay@example.org"));
    for (const intent of ["resend-invitation", "revoke-invitation"]) {
      const answer = await postToUsers(admin, { intent, invitationId: id });
      expect(answer).toMatchObject({ status: 403, body: { error: ONLY_OWNERS_INVITE } });
    }
    expect(invitationIdOf("jay@example.org")).toBe(Number(id));
  });

  test("a stranger's unconfirmed sign-up of the address becomes the colleague's account", async () => {
    await signUp({ email: "kim@example.org", password: "a squatter's passphrase" });
    const { token } = await invite("kim@example.org");
    const accepted = await acceptWith(token, NEW_PASSWORD);
    expect(accepted.status).toBe(302);
    const kim = findUserByEmail(db, "kim@example.org");
    expect(kim?.confirmedAt).not.toBeNull();
    expect(kim?.approvedAt).not.toBeNull();
    // The stranger's confirmation link is spent: it can never set the password now.
    const squatterLink = /\/admin\/confirm\?token=([\w-]+)/.exec(
      (await sink.mailTo("kim@example.org", /^Confirm your/)).text,
    )?.[1];
    expect(await confirmEmail(squatterLink ?? "", "a squatter's passphrase")).toBe("invalid");
  });

  test("revoking an owner withdraws the invitations they sent", async () => {
    const { token } = await invite("lou@example.org", secondOwner);
    expect((await changeAccount(owner, secondOwner.id, "revoke", "203.0.113.10")).outcome).toBe(
      "revoked",
    );
    expect(invitationState(token).state).toBe("unknown");
  });

  test("an owner's invitations are limited per hour: past 20, 429", async () => {
    const busyOwner = staff({ email: "busy-owner@example.org", owner: true });
    for (let sent = 1; sent <= 20; sent += 1) {
      const answer = await postToUsers(busyOwner, {
        intent: "invite",
        email: `batch-${sent}@example.org`,
      });
      expect(answer.status, `invitation ${sent}`).toBe(302);
    }
    const refused = await postToUsers(busyOwner, {
      intent: "invite",
      email: "one-more@example.org",
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(invitationIdOf("one-more@example.org")).toBeUndefined();
  });
});

/** The open invitations the Users page lists, as an admin who is not an owner sees them. */
async function listedInvitations() {
  const page = await callAction(
    usersLoader,
    new Request("http://localhost/admin/users", { headers: { Cookie: await signedIn(admin) } }),
  );
  return (page.body as { invitations: { email: string; invitedBy: string }[] }).invitations;
}

function invitationIdOf(email: string) {
  const row = db.$client
    .prepare("select id from invitations where email = ? and accepted_at is null")
    .get(email) as { id: number } | undefined;
  return row?.id;
}
