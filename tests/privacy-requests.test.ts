// A person's data built through every form against a real SQLite file, a real SMTP sink and a real
// webhook receiver on 127.0.0.1; then found, exported and erased (decision 069). Afterwards no
// column of any table holds the address in any case, another person's data is as it was, an email
// queued to the person never goes out, and a staff import cannot subscribe them again.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { bookCall } from "~/features/booking/booking.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import { webhookCourier } from "~/features/outbox/webhook-courier.server";
import {
  erasePersonalData,
  exportPersonalData,
  findPersonalData,
} from "~/features/privacy/requests.server";
import { importSubscribers } from "~/features/subscribers/imports.server";
import {
  confirmSubscription,
  requestSubscription,
} from "~/features/subscribers/subscriptions.server";
import { webhookTargetOf } from "~/features/webhooks/endpoints.server";
import { addressKey } from "~/lib/address-keys.server";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { action as contactAction } from "~/routes/contact";
import { callAction, STAFF } from "./support/actions";
import { sampleAnswers } from "./support/assessment-answers";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";

type Row = Record<string, unknown>;
const all = (query: string, ...params: unknown[]) =>
  db.$client.prepare(query).all(...params) as Row[];

// Typed in mixed case, with a plus, as people do; stored and matched in any case.
const PERSON = "Pat.Prospect+Ops@Example.com";
const OTHER = "robin.other@example.org";
const staff = { id: 1, email: "privacy-owner@keelstone.example.com", ipAddress: "203.0.113.9" };

let sink: SmtpSink;
let receiver: http.Server;
let receiverPort = 0;
const received: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  db.$client
    .prepare("insert into webhook_endpoints (url, description, events, secret) values (?, ?, ?, ?)")
    .run(
      `http://127.0.0.1:${receiverPort}/hooks`,
      "CRM",
      JSON.stringify([
        "contact.message",
        "assessment.submitted",
        "booking.created",
        "subscriber.confirmed",
        "privacy.erased",
      ]),
      "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0MTI=",
    );
});
afterAll(async () => {
  await sink.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Delivers every due email to the SMTP sink and every webhook to the local receiver. */
async function deliverEverything() {
  const transport = createSmtpTransport(sink.url);
  try {
    // A call delivers one batch: called until nothing is left.
    for (;;) {
      const { sent, failed } = await deliverDueMessages(db, {
        email: emailCourier(transport, `"${siteConfig.brand}" <${siteConfig.email}>`),
        webhook: webhookCourier({
          targetOf: (id) => webhookTargetOf(db, id),
          userAgent: "Test webhooks",
          ports: [80, 443, receiverPort],
          testHosts: [`127.0.0.1:${receiverPort}`],
        }),
      });
      if (sent + failed === 0) break;
    }
  } finally {
    transport.close?.();
  }
}

function contactPost(fields: Record<string, string>) {
  return new Request("http://localhost/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** One person's data through every form: a message, an assessment, a call, a subscription. */
async function leadsOf(email: string, name: string, clientIp: string, callAt: Date) {
  const [first, last] = name.split(" ") as [string, string];
  const posted = await callAction(
    contactAction,
    contactPost({
      fullName: name,
      email,
      phone: "+1 303 555 0100",
      message: `Please write to ${email.toLowerCase()} about our month-end close.`,
    }),
    clientIp,
  );
  expect(posted.status).toBe(302);
  const visitId = trackVisit(null, 10, {
    ...NO_ATTRIBUTION,
    utmSource: "newsletter",
    referrer: `https://mail.example.net/?to=${encodeURIComponent(email)}`,
  });
  await submitAssessment({
    contact: { company: `${last} Ltd`, firstName: first, lastName: last, email, phone: "" },
    answers: sampleAnswers,
    visitId,
  });
  const booked = await bookCall(
    db,
    {
      fullName: name,
      email,
      company: `${last} Ltd`,
      phone: "+1 303 555 0100",
      topic: `Approvals; my assistant is not ${email}`,
      visitorTimeZone: "America/Denver",
      startsAt: callAt,
    },
    new Date("2027-03-10T17:00:00Z"),
  );
  expect(booked.kind).toBe("booked");
  await requestSubscription(db, { email, name, source: "insights" });
  const link = all(
    "select text_body from outbox where lower(recipient) = ? and subject like '%onfirm%' order by id desc",
    email.toLowerCase(),
  )[0];
  const token = /\/insights\/subscribe\/confirm\/([\w-]{43})/.exec(String(link?.text_body))?.[1];
  expect(confirmSubscription(db, token!).status).toBe("confirmed");
}

/** Every column of every table (read from sqlite_schema) whose text holds `text`, in any case. */
function columnsHolding(text: string) {
  const needle = text.toLowerCase();
  const tables = all("select name from sqlite_schema where type = 'table'").map((row) =>
    String(row.name),
  );
  return tables.flatMap((table) =>
    all(`pragma table_info("${table}")`).flatMap((column) => {
      const name = String(column.name);
      const { found } = db.$client
        .prepare(
          `select count(*) as found from "${table}" where instr(lower(cast("${name}" as text)), ?) > 0`,
        )
        .get(needle) as { found: number };
      return found > 0 ? [`${table}.${name} (${found})`] : [];
    }),
  );
}

describe("a privacy request", () => {
  test("finds, exports and erases one person's data everywhere, and only theirs", async () => {
    await leadsOf(PERSON, "Pat Prospect", "198.51.100.21", new Date("2027-03-12T17:00:00Z"));
    await leadsOf(OTHER, "Robin Other", "198.51.100.22", new Date("2027-03-12T18:00:00Z"));
    await deliverEverything();
    expect(
      sink.messages.some((message) =>
        message.to.some((to) => to.toLowerCase() === PERSON.toLowerCase()),
      ),
    ).toBe(true);
    expect(received.some((body) => body.toLowerCase().includes(PERSON.toLowerCase()))).toBe(true);
    // Queued after the last delivery: an email to the person that must never go out.
    await bookCall(
      db,
      {
        fullName: "Pat Prospect",
        email: PERSON,
        company: "Prospect Ltd",
        phone: null,
        topic: "A second call",
        visitorTimeZone: "America/Denver",
        startsAt: new Date("2027-03-15T16:00:00Z"),
      },
      new Date("2027-03-10T17:00:00Z"),
    );
    expect(columnsHolding(PERSON).length).toBeGreaterThan(10);
    const otherBefore = columnsHolding(OTHER);

    const found = findPersonalData(db, PERSON.toUpperCase(), staff);
    const counts = Object.fromEntries(found.map((kind) => [kind.kind, kind.records.length]));
    expect(counts).toMatchObject({
      contact_messages: 1,
      assessment_submissions: 1,
      assessment_visits: 1,
      bookings: 2,
      subscriptions: 1,
      rate_limits: 1,
      staff_accounts: 0,
      mailing_suppressions: 0,
    });
    expect(counts.emails).toBeGreaterThanOrEqual(6);
    expect(counts.webhook_deliveries).toBeGreaterThanOrEqual(4);

    const exported = JSON.parse(
      JSON.stringify(exportPersonalData(db, PERSON, staff, new Date("2027-03-11T09:00:00Z"))),
    );
    expect(exported).toMatchObject({
      format: "keelstone/privacy-export/1",
      email: PERSON.toLowerCase(),
      exportedAt: "2027-03-11T09:00:00.000Z",
    });
    expect(exported.records.contact_messages[0]).toMatchObject({
      fullName: "Pat Prospect",
      email: PERSON,
      message: expect.stringContaining("month-end close"),
    });
    expect(exported.records.contact_messages[0]).not.toHaveProperty("submissionKey");
    expect(exported.records.assessment_submissions[0]).toMatchObject({
      firstName: "Pat",
      company: "Prospect Ltd",
      efficiencyScore: expect.any(Number),
    });
    expect(exported.records.assessment_visits[0]).toMatchObject({ utmSource: "newsletter" });
    expect(exported.records.bookings.map((call: Row) => call.topic)).toContain("A second call");
    expect(exported.records.subscriptions[0]).toMatchObject({ status: "confirmed" });
    expect(exported.records.subscriptions[0]).not.toHaveProperty("confirmationTokenHash");
    expect(exported.records.emails.some((email: Row) => email.to === PERSON)).toBe(true);
    expect(
      exported.records.webhook_deliveries.map((delivery: Row) => (delivery.payload as Row).type),
    ).toEqual(expect.arrayContaining(["contact.message", "booking.created"]));
    expect(exported.records.rate_limits[0]).toMatchObject({ limit: "subscribePerEmail" });

    const report = erasePersonalData(db, PERSON, staff, new Date("2027-03-11T10:00:00Z"));
    expect(report.counts).toMatchObject({
      contact_messages: 1,
      assessment_submissions: 1,
      assessment_visits: 1,
      bookings: 2,
      bookings_cancelled: 2,
      subscriptions: 1,
      rate_limits: 1,
    });

    expect(columnsHolding(PERSON)).toEqual([]);
    // Nor their name or company, in the outbox's bodies and payloads included.
    expect(columnsHolding("Pat Prospect")).toEqual([]);
    expect(columnsHolding("Prospect Ltd")).toEqual([]);
    expect(columnsHolding(OTHER)).toEqual(otherBefore);
    expect(findPersonalData(db, PERSON, staff).filter((kind) => kind.records.length > 0)).toEqual([
      expect.objectContaining({ kind: "mailing_suppressions" }),
      expect.objectContaining({ kind: "audit_entries" }),
    ]);
    // The rows stay counted for the statistics, without the person.
    expect(all("select * from contact_messages where full_name = '[erased]'")).toHaveLength(1);
    expect(all("select * from bookings where status = 'confirmed'")).toHaveLength(1);

    // The audit log and the webhook know the erasure by the keyed hash alone.
    const audited = all("select action, subject_key, details from audit_log order by id");
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["privacy.search", "privacy.export", "privacy.erase"]),
    );
    expect(audited.every((entry) => entry.subject_key === addressKey(PERSON))).toBe(true);
    const erasure = audited.find((entry) => entry.action === "privacy.erase");
    expect(JSON.parse(String(erasure?.details)).counts).toMatchObject({ bookings: 2 });
    const sentBefore = sink.messages.length;
    await deliverEverything();
    const newMail = sink.messages.slice(sentBefore);
    expect(
      newMail.filter((message) => JSON.stringify(message).toLowerCase().includes("prospect")),
    ).toEqual([]);
    const erasedEvent = received
      .map((body) => JSON.parse(body))
      .find((body) => body.type === "privacy.erased");
    expect(erasedEvent.data).toMatchObject({
      subjectKey: addressKey(PERSON),
      leads: { contact_messages: [expect.any(Number)], bookings: expect.any(Array) },
    });
    expect(JSON.stringify(erasedEvent).toLowerCase()).not.toContain(PERSON.toLowerCase());
  });

  test("the keyed hash keeps an import from subscribing the erased person; their own opt-in still can", async () => {
    const outcome = await importSubscribers(
      db,
      STAFF,
      `email,name\n${PERSON},Pat\nnew.reader@example.org,New\n`,
    );
    expect(outcome).toMatchObject({ status: "imported", summary: { invited: 1, suppressed: 1 } });
    expect(columnsHolding(PERSON)).toEqual([]);

    await requestSubscription(db, { email: PERSON, name: null, source: "insights" });
    const link = all("select text_body from outbox where recipient = ?", PERSON)[0];
    const token = /\/insights\/subscribe\/confirm\/([\w-]{43})/.exec(String(link?.text_body))?.[1];
    expect(confirmSubscription(db, token!).status).toBe("confirmed");
    expect(all("select * from subscriber_suppressions")).toEqual([]);
  });

  test("an address typed into another visitor's campaign tags is erased from all six, on the visit and on the submission that copied them", async () => {
    const mentioned = "lee.mentioned@example.net";
    const tags = {
      utmSource: `source ${mentioned}`,
      utmMedium: `medium ${mentioned}`,
      utmCampaign: `campaign ${mentioned}`,
      utmTerm: `term ${mentioned}`,
      utmContent: `content ${mentioned}`,
      referrer: `https://mail.example.net/to:${mentioned}`,
    };
    const visitId = trackVisit(null, 10, tags);
    await submitAssessment({
      contact: {
        company: "Sender Ltd",
        firstName: "Sam",
        lastName: "Sender",
        email: "sam.sender@example.org",
        phone: "",
      },
      answers: sampleAnswers,
      visitId,
    });
    const attribution =
      "select utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer from";
    const submission = () =>
      all(`${attribution} assessment_submissions where visit_id = ?`, visitId);
    const visit = () => all(`${attribution} assessment_visits where id = ?`, visitId);
    const stored = Object.values(tags);
    expect(submission().map(Object.values)).toEqual([stored]);
    expect(visit().map(Object.values)).toEqual([stored]);

    const report = erasePersonalData(db, mentioned, staff, new Date("2027-03-11T11:00:00Z"));
    expect(report.counts).toMatchObject({ assessment_submissions: 0, assessment_visits: 0 });
    const redacted = stored.map((value) => value.replace(mentioned, "[erased]"));
    expect(submission().map(Object.values)).toEqual([redacted]);
    expect(visit().map(Object.values)).toEqual([redacted]);
    expect(columnsHolding(mentioned)).toEqual([]);
  });
});
