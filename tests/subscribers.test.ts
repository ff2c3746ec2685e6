import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import {
  confirmationState,
  confirmSubscription,
  requestSubscription,
  unsubscribe,
} from "~/features/subscribers/subscriptions.server";
import { unsubscribeToken } from "~/features/subscribers/links.server";
import { enqueueMailing } from "~/features/outbox/outbox.server";

type Row = Record<string, unknown>;
const all = (query: string, ...params: unknown[]) =>
  db.$client.prepare(query).all(...params) as Row[];
const subscriberNamed = (email: string) =>
  db.$client.prepare("select * from subscribers where email_key = ?").get(email.toLowerCase()) as
    Row | undefined;
const emailsTo = (email: string) =>
  all(
    "select * from outbox where channel = 'email' and lower(recipient) = ? order by id",
    email.toLowerCase(),
  );
/** The token in the newest confirmation email to this address. */
function linkTokenTo(email: string) {
  const body = String(emailsTo(email).at(-1)?.text_body ?? "");
  const token = /\/insights\/subscribe\/confirm\/([\w-]{43})/.exec(body)?.[1];
  if (!token) throw new Error(`No confirmation link to ${email}`);
  return token;
}

describe("double opt-in", () => {
  test("a new address gets a link; confirming spends it, tells the webhooks once, and asking again sends nothing", async () => {
    db.$client
      .prepare("insert into webhook_endpoints (url, events, secret) values (?, ?, ?)")
      .run("https://crm.example.com/hook", '["subscriber.confirmed"]', "whsec_test");
    await requestSubscription(db, { email: "Ada@Example.org", name: "Ada", source: "insights" });
    expect(subscriberNamed("ada@example.org")).toMatchObject({
      status: "pending",
      email: "Ada@Example.org",
    });
    expect(emailsTo("ada@example.org")).toHaveLength(1);
    const token = linkTokenTo("ada@example.org");

    expect(confirmationState(db, token)).toBe("valid");
    expect(confirmSubscription(db, token)).toEqual({
      status: "confirmed",
      email: "Ada@Example.org",
    });
    expect(subscriberNamed("ada@example.org")).toMatchObject({ status: "confirmed" });
    expect(confirmSubscription(db, token)).toEqual({ status: "invalid" });
    const events = all("select payload from outbox where event_type = 'subscriber.confirmed'");
    expect(events).toHaveLength(1);
    expect(JSON.parse(String(events[0]?.payload))).toMatchObject({
      type: "subscriber.confirmed",
      data: { email: "Ada@Example.org", name: "Ada", source: "insights" },
    });

    await requestSubscription(db, { email: "ada@example.org", name: null, source: "article" });
    expect(emailsTo("ada@example.org")).toHaveLength(1);
  });

  test("a link expires after 7 days, and a newer one replaces it", async () => {
    const sent = new Date("2026-11-01T09:00:00Z");
    await requestSubscription(
      db,
      { email: "late@example.org", name: null, source: "insights" },
      sent,
    );
    const first = linkTokenTo("late@example.org");
    expect(confirmationState(db, first, new Date("2026-11-08T08:59:00Z"))).toBe("valid");
    expect(confirmSubscription(db, first, new Date("2026-11-08T09:01:00Z"))).toEqual({
      status: "expired",
    });

    await requestSubscription(db, { email: "late@example.org", name: null, source: "insights" });
    const second = linkTokenTo("late@example.org");
    expect(confirmationState(db, first)).toBe("invalid");
    expect(confirmSubscription(db, second).status).toBe("confirmed");
  });

  test("an address gets three links an hour at most; more asks send nothing", async () => {
    for (let n = 0; n < 5; n += 1) {
      await requestSubscription(db, { email: "flood@example.org", name: null, source: "insights" });
    }
    expect(emailsTo("flood@example.org")).toHaveLength(3);
  });
});

describe("unsubscribing", () => {
  test("ends the subscription for good with the newsletters still queued; a re-subscribe goes through opt-in", async () => {
    await requestSubscription(db, { email: "leaving@example.org", name: null, source: "insights" });
    confirmSubscription(db, linkTokenTo("leaving@example.org"));
    const id = Number(subscriberNamed("leaving@example.org")?.id);
    enqueueMailing(
      db,
      { subject: "New post", text: "{{unsubscribe_url}}", html: "<p>{{unsubscribe_url}}</p>" },
      [{ to: "leaving@example.org", mergeFields: { unsubscribe_url: "https://x.example" } }],
    );

    expect(unsubscribe(db, `${id}.${"A".repeat(43)}`)).toEqual({ status: "invalid" });
    expect(
      unsubscribe(db, unsubscribeToken(id + 1000, "another secret that is long enough")),
    ).toEqual({
      status: "invalid",
    });
    expect(subscriberNamed("leaving@example.org")).toMatchObject({ status: "confirmed" });

    expect(unsubscribe(db, unsubscribeToken(id))).toEqual({ status: "unsubscribed" });
    expect(unsubscribe(db, unsubscribeToken(id))).toEqual({ status: "unsubscribed" });
    expect(subscriberNamed("leaving@example.org")).toMatchObject({ status: "unsubscribed" });
    const newsletter = emailsTo("leaving@example.org").find((row) => row.subject === "New post");
    expect(newsletter).toMatchObject({
      sent_at: null,
      last_error: "Unsubscribed before it was sent",
    });
    expect(newsletter?.failed_at).not.toBeNull();

    await requestSubscription(db, { email: "leaving@example.org", name: null, source: "insights" });
    expect(subscriberNamed("leaving@example.org")).toMatchObject({ status: "unsubscribed" });
    expect(confirmSubscription(db, linkTokenTo("leaving@example.org")).status).toBe("confirmed");
    expect(subscriberNamed("leaving@example.org")).toMatchObject({
      status: "confirmed",
      unsubscribed_at: null,
    });
  });
});
