// The daily retention sweep on a real SQLite file, with the clock it is handed: what is older than
// each period goes, what is younger stays, the foreign keys hold, and a second run the same day
// does nothing.
import { describe, expect, test } from "vitest";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { submitContactMessage } from "~/features/contact/send.server";
import { sweepIfDue } from "~/features/retention/index.server";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { findSetting } from "~/lib/settings.server";
import { sampleAnswers } from "./support/assessment-answers";

const DAY_MS = 86_400_000;
const sqlite = db.$client;
// The audit log's trigger reads the real clock, so the sweep's day is today's.
const now = new Date();
const daysAgo = (days: number) => now.getTime() - days * DAY_MS;
const count = (sql: string, ...params: unknown[]) =>
  Number((sqlite.prepare(sql).get(...params) as { n: number }).n);

sqlite
  .prepare(
    "insert into webhook_endpoints (url, description, events, secret) values ('https://hooks.example.com/in', 'CRM', ?, 'whsec_x')",
  )
  .run(JSON.stringify(["contact.message", "assessment.submitted"]));

async function contactMessage(name: string, ageDays: number) {
  const message = await submitContactMessage({
    fullName: name,
    email: `${name.toLowerCase()}@example.org`,
    message: "Our approvals take a week.",
  });
  sqlite
    .prepare("update contact_messages set created_at = ? where id = ?")
    .run(daysAgo(ageDays), message.id);
  return message.id;
}

async function assessment(name: string, ageDays: number) {
  const visitId = trackVisit(null, 10, NO_ATTRIBUTION);
  const { submissionId } = await submitAssessment({
    contact: {
      company: "Northwind",
      firstName: name,
      lastName: "Lovelace",
      email: `${name.toLowerCase()}@example.org`,
      phone: "",
    },
    answers: sampleAnswers,
    visitId,
  });
  sqlite
    .prepare("update assessment_submissions set created_at = ? where id = ?")
    .run(daysAgo(ageDays), submissionId);
  sqlite
    .prepare("update assessment_visits set started_at = ? where id = ?")
    .run(daysAgo(ageDays), visitId);
  return { submissionId, visitId };
}

let bookingStart = 0;
function booking(endedDaysAgo: number, assessmentSubmissionId: number | null = null) {
  const endsAt = daysAgo(endedDaysAgo) + (bookingStart += 60_000);
  return Number(
    sqlite
      .prepare(
        `insert into bookings (uid, starts_at, ends_at, full_name, email, company, visitor_time_zone, assessment_submission_id)
         values (?, ?, ?, 'Grace', 'grace@example.org', 'Northwind', 'America/Denver', ?)`,
      )
      .run(crypto.randomUUID(), endsAt - 30 * 60_000, endsAt, assessmentSubmissionId)
      .lastInsertRowid,
  );
}

const exists = (table: string, id: number | string) =>
  count(`select count(*) as n from ${table} where id = ?`, id) === 1;

describe("the retention sweep", () => {
  test("deletes what outlived each period, keeps what did not, and runs once a day", async () => {
    // Leads: 24 months by default, about 730 days.
    const oldMessage = await contactMessage("Old", 800);
    const newMessage = await contactMessage("New", 600);
    const oldAssessment = await assessment("Olda", 800);
    const newAssessment = await assessment("Newa", 600);
    const bookedAssessment = await assessment("Booked", 800);
    const abandonedOld = trackVisit(null, 3, NO_ATTRIBUTION);
    sqlite
      .prepare("update assessment_visits set started_at = ? where id = ?")
      .run(daysAgo(800), abandonedOld);
    const oldCall = booking(800);
    const recentCall = booking(600, bookedAssessment.submissionId);
    sqlite
      .prepare(
        "insert into cta_clicks (cta_source, page_path, user_session, created_at) values (?, ?, ?, ?), (?, ?, ?, ?)",
      )
      .run("hero", "/", "a", daysAgo(800), "hero", "/", "b", daysAgo(600));

    // Email bodies: 30 days. Every lead above queued emails; these two stand apart from them.
    const sentEmail = (sentDaysAgo: number) =>
      Number(
        sqlite
          .prepare(
            "insert into outbox (recipient, subject, text_body, html_body, calendar, calendar_method, sent_at) values ('x@example.org', 'Your call', 'Hello Grace', '<p>Hello Grace</p>', 'BEGIN:VCALENDAR', 'REQUEST', ?)",
          )
          .run(daysAgo(sentDaysAgo)).lastInsertRowid,
      );
    const oldEmail = sentEmail(40);
    const newEmail = sentEmail(20);
    const failedEmail = Number(
      sqlite
        .prepare(
          "insert into outbox (recipient, subject, text_body, html_body, failed_at) values ('x@example.org', 'Hi', 'Hello', '<p>Hello</p>', ?)",
        )
        .run(daysAgo(40)).lastInsertRowid,
    );
    const mailing = (sentDaysAgo: (number | null)[]) => {
      const id = Number(
        sqlite
          .prepare(
            "insert into outbox_mailings (text_body, html_body, created_at) values ('Dear {{name}}', '<p>Dear {{name}}</p>', ?)",
          )
          .run(daysAgo(50)).lastInsertRowid,
      );
      for (const sent of sentDaysAgo) {
        sqlite
          .prepare(
            "insert into outbox (recipient, subject, bulk, mailing_id, merge_fields, sent_at) values ('s@example.org', 'News', 1, ?, '{\"name\":\"Sam\"}', ?)",
          )
          .run(id, sent === null ? null : daysAgo(sent));
      }
      return id;
    };
    const doneMailing = mailing([45, 40]);
    const partlyRecentMailing = mailing([45, 10]);
    const unsentMailing = mailing([45, null]);

    // Webhook log: 90 days, from when a delivery ended. Every lead above queued one per lead.
    const delivery = (endedDaysAgo: number, column: "sent_at" | "failed_at") =>
      Number(
        sqlite
          .prepare(
            `insert into outbox (channel, webhook_endpoint_id, event_id, event_type, payload, ${column}) values ('webhook', 1, ?, 'webhook.test', '{}', ?)`,
          )
          .run(crypto.randomUUID(), daysAgo(endedDaysAgo)).lastInsertRowid,
      );
    const oldDelivered = delivery(100, "sent_at");
    const oldFailed = delivery(100, "failed_at");
    const newDelivered = delivery(80, "sent_at");

    // Audit log: 730 days.
    const auditEntry = (ageDays: number) => {
      recordAudit(db, {
        action: "export.csv",
        target: "export:messages",
        at: new Date(daysAgo(ageDays)),
      });
      return count("select max(id) as n from audit_log");
    };
    const oldEntry = auditEntry(800);
    const newEntry = auditEntry(700);

    const removed = sweepIfDue(db, now);

    expect(removed).toEqual({
      bookings: 1,
      contactMessages: 1,
      assessments: 1,
      // The old assessment's visit and the abandoned one; the booked assessment's stays with it.
      assessmentVisits: 2,
      ctaClicks: 1,
      // The firm's email and the webhook delivery of the message; the firm's email, the
      // respondent's result and the delivery of the assessment.
      outboxRowsAboutLeads: 5,
      emailBodies: 1,
      mailingBodies: 1,
      webhookDeliveries: 2,
      auditEntries: 1,
    });
    expect(exists("contact_messages", oldMessage)).toBe(false);
    expect(exists("contact_messages", newMessage)).toBe(true);
    expect(exists("assessment_submissions", oldAssessment.submissionId)).toBe(false);
    expect(exists("assessment_visits", oldAssessment.visitId)).toBe(false);
    expect(exists("assessment_visits", abandonedOld)).toBe(false);
    expect(exists("assessment_submissions", newAssessment.submissionId)).toBe(true);
    expect(exists("assessment_visits", newAssessment.visitId)).toBe(true);
    // Older than the period, but a kept call refers to it: it stays as long as the call does.
    expect(exists("assessment_submissions", bookedAssessment.submissionId)).toBe(true);
    expect(exists("assessment_visits", bookedAssessment.visitId)).toBe(true);
    expect(exists("bookings", oldCall)).toBe(false);
    expect(exists("bookings", recentCall)).toBe(true);
    expect(count("select count(*) as n from cta_clicks")).toBe(1);
    expect(count("select count(*) as n from outbox where contact_message_id = ?", oldMessage)).toBe(
      0,
    );
    expect(count("select count(*) as n from outbox where contact_message_id = ?", newMessage)).toBe(
      2,
    );

    const body = (id: number) =>
      sqlite
        .prepare(
          "select text_body, html_body, calendar, recipient, subject, sent_at from outbox where id = ?",
        )
        .get(id) as Record<string, unknown>;
    expect(body(oldEmail)).toMatchObject({
      text_body: "(Deleted after 30 days, as the privacy policy says.)",
      html_body: "<p>(Deleted after 30 days, as the privacy policy says.)</p>",
      calendar: null,
      recipient: "x@example.org",
      subject: "Your call",
      sent_at: daysAgo(40),
    });
    expect(body(newEmail)).toMatchObject({ text_body: "Hello Grace", calendar: "BEGIN:VCALENDAR" });
    expect(body(failedEmail)).toMatchObject({ text_body: "Hello" });
    const mailingBody = (id: number) =>
      (
        sqlite.prepare("select text_body from outbox_mailings where id = ?").get(id) as {
          text_body: string;
        }
      ).text_body;
    expect(mailingBody(doneMailing)).toMatch(/^\(Deleted after 30 days/);
    expect(mailingBody(partlyRecentMailing)).toBe("Dear {{name}}");
    expect(mailingBody(unsentMailing)).toBe("Dear {{name}}");
    expect(
      count(
        "select count(*) as n from outbox where mailing_id = ? and merge_fields is not null",
        doneMailing,
      ),
    ).toBe(0);

    expect(exists("outbox", oldDelivered)).toBe(false);
    expect(exists("outbox", oldFailed)).toBe(false);
    expect(exists("outbox", newDelivered)).toBe(true);
    expect(exists("audit_log", oldEntry)).toBe(false);
    expect(exists("audit_log", newEntry)).toBe(true);

    // What went is on the record, without personal data.
    const swept = sqlite
      .prepare("select details from audit_log where action = 'retention.swept'")
      .get() as { details: string };
    expect(JSON.parse(swept.details).removed).toEqual(removed);
    expect(sqlite.pragma("foreign_key_check")).toEqual([]);

    // The same day, after a restart as much as not: nothing more; a day later, the next sweep.
    expect(findSetting(db, "retention.lastSweptAt")).toBe(String(now.getTime()));
    expect(sweepIfDue(db, new Date(now.getTime() + 23 * 60 * 60_000))).toBeNull();
    const nextDay = sweepIfDue(db, new Date(now.getTime() + DAY_MS));
    expect(nextDay).not.toBeNull();
    expect(Object.values(nextDay ?? {}).every((n) => n === 0)).toBe(true);
  });

  test("follows the periods staff set", async () => {
    sqlite.prepare("delete from app_settings where key = 'retention.lastSweptAt'").run();
    sqlite
      .prepare(
        "insert or replace into app_settings (key, value) values ('retention.leadsMonths', '1'), ('retention.emailBodiesDays', '5')",
      )
      .run();
    const monthOld = await contactMessage("Monthold", 40);
    const weekOld = await contactMessage("Weekold", 7);
    const removed = sweepIfDue(db, new Date());
    // This one and the first test's 600-day-old message, which the 24 months had kept.
    expect(removed?.contactMessages).toBe(2);
    // The first test's 20-day-old email, which the 30 days had kept.
    expect(removed?.emailBodies).toBe(1);
    expect(exists("contact_messages", monthOld)).toBe(false);
    expect(exists("contact_messages", weekOld)).toBe(true);
    sqlite
      .prepare(
        "delete from app_settings where key in ('retention.leadsMonths', 'retention.emailBodiesDays')",
      )
      .run();
  });
});
