// What staff do is written to the audit log as they do it: each action through its route or its
// feature, then the entry it left (who, from where, about what), never a password nor the address
// of anyone outside the firm; and the owners' page that reads the log, its filters and its CSV.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import {
  addPasskey,
  passkeyRegistrationOptions,
  removePasskey,
  signInWithPasskey,
} from "~/features/accounts/passkeys.server";
import { signInWithSecondFactor } from "~/features/accounts/sign-in.server";
import {
  confirmTotp,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  totpSetup,
  turnOffTotp,
} from "~/features/accounts/two-factor.server";
import { findUserById, type User } from "~/features/accounts/user-queries.server";
import { addCalendarSource, removeCalendarSource } from "~/features/booking/calendar-import.server";
import {
  addDayOff,
  removeDayOff,
  replaceFeedSecret,
  saveBookingRules,
} from "~/features/booking/index.server";
import { readBookingSettings } from "~/features/booking/queries.server";
import { submitContactMessage } from "~/features/contact/index.server";
import { removePost, savePost } from "~/features/insights/post-editing.server";
import { importSubscribers, removeSubscriber } from "~/features/subscribers/index.server";
import {
  addEndpoint,
  removeEndpoint,
  replaceSecret,
  updateEndpoint,
} from "~/features/webhooks/endpoints.server";
import { addressKey } from "~/lib/address-keys.server";
import { db } from "~/lib/db.server";
import { loader as auditLoader } from "~/routes/admin.audit._index";
import { loader as auditExportLoader } from "~/routes/admin.audit.export";
import { action as signInAction } from "~/routes/admin.auth";
import { loader as leadsExportLoader } from "~/routes/admin.leads.export.$kind";
import { action as messagesAction } from "~/routes/admin.leads.messages";
import { action as signOutAction } from "~/routes/admin.sign-out";
import { action as usersAction } from "~/routes/admin.users";
import { STAFF, answerOf, callAction, routeArgs } from "./support/actions";
import { parseCsv } from "./support/csv";
import { postInput } from "./support/post-input";
import { softwarePasskey } from "./support/software-passkey";
import { form, signedIn, staffAccounts } from "./support/staff";
import { codeAt } from "./support/two-factor";

const PASSWORD = "a long enough passphrase for the audit";
const CLIENT_IP = "198.51.100.77";
const sqlite = db.$client;

type Entry = {
  id: number;
  at: number;
  actor_user_id: number | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  subject_key: string | null;
  ip_address: string | null;
  details: string | null;
};

const lastId = () =>
  (sqlite.prepare("select coalesce(max(id), 0) as id from audit_log").get() as { id: number }).id;
const entriesAfter = (id: number) =>
  sqlite.prepare("select * from audit_log where id > ? order by id").all(id) as Entry[];

/** Runs `work`, then answers the entries it added to the log. */
async function recorded(work: () => unknown): Promise<Entry[]> {
  const before = lastId();
  await work();
  return entriesAfter(before);
}

const newStaff = await staffAccounts(PASSWORD);

const page = (url: string, cookie: string) => new Request(url, { headers: { Cookie: cookie } });
const by = (user: User) => ({ actor: { id: user.id, email: user.email }, ipAddress: CLIENT_IP });

let owner: User;
let ownerCookie: string;

beforeAll(async () => {
  owner = newStaff({ owner: true });
  ownerCookie = await signedIn(owner);
});

describe("signing in and out", () => {
  test("a password sign-in, a wrong password and a sign-out are recorded, the password nowhere", async () => {
    const staff = newStaff();
    const signIn = (email: string, password: string) =>
      callAction(signInAction, form("http://localhost/admin/auth", { email, password }), CLIENT_IP);
    const [signInEntry] = await recorded(() => signIn(staff.email, PASSWORD));
    expect(signInEntry).toMatchObject({
      action: "session.sign_in",
      actor_user_id: staff.id,
      actor_email: staff.email,
      target: `user:${staff.id}`,
      ip_address: CLIENT_IP,
    });
    expect(JSON.parse(signInEntry?.details ?? "{}")).toEqual({ method: "password" });

    const [wrong] = await recorded(() => signIn(staff.email, "not the passphrase at all"));
    expect(wrong).toMatchObject({
      action: "session.sign_in_failed",
      actor_user_id: null,
      target: `user:${staff.id}`,
      subject_key: null,
      ip_address: CLIENT_IP,
    });

    // An address with no account is someone outside the firm: only its keyed hash is kept.
    const [stranger] = await recorded(() =>
      signIn("Prospect.Guess@example.net", "not the passphrase at all"),
    );
    expect(stranger).toMatchObject({
      action: "session.sign_in_failed",
      target: null,
      subject_key: addressKey("prospect.guess@example.net"),
    });

    const cookie = await signedIn(staff);
    const [signOut] = await recorded(() =>
      callAction(signOutAction, form("http://localhost/admin/sign-out", {}, cookie), CLIENT_IP),
    );
    expect(signOut).toMatchObject({
      action: "session.sign_out",
      actor_user_id: staff.id,
      ip_address: CLIENT_IP,
    });

    const log = JSON.stringify(sqlite.prepare("select * from audit_log").all());
    expect(log).not.toContain("not the passphrase");
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toMatch(/prospect\.guess/i);
  });

  test("two-factor sign-in: turned on, a wrong code, the code that signs in, new recovery codes, turned off", async () => {
    const staff = newStaff();
    const now = new Date();
    const request = page("http://localhost/admin/security", await signedIn(staff));
    const { key } = await totpSetup(request, staff, now);
    const enableCode = await codeAt(key, now);
    const [enabled] = await recorded(() => confirmTotp(request, staff, enableCode, CLIENT_IP, now));
    expect(enabled).toMatchObject({ action: "two_factor.enabled", actor_user_id: staff.id });

    const withApp = findUserById(db, staff.id)!;
    const [failed] = await recorded(() =>
      signInWithSecondFactor(new Request("http://localhost"), withApp, "000000", CLIENT_IP),
    );
    expect(failed).toMatchObject({ action: "session.sign_in_failed", target: `user:${staff.id}` });
    expect(JSON.parse(failed?.details ?? "{}")).toMatchObject({ method: "two-factor" });

    // The next time step's code: the one that turned it on is spent.
    const nextCode = await codeAt(key, new Date(now.getTime() + 30_000));
    const [signedInEntry] = await recorded(() =>
      signInWithSecondFactor(new Request("http://localhost"), withApp, nextCode, CLIENT_IP),
    );
    expect(signedInEntry).toMatchObject({ action: "session.sign_in", actor_user_id: staff.id });
    expect(JSON.parse(signedInEntry?.details ?? "{}")).toEqual({ method: "two-factor" });

    const later = new Date(now.getTime() + 60_000);
    const codesCode = await codeAt(key, later);
    const [newCodes] = await recorded(() =>
      regenerateRecoveryCodes(findUserById(db, staff.id)!, codesCode, CLIENT_IP, later),
    );
    expect(newCodes).toMatchObject({
      action: "two_factor.recovery_codes_replaced",
      actor_user_id: staff.id,
      target: `user:${staff.id}`,
      ip_address: CLIENT_IP,
    });

    const latest = new Date(now.getTime() + 90_000);
    const offCode = await codeAt(key, latest);
    const [disabled] = await recorded(() =>
      turnOffTotp(findUserById(db, staff.id)!, offCode, CLIENT_IP, latest),
    );
    expect(disabled).toMatchObject({ action: "two_factor.disabled", ip_address: CLIENT_IP });
  });

  test("passkeys added and removed, and a passkey that signs nobody in", async () => {
    const staff = newStaff();
    const now = new Date();
    const passkey = softwarePasskey();
    const [added] = await recorded(async () =>
      addPasskey(
        staff,
        passkey.register(await passkeyRegistrationOptions(staff, now)),
        "Desk key",
        CLIENT_IP,
        now,
      ),
    );
    expect(added).toMatchObject({ action: "passkey.added", actor_user_id: staff.id });
    const passkeyId = Number(added?.target?.split(":")[1]);
    const [removed] = await recorded(() => removePasskey(staff, passkeyId, CLIENT_IP));
    expect(removed).toMatchObject({ action: "passkey.removed", target: `passkey:${passkeyId}` });

    const [refused] = await recorded(() => signInWithPasskey("not a credential", CLIENT_IP));
    expect(refused).toMatchObject({ action: "session.sign_in_failed", ip_address: CLIENT_IP });
  });

  test("an owner changing the two-factor requirement", async () => {
    const [changed] = await recorded(() => setTwoFactorRequired(owner, false, CLIENT_IP));
    expect(changed).toMatchObject({
      action: "two_factor.requirement_changed",
      actor_user_id: owner.id,
    });
    expect(JSON.parse(changed?.details ?? "{}")).toEqual({ required: false });
  });
});

describe("accounts", () => {
  const press = (intent: string, userId: number) =>
    callAction(
      usersAction,
      form("http://localhost/admin/users", { intent, userId: String(userId) }, ownerCookie),
      CLIENT_IP,
    );

  test("approving, naming and removing owners, and revoking are recorded by the owner", async () => {
    const waiting = newStaff({ approved: false });
    const entries = await recorded(async () => {
      await press("approve", waiting.id);
      await press("make-owner", waiting.id);
      await press("remove-owner", waiting.id);
      await press("revoke", waiting.id);
    });
    expect(entries.map(({ action }) => action)).toEqual([
      "account.approved",
      "account.role_changed",
      "account.role_changed",
      "account.removed",
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor_user_id: owner.id,
        target: `user:${waiting.id}`,
        ip_address: CLIENT_IP,
      });
    }
    expect(entries.map((entry) => JSON.parse(entry.details ?? "{}").role)).toEqual([
      undefined,
      "owner",
      "admin",
      undefined,
    ]);
  });

  test("a refused change records nothing", async () => {
    const entries = await recorded(() => press("revoke", owner.id));
    expect(entries).toEqual([]);
  });

  test("an invitation is recorded with the invited address only as its keyed hash", async () => {
    const [invited] = await recorded(() =>
      callAction(
        usersAction,
        form(
          "http://localhost/admin/users",
          { intent: "invite", email: "New.Colleague@example.net" },
          ownerCookie,
        ),
        CLIENT_IP,
      ),
    );
    expect(invited).toMatchObject({
      action: "account.invited",
      actor_user_id: owner.id,
      subject_key: addressKey("new.colleague@example.net"),
    });
    expect(JSON.stringify(invited)).not.toMatch(/new\.colleague/i);
  });

  test("withdrawing an invitation is recorded, the address again only as its keyed hash", async () => {
    const invite = (email: string) =>
      callAction(
        usersAction,
        form("http://localhost/admin/users", { intent: "invite", email }, ownerCookie),
        CLIENT_IP,
      );
    const [invited] = await recorded(() => invite("Withdrawn.Colleague@example.net"));
    const invitationId = Number(invited?.target?.split(":")[1]);
    const withdraw = () =>
      callAction(
        usersAction,
        form(
          "http://localhost/admin/users",
          { intent: "revoke-invitation", invitationId: String(invitationId) },
          ownerCookie,
        ),
        CLIENT_IP,
      );
    const [withdrawn, ...more] = await recorded(withdraw);
    expect(more).toEqual([]);
    expect(withdrawn).toMatchObject({
      action: "account.invitation_revoked",
      actor_user_id: owner.id,
      target: `invitation:${invitationId}`,
      subject_key: addressKey("withdrawn.colleague@example.net"),
      ip_address: CLIENT_IP,
    });
    expect(JSON.stringify(withdrawn)).not.toMatch(/withdrawn\.colleague/i);
    // Gone already, a second press withdraws nothing and records nothing.
    expect(await recorded(withdraw)).toEqual([]);
  });
});

describe("posts", () => {
  test("a post saved live, one scheduled, a draft, and a deletion", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const live = await recorded(() =>
      savePost(
        postInput({ title: "Live now", publishedDate: new Date("2026-11-20T09:30:00Z") }),
        by(owner),
        { now },
      ),
    );
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ action: "post.published", actor_user_id: owner.id });
    expect(JSON.parse(live[0]?.details ?? "{}")).toEqual({
      title: "Live now",
      goesLiveAt: "2026-11-20T09:30:00.000Z",
      scheduled: false,
    });

    // Scheduled: recorded when it was published, with the date it goes live.
    const later = new Date("2026-12-01T08:00:00Z");
    const [scheduled] = await recorded(() =>
      savePost(postInput({ title: "Coming soon", publishedDate: later }), by(owner), { now }),
    );
    expect(JSON.parse(scheduled?.details ?? "{}")).toMatchObject({
      goesLiveAt: later.toISOString(),
      scheduled: true,
    });

    // A draft publishes nothing; publishing it later does, and saving it again does not.
    let draftId = "";
    expect(
      await recorded(async () => {
        const saved = await savePost(postInput({ title: "Draft", published: false }), by(owner), {
          now,
        });
        if (saved.status === "created") draftId = saved.id;
      }),
    ).toEqual([]);
    const [published] = await recorded(() =>
      savePost(postInput({ id: draftId, title: "Draft" }), by(owner), { now }),
    );
    expect(published).toMatchObject({ action: "post.published", target: `post:${draftId}` });
    expect(
      await recorded(() =>
        savePost(postInput({ id: draftId, title: "Draft, edited" }), by(owner), { now }),
      ),
    ).toEqual([]);

    const [deleted] = await recorded(() => removePost(draftId, by(owner)));
    expect(deleted).toMatchObject({ action: "post.deleted", target: `post:${draftId}` });
  }, 30_000);
});

describe("exports, webhooks, settings, subscribers and messages", () => {
  test("every CSV export of the leads is recorded with its kind and filters", async () => {
    for (const kind of ["assessments", "messages", "clicks", "bookings", "subscribers"]) {
      const [entry] = await recorded(() =>
        leadsExportLoader(
          routeArgs(
            page(`http://localhost/admin/leads/export/${kind}?from=2026-11-01&junk=x`, ownerCookie),
            {
              params: { kind },
              clientIp: CLIENT_IP,
            },
          ),
        ),
      );
      expect(entry, kind).toMatchObject({
        action: "export.csv",
        actor_user_id: owner.id,
        target: `export:${kind}`,
        ip_address: CLIENT_IP,
      });
      expect(entry?.details ?? "", kind).not.toContain("junk");
    }
    expect(
      await recorded(() =>
        leadsExportLoader(
          routeArgs(page("http://localhost/admin/leads/export/nothing", ownerCookie), {
            params: { kind: "nothing" },
          }),
        ).catch(() => null),
      ),
    ).toEqual([]);
  });

  test("webhook endpoints added, changed, given a new secret and removed", async () => {
    const checks = { ports: [80, 443], testHosts: [], lookup: resolvingToPublic };
    const entries = await recorded(async () => {
      const saved = await addEndpoint(
        db,
        STAFF,
        { url: "https://crm.example.com/hooks?token=secret-token", events: ["contact.message"] },
        checks,
      );
      if (saved.outcome !== "saved") throw new Error(saved.reason);
      const { id } = saved.endpoint;
      await updateEndpoint(
        db,
        STAFF,
        id,
        { url: "https://crm.example.com/v2", events: ["contact.message"] },
        checks,
      );
      replaceSecret(db, STAFF, id);
      removeEndpoint(db, STAFF, id);
    });
    expect(entries.map(({ action }) => action)).toEqual([
      "webhook.created",
      "webhook.changed",
      "webhook.changed",
      "webhook.removed",
    ]);
    expect(new Set(entries.map(({ target }) => target)).size).toBe(1);
    expect(JSON.stringify(entries)).not.toContain("secret-token");
    expect(JSON.stringify(entries)).not.toContain("whsec_");
  });

  test("booking rules, days off, the feed's secret and calendars", async () => {
    const server = http.createServer((_request, response) => {
      response
        .writeHead(200, { "Content-Type": "text/calendar" })
        .end(
          fs.readFileSync(
            path.resolve(import.meta.dirname, "fixtures/calendars/denver-google.ics"),
          ),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { weeklyHours, callMinutes, startEveryMinutes, noticeMinutes, horizonDays } =
        readBookingSettings(db);
      const entries = await recorded(async () => {
        saveBookingRules(STAFF, {
          weeklyHours,
          callMinutes: callMinutes === 30 ? 45 : 30,
          startEveryMinutes,
          noticeMinutes,
          horizonDays,
        });
        addDayOff(STAFF, "2031-12-24", "Closed");
        removeDayOff(STAFF, "2031-12-24");
        replaceFeedSecret(STAFF);
        const added = await addCalendarSource(
          db,
          STAFF,
          { label: "Team", url: `http://127.0.0.1:${port}/secret-calendar-path.ics` },
          new Date(),
          { ports: [port], testHosts: [`127.0.0.1:${port}`] },
        );
        if (added.outcome !== "added") throw new Error(added.reason);
        removeCalendarSource(db, STAFF, added.source.id);
      });
      expect(entries.map(({ action }) => action)).toEqual(Array(6).fill("settings.changed"));
      expect(entries.map(({ target }) => target?.replace(/^calendar:\d+$/, "calendar:N"))).toEqual([
        "settings:booking-rules",
        "day-off:2031-12-24",
        "day-off:2031-12-24",
        "settings:calendar-feed",
        "calendar:N",
        "calendar:N",
      ]);
      expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({ changed: ["callMinutes"] });
      expect(JSON.stringify(entries)).not.toContain("secret-calendar-path");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("subscribers imported and removed, their addresses only as keyed hashes", async () => {
    const csv = "email,name\nada.subscriber@example.net,Ada\nnot an address,Bob\n";
    const [imported] = await recorded(() => importSubscribers(STAFF, csv));
    expect(imported).toMatchObject({
      action: "subscribers.imported",
      target: "subscribers:import",
    });
    expect(JSON.parse(imported?.details ?? "{}")).toEqual({
      invited: 1,
      alreadySubscribed: 0,
      suppressed: 0,
      invalid: 1,
    });
    const { id } = sqlite
      .prepare("select id from subscribers where email = ?")
      .get("ada.subscriber@example.net") as { id: number };
    const [removed] = await recorded(() => removeSubscriber(STAFF, id));
    expect(removed).toMatchObject({
      action: "subscriber.removed",
      target: `subscriber:${id}`,
      subject_key: addressKey("ada.subscriber@example.net"),
    });
    expect(JSON.stringify(sqlite.prepare("select * from audit_log").all())).not.toMatch(
      /ada\.subscriber/i,
    );
  });
  test("a message marked handled is recorded by who marked it, the sender only as a keyed hash", async () => {
    const message = await submitContactMessage({
      fullName: "Nadia Sender",
      email: "nadia.sender@example.org",
      message: "Please call me about our hand-offs.",
    });
    const mark = () =>
      callAction(
        messagesAction,
        form(
          "http://localhost/admin/leads/messages",
          { intent: "handled", id: String(message.id) },
          ownerCookie,
        ),
        CLIENT_IP,
      );
    const [handled, ...more] = await recorded(async () => {
      await mark();
      // Already handled: nothing changes, so nothing more is recorded.
      await mark();
    });
    expect(more).toEqual([]);
    expect(handled).toMatchObject({
      action: "message.handled",
      actor_user_id: owner.id,
      target: `message:${message.id}`,
      subject_key: addressKey("nadia.sender@example.org"),
      ip_address: CLIENT_IP,
    });
    expect(JSON.stringify(handled)).not.toMatch(/nadia/i);
  });
});

describe("the audit log's page", () => {
  test("only an owner reads it: another admin gets 403, a visitor goes to sign in", async () => {
    const admin = newStaff();
    const refused = await auditLoader(
      routeArgs(page("http://localhost/admin/audit", await signedIn(admin))),
    ).catch((thrown: unknown) => thrown);
    expect(answerOf(refused).status).toBe(403);
    const refusedCsv = await auditExportLoader(
      routeArgs(page("http://localhost/admin/audit/export", await signedIn(admin))),
    ).catch((thrown: unknown) => thrown);
    expect(answerOf(refusedCsv).status).toBe(403);
    const anonymous = await auditLoader(routeArgs(page("http://localhost/admin/audit", ""))).catch(
      (thrown: unknown) => thrown,
    );
    expect((anonymous as Response).headers.get("Location")).toBe("/admin/auth");
  });

  test("filters by person, action and days in the firm's zone, newest first", async () => {
    const actor = newStaff();
    const actorBy = by(actor);
    // 2026-03-01 23:30 in Denver is already 2 March in UTC: the day is the firm's.
    const lateEvening = new Date("2026-03-02T06:30:00Z");
    const nextDay = new Date("2026-03-02T18:00:00Z");
    const { recordAudit } = await import("~/lib/audit.server");
    recordAudit(db, {
      action: "export.csv",
      ...actorBy,
      target: "export:messages",
      at: lateEvening,
    });
    recordAudit(db, { action: "post.deleted", ...actorBy, target: "post:abc", at: nextDay });
    const load = async (query: string) => {
      const answer = answerOf(
        await auditLoader(routeArgs(page(`http://localhost/admin/audit?${query}`, ownerCookie))),
      );
      return answer.body as {
        entries: { action: string; at: string; link: string | null }[];
        total: number;
      };
    };
    const mine = await load(`user=${actor.id}`);
    expect(mine.entries.map(({ action }) => action)).toEqual(["post.deleted", "export.csv"]);
    expect(mine.entries[0]?.link).toBe("/admin/blog?edit=abc");
    expect((await load(`user=${actor.id}&action=export.csv`)).entries).toHaveLength(1);
    const firstOfMarch = await load(`user=${actor.id}&from=2026-03-01&to=2026-03-01`);
    expect(firstOfMarch.entries.map(({ at }) => at)).toEqual([lateEvening.toISOString()]);
    // A malformed filter is no filter, not an error.
    expect((await load(`user=${actor.id}&action=nonsense&from=2026-02-31`)).total).toBe(2);
  });

  test("its CSV holds the filtered entries, formulas made inert, and is itself recorded", async () => {
    const actor = newStaff();
    const { recordAudit } = await import("~/lib/audit.server");
    recordAudit(db, {
      action: "post.deleted",
      ...by(actor),
      target: "post:x",
      details: { title: '=HYPERLINK("http://evil.example")' },
    });
    const [exported] = await recorded(async () => {
      const response = (await auditExportLoader(
        routeArgs(page(`http://localhost/admin/audit/export?user=${actor.id}`, ownerCookie), {
          clientIp: CLIENT_IP,
        }),
      )) as Response;
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-/);
      const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.["Action"]).toBe("Post deleted");
      expect(rows[0]?.["Details"]).toMatch(/^'?\{/);
      expect(rows[0]?.["Details"]).not.toMatch(/(^|[,;\t])=/);
    });
    expect(exported).toMatchObject({
      action: "export.csv",
      actor_user_id: owner.id,
      target: "export:audit",
      ip_address: CLIENT_IP,
    });
    expect(JSON.parse(exported?.details ?? "{}")).toEqual({ filters: `user=${actor.id}` });
  });
});

/** A DNS answer of a public address, so the endpoint checks pass without the network. */
const resolvingToPublic: LookupFunction = (_hostname, options, callback) => {
  if (typeof options === "object" && options.all) {
    callback(null, [{ address: "93.184.216.34", family: 4 }]);
  } else callback(null, "93.184.216.34", 4);
};
