// Each new Insights post emailed once to every confirmed subscriber, on a real SQLite file and
// through a real SMTP server on 127.0.0.1: on publishing and at a scheduled time, never twice for
// saves, re-publishing, a second runner or a restart; "Send again" as a new round; the test email
// to one staff member; and what each email carries.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import type { AuditSource } from "~/lib/audit.server";
import type { AppDatabase } from "~/lib/db-client.server";
import { openDatabase } from "~/lib/db-client.server";
import { env } from "~/lib/env.server";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";
import { savePost } from "~/features/insights/post-editing.server";
import { STAFF } from "./support/actions";
import { insertUser } from "~/features/accounts/user-queries.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import {
  queueDueNewsletters,
  sendPostAgain,
  sendTestEmail,
  newsletterRounds,
} from "~/features/subscribers/newsletter.server";
import { FULL_BODY_LIMIT } from "~/features/subscribers/emails/post-email";
import { unsubscribePath, unsubscribeToken } from "~/features/subscribers/links.server";
import { unsubscribe } from "~/features/subscribers/subscriptions.server";
import { postInput } from "./support/post-input";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";

type Row = Record<string, unknown>;
const all = (query: string, ...params: unknown[]) =>
  db.$client.prepare(query).all(...params) as Row[];

let sink: SmtpSink;
let staffId: number;
let editor: AuditSource;
beforeAll(async () => {
  sink = await startSmtpSink();
  staffId = insertUser(db, { email: "editor@example.org", passwordHash: "not used here" }).id;
  editor = { actor: { id: staffId, email: "editor@example.org" }, ipAddress: "198.51.100.7" };
});
const auditedSends = (postId: string) =>
  all(
    `select action, actor_user_id, ip_address, details from audit_log
     where action = 'newsletter.sent_again' and target = ?`,
    `post:${postId}`,
  );
afterAll(() => sink.stop());

beforeEach(() => {
  db.$client.exec(`
    delete from outbox; delete from newsletter_sends; delete from outbox_mailings;
    delete from blog_posts; delete from subscribers;`);
  sink.messages.length = 0;
});

function subscriber(email: string, status: "pending" | "confirmed" | "unsubscribed") {
  const row = db.$client
    .prepare(
      "insert into subscribers (email, email_key, status, source) values (?, ?, ?, 'insights') returning id",
    )
    .get(email, email.toLowerCase(), status) as { id: number };
  return row.id;
}

const minutes = (n: number) => n * 60_000;
const publishedAt = new Date("2026-11-20T16:30:00Z");
const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

async function publish(fields: Parameters<typeof postInput>[0] = {}) {
  const outcome = await savePost(postInput({ publishedDate: publishedAt, ...fields }), STAFF);
  if (outcome.status !== "created" && outcome.status !== "updated") {
    throw new Error(`Not saved: ${outcome.status}`);
  }
  return outcome.id;
}

/** Hands every due email to the SMTP server, as the outbox worker does, until none is left. */
async function deliverAll(database: AppDatabase = db) {
  const transport = createSmtpTransport(sink.url);
  try {
    const courier = { email: emailCourier(transport, "Keelstone <site@keelstone.example.com>") };
    for (;;) {
      const { sent, failed } = await deliverDueMessages(database, courier);
      if (sent + failed === 0) break;
    }
  } finally {
    transport.close?.();
  }
  return sink.messages;
}

const recipientsOf = (messages: SmtpSink["messages"]) =>
  messages.flatMap((message) => message.to).sort();

describe("a post going live", () => {
  test("with no one subscribed, it is recorded as sent to nobody, and a later subscriber does not get it", async () => {
    const postId = await publish();
    expect(await queueDueNewsletters(db, after(publishedAt, minutes(1)))).toBe(1);
    expect(newsletterRounds(db, [postId])[postId]).toEqual([
      expect.objectContaining({ round: 1, recipients: 0 }),
    ]);
    expect(all("select * from outbox_mailings")).toEqual([]);

    subscriber("late@example.org", "confirmed");
    expect(await queueDueNewsletters(db, after(publishedAt, minutes(2)))).toBe(0);
    expect(await deliverAll()).toEqual([]);
  });

  test("published now, it reaches every confirmed subscriber once, with one-click unsubscribe, the postal address and a visible unsubscribe link", async () => {
    const ada = subscriber("Ada@example.org", "confirmed");
    subscriber("grace@example.org", "confirmed");
    subscriber("waiting@example.org", "pending");
    subscriber("gone@example.org", "unsubscribed");
    await publish({
      title: "Queues at every hand-off",
      content: '<p>Every hand-off is a queue. <a href="/contact">Talk to us</a>.</p>',
    });

    expect(await queueDueNewsletters(db, after(publishedAt, minutes(1)))).toBe(1);
    const messages = await deliverAll();
    expect(recipientsOf(messages)).toEqual(["Ada@example.org", "grace@example.org"]);

    const toAda = messages.find((message) => message.to.includes("Ada@example.org"))!;
    expect(toAda.subject).toBe("Queues at every hand-off");
    const oneClick = new URL(absoluteUrl(siteConfig.origin, unsubscribePath(ada)));
    oneClick.protocol = "https:";
    expect(toAda.headerLines["list-unsubscribe"]).toBe(`<${oneClick.href}>`);
    expect(toAda.headerLines["list-unsubscribe"]).toMatch(
      new RegExp(`^<https://[^>]+/insights/unsubscribe/${unsubscribeToken(ada)}>$`),
    );
    expect(toAda.headerLines["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const visible = absoluteUrl(siteConfig.origin, unsubscribePath(ada));
    expect(toAda.text).toContain(`Unsubscribe with one click: ${visible}`);
    expect(toAda.html).toContain(`href="${visible}"`);
    expect(toAda.text).toContain(siteConfig.address);
    expect(toAda.html).toContain("Every hand-off is a queue.");
    // The post's own link works away from the site.
    expect(toAda.html).toContain(`href="${absoluteUrl(siteConfig.origin, "/contact")}"`);
    expect(toAda.text).toContain(`Read it on the website: ${siteConfig.origin}/insights/`);
    // Each reader gets their own link, not Ada's.
    const toGrace = messages.find((message) => message.to.includes("grace@example.org"))!;
    expect(toGrace.text).not.toContain(unsubscribeToken(ada));
  });

  test("a scheduled post goes out when its time comes, not before", async () => {
    subscriber("reader@example.org", "confirmed");
    const goesLive = after(publishedAt, minutes(60));
    await publish({ publishedDate: goesLive });

    expect(await queueDueNewsletters(db, after(goesLive, -minutes(1)))).toBe(0);
    expect(await deliverAll()).toEqual([]);
    expect(await queueDueNewsletters(db, after(goesLive, 30_000))).toBe(1);
    expect(recipientsOf(await deliverAll())).toEqual(["reader@example.org"]);
  });

  test("saving again, unpublishing and publishing again, another run, a second runner at once and a restart never send it again", async () => {
    subscriber("reader@example.org", "confirmed");
    const now = after(publishedAt, minutes(1));
    const id = await publish();
    // Two runners at once (two processes on one file): each renders, then one mark wins.
    const second = openDatabase(env.DATABASE_PATH);
    try {
      const runs = await Promise.all([
        queueDueNewsletters(db, now),
        queueDueNewsletters(second, now),
      ]);
      expect(runs.sort()).toEqual([0, 1]);
      await publish({ id, title: "A new title" });
      await publish({ id, published: false });
      await publish({ id, published: true, publishedDate: after(now, minutes(5)) });
      for (const at of [after(now, minutes(6)), after(now, minutes(60))]) {
        expect(await queueDueNewsletters(db, at)).toBe(0);
        // A restart: a new connection to the same file.
        const restarted = openDatabase(env.DATABASE_PATH);
        try {
          expect(await queueDueNewsletters(restarted, at)).toBe(0);
        } finally {
          restarted.$client.close();
        }
      }
    } finally {
      second.$client.close();
    }
    expect(recipientsOf(await deliverAll())).toEqual(["reader@example.org"]);
    expect(all("select round from newsletter_sends")).toEqual([{ round: 1 }]);
  });

  test("with Email to subscribers off, nothing is sent", async () => {
    subscriber("reader@example.org", "confirmed");
    await publish({ emailSubscribers: false });
    expect(await queueDueNewsletters(db, after(publishedAt, minutes(1)))).toBe(0);
    expect(await deliverAll()).toEqual([]);
  });

  test("an address unsubscribed after the post was queued gets nothing of it", async () => {
    const ada = subscriber("ada@example.org", "confirmed");
    subscriber("grace@example.org", "confirmed");
    await publish();
    await queueDueNewsletters(db, after(publishedAt, minutes(1)));
    unsubscribe(db, unsubscribeToken(ada));
    expect(recipientsOf(await deliverAll())).toEqual(["grace@example.org"]);
  });

  test("a post's own braces reach the reader as typed, never filled with a reader's values", async () => {
    subscriber("reader@example.org", "confirmed");
    await publish({ content: "<p>Write {{unsubscribe_url}} and {{{name}}} in the template.</p>" });
    await queueDueNewsletters(db, after(publishedAt, minutes(1)));
    const [message] = await deliverAll();
    expect(message?.html).toContain("Write &#123;{unsubscribe_url}} and &#123;&#123;{name}}} in");
    expect(message?.text).toContain(
      "Write {\u200B{unsubscribe_url}} and {\u200B{\u200B{name}}} in",
    );
  });

  test("a very long post goes as its excerpt with a link to read it on the website", async () => {
    subscriber("reader@example.org", "confirmed");
    const paragraph = `<p>${"Every hand-off is a queue. ".repeat(40)}</p>`;
    await publish({
      excerpt: "Where the days go between a signed order and cash in the bank.",
      content: paragraph.repeat(Math.ceil(FULL_BODY_LIMIT / paragraph.length) + 1),
    });
    await queueDueNewsletters(db, after(publishedAt, minutes(1)));
    const [message] = await deliverAll();
    expect(message?.text).toContain(
      "Where the days go between a signed order and cash in the bank.",
    );
    expect(message?.text).not.toContain("Every hand-off is a queue.");
    expect(message?.text).toContain("Read it on the website:");
  });
});

describe("staff's controls", () => {
  test("Send again emails the post to the subscribers confirmed now, as a new round recorded with who asked", async () => {
    const ada = subscriber("ada@example.org", "confirmed");
    subscriber("grace@example.org", "confirmed");
    const id = await publish();
    await queueDueNewsletters(db, after(publishedAt, minutes(1)));
    expect(recipientsOf(await deliverAll())).toEqual(["ada@example.org", "grace@example.org"]);

    unsubscribe(db, unsubscribeToken(ada));
    subscriber("new@example.org", "confirmed");
    subscriber("waiting@example.org", "pending");
    sink.messages.length = 0;
    expect(await sendPostAgain(db, id, editor)).toMatchObject({
      status: "sent",
      round: 2,
      recipients: 2,
    });
    const again = await deliverAll();
    expect(recipientsOf(again)).toEqual(["grace@example.org", "new@example.org"]);
    expect(again[0]?.headerLines["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(
      all("select round, requested_by, recipients from newsletter_sends order by round"),
    ).toEqual([
      { round: 1, requested_by: null, recipients: 2 },
      { round: 2, requested_by: staffId, recipients: 2 },
    ]);
    expect(newsletterRounds(db, [id])[id]?.map((round) => round.progress)).toEqual([
      { queued: 0, sent: 2, failed: 0 },
      { queued: 0, sent: 2, failed: 0 },
    ]);
    // Who sent it again, from where, and to how many, in the audit log; the first round was the
    // server's own and is not there.
    expect(auditedSends(id)).toEqual([
      {
        action: "newsletter.sent_again",
        actor_user_id: staffId,
        ip_address: "198.51.100.7",
        details: JSON.stringify({ round: 2, recipients: 2 }),
      },
    ]);
  });

  test("Send again on a post never sent by itself sends it once, and it is not sent by itself afterwards", async () => {
    subscriber("reader@example.org", "confirmed");
    const id = await publish({ emailSubscribers: false });
    expect(await sendPostAgain(db, id, editor, after(publishedAt, minutes(1)))).toMatchObject({
      status: "sent",
      round: 1,
    });
    await publish({ id, emailSubscribers: true });
    expect(await queueDueNewsletters(db, after(publishedAt, minutes(2)))).toBe(0);
    expect(recipientsOf(await deliverAll())).toEqual(["reader@example.org"]);
  });

  test("Send again refuses a draft or a scheduled post, and sends nothing", async () => {
    subscriber("reader@example.org", "confirmed");
    const draft = await publish({ published: false, title: "A draft" });
    const scheduled = await publish({ publishedDate: new Date("2099-01-01T00:00:00Z") });
    expect(await sendPostAgain(db, draft, editor)).toEqual({
      status: "not-live",
      title: "A draft",
    });
    expect((await sendPostAgain(db, scheduled, editor)).status).toBe("not-live");
    expect(await sendPostAgain(db, "no-such-post", editor)).toEqual({ status: "not-found" });
    expect(all("select id from outbox")).toEqual([]);
    expect([...auditedSends(draft), ...auditedSends(scheduled)]).toEqual([]);
  });

  test("the test email goes to the staff member alone, as an ordinary email marked as a test, with a harmless unsubscribe link", async () => {
    subscriber("reader@example.org", "confirmed");
    const id = await publish({ published: false, title: "Not out yet" });
    expect(await sendTestEmail(db, id, "editor@example.org")).toEqual({
      status: "sent",
      title: "Not out yet",
    });
    expect(all("select recipient, bulk, mailing_id from outbox")).toEqual([
      { recipient: "editor@example.org", bulk: 0, mailing_id: null },
    ]);
    const [message] = await deliverAll();
    expect(recipientsOf(sink.messages)).toEqual(["editor@example.org"]);
    expect(message?.subject).toBe("[Test] Not out yet");
    expect(message?.headerLines["list-unsubscribe"]).toBeUndefined();
    expect(message?.text).toContain("This is a test sent to you alone");
    expect(message?.text).toContain(
      `unsubscribes no one: ${absoluteUrl(siteConfig.origin, "/insights")}`,
    );
    expect(message?.text).not.toContain("/insights/unsubscribe/");
    expect(message?.text).toContain(siteConfig.address);
    // The post itself is still waiting: the test did not count as its send.
    expect(all("select newsletter_queued_at from blog_posts")).toEqual([
      { newsletter_queued_at: null },
    ]);
  });
});
