// The outbox as staff use it: it opens on every email, newest first; an email opens on its own page
// as it was sent; its buttons (Send now, Send all now, Discard) answer with a 303 back to the list
// and a notice; strangers and stray posts get nothing.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { outbox } from "~/db/schema";
import { insertUser } from "~/features/accounts/user-queries.server";
import { enqueueEmail, enqueueWebhook } from "~/features/outbox/index.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import { action, loader } from "~/routes/admin.outbox._index";
import { loader as emailLoader } from "~/routes/admin.outbox.$id";
import { callAction, routeArgs } from "./support/actions";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import { form, signedIn, toastOf } from "./support/staff";

let cookie = "";
let smtp: SmtpSink;
afterAll(() => smtp.stop());
beforeAll(async () => {
  smtp = await startSmtpSink();
  const admin = insertUser(db, {
    email: "outbox-admin@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
  });
  cookie = await signedIn(admin);
});

const inAnHour = () => new Date(Date.now() + 60 * 60_000);

function queue(subject: string, held = false) {
  const id = enqueueEmail(db, { to: "firm@example.com", subject, text: subject, html: subject });
  db.update(outbox)
    .set({ nextAttemptAt: inAnHour(), heldAt: held ? new Date() : null })
    .where(eq(outbox.id, id))
    .run();
  return id;
}

const row = (id: number) => db.select().from(outbox).where(eq(outbox.id, id)).get();

async function press(fields: Record<string, string>, withCookie = cookie) {
  const answer = await callAction(
    action,
    form("http://localhost/admin/outbox?state=queued", fields, withCookie),
  );
  return { ...answer, title: (await toastOf(answer.headers))?.title };
}

test("Send now makes one queued email due at once; Send all now every one but the held", async () => {
  const [first, second] = [queue("First"), queue("Second")];
  const held = queue("Held", true);

  const one = await press({ intent: "send-now", id: String(first) });
  expect(one).toMatchObject({ status: 303, title: "Sending now" });
  expect(one.headers.get("Location")).toBe("/admin/outbox?state=queued");
  expect(row(first)?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  expect(row(second)?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

  expect(await press({ intent: "send-all" })).toMatchObject({ status: 303, title: "Sending now" });
  expect(row(second)?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  expect(row(held)).toMatchObject({ heldAt: expect.any(Date) });
  expect(row(held)?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

  expect(await press({ intent: "send-now", id: String(held) })).toMatchObject({ status: 303 });
  expect(row(held)).toMatchObject({ heldAt: null });
});

test("Discard ends a held email as failed, and only a held one", async () => {
  const held = queue("Held to discard", true);
  const waiting = queue("Waiting");
  expect(await press({ intent: "discard", id: String(waiting) })).toMatchObject({
    status: 303,
    title: "Error",
  });
  expect(row(waiting)?.failedAt).toBeNull();
  expect(await press({ intent: "discard", id: String(held) })).toMatchObject({
    status: 303,
    title: "Discarded",
  });
  expect(row(held)).toMatchObject({ heldAt: null, failedAt: expect.any(Date) });
});

test("a stray post is refused with 400, a stranger's with 401, and nothing changes", async () => {
  const waiting = queue("Untouched");
  expect((await press({ intent: "send-everything" })).status).toBe(400);
  expect((await press({ intent: "send-now", id: "not a number" })).status).toBe(400);
  await expect(press({ intent: "send-all" }, "")).rejects.toMatchObject({ init: { status: 401 } });
  expect(row(waiting)?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
});

/** What a loader answered: its data, or the status it threw (404, 401). */
async function open(path: string, params: Record<string, string> = {}, withCookie = cookie) {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: withCookie } });
  const chosen = path.startsWith("/admin/outbox/") ? emailLoader : loader;
  try {
    const answer = (await chosen(routeArgs(request, { params: params as { id: string } }))) as {
      data: unknown;
    };
    return answer.data as Record<string, unknown>;
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location") };
    }
    return { status: (thrown as { init?: { status?: number } }).init?.status };
  }
}

test("the outbox opens on every email, newest first, whatever became of each", async () => {
  const [failed, sent, waiting] = [queue("Failed one"), queue("Sent one"), queue("Waiting one")];
  db.update(outbox).set({ failedAt: new Date() }).where(eq(outbox.id, failed)).run();
  db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, sent)).run();

  const page = (await open("/admin/outbox")) as {
    view: { state: string; totals: Record<"all" | "failed" | "queued" | "sent", number> };
    rows: { id: number }[];
  };
  expect(page.view.state).toBe("all");
  const newest = db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(25).all();
  expect(page.rows.map((row) => row.id)).toEqual(newest.map((row) => row.id));
  expect(page.rows.slice(0, 3).map((row) => row.id)).toEqual([waiting, sent, failed]);
  const { totals } = page.view;
  expect(totals.all).toBe(totals.failed + totals.queued + totals.sent);

  // The state tabs still narrow it.
  const onlyFailed = (await open("/admin/outbox?state=failed")) as { rows: { id: number }[] };
  expect(onlyFailed.rows.map((row) => row.id)).toContain(failed);
  expect(onlyFailed.rows.map((row) => row.id)).not.toContain(waiting);
});

test("an email opens on its page as the mail server got it: headers, text and HTML source", async () => {
  const html = '<p>Hello <b>Ada</b></p><script>alert("x")</script>';
  const id = enqueueEmail(db, {
    to: "ada@example.org",
    replyTo: "grace@example.org",
    subject: "Your results",
    text: "Hello Ada,\nyour results are ready.",
    html,
  });
  const before = (await open(`/admin/outbox/${id}`, { id: String(id) })) as {
    headers: [string, string][];
  };
  const from = new Map(before.headers).get("From") ?? "";
  const transport = createSmtpTransport(smtp.url);
  await deliverDueMessages(db, { email: emailCourier(transport, from) });
  transport.close?.();
  const [received] = (await smtp.waitForMessages(1)).filter((m) => m.subject === "Your results");

  const shown = (await open(`/admin/outbox/${id}`, { id: String(id) })) as {
    message: { subject: string; sentAt: Date | null };
    headers: [string, string][];
    text: string;
    html: string;
  };
  expect(shown.message.sentAt).toBeInstanceOf(Date);
  const headers = new Map(shown.headers);
  expect([...headers.keys()]).toEqual([
    "From",
    "To",
    "Reply-To",
    "Subject",
    "Message-ID",
    "Auto-Submitted",
  ]);
  expect(headers.get("To")).toBe("ada@example.org");
  expect(headers.get("Reply-To")).toBe("grace@example.org");
  expect(headers.get("Subject")).toBe(received?.subject);
  expect(headers.get("Message-ID")).toBe(received?.messageId);
  expect(headers.get("Auto-Submitted")).toBe(received?.autoSubmitted);
  expect(shown.text).toBe("Hello Ada,\nyour results are ready.");
  expect(shown.html).toBe(html);
});

test("an email that carries a calendar says so on its page, with the calendar's method, file and text", async () => {
  const content = "BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n";
  const id = enqueueEmail(db, {
    to: "ada@example.org",
    subject: "Your call is cancelled",
    text: "Cancelled.",
    html: "<p>Cancelled.</p>",
    calendar: { method: "CANCEL", content },
  });
  const plain = queue("No calendar");
  expect(await open(`/admin/outbox/${id}`, { id: String(id) })).toMatchObject({
    calendar: { method: "CANCEL", content, fileName: "cancel.ics" },
  });
  expect(await open(`/admin/outbox/${plain}`, { id: String(plain) })).toMatchObject({
    calendar: null,
  });
});

test("an email page is staff's only, and a number that is no email is a 404", async () => {
  const id = queue("Private");
  // A stranger is sent to sign in, as everywhere in the admin.
  expect(await open(`/admin/outbox/${id}`, { id: String(id) }, "")).toMatchObject({
    status: 302,
    location: expect.stringMatching(/^\/admin\/auth/),
  });
  db.$client
    .prepare("insert into webhook_endpoints (url, events, secret) values (?, ?, ?)")
    .run("https://crm.example.com/", '["contact.message"]', "whsec_x");
  const endpointId = Number(
    (db.$client.prepare("select max(id) as id from webhook_endpoints").get() as { id: number }).id,
  );
  const delivery = enqueueWebhook(db, {
    endpointId,
    eventId: "evt_outbox_page",
    eventType: "contact.message",
    payload: "{}",
  });
  for (const other of [String(delivery), "999999", "abc", "0"]) {
    expect(await open(`/admin/outbox/${other}`, { id: other })).toEqual({ status: 404 });
  }
});
