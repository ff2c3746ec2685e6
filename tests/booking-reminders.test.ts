// The 24-hour reminder on a real SQLite file, delivered to a real SMTP server on 127.0.0.1: queued
// once per time a call is given (across restarts), only for calls chosen more than a day ahead,
// and again once a call is moved.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { outbox } from "~/db/schema";
import { bookCall, cancelBooking, moveBooking } from "~/features/booking/booking.server";
import { queueDueReminders } from "~/features/booking/index.server";
import { BOOKING_JOBS } from "~/features/booking/jobs.server";
import { keyOfUid, manageUrl } from "~/features/booking/manage-link.server";
import { readBookingSettings, saveBookingRules } from "~/features/booking/queries.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import { openDatabase } from "~/lib/db-client.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { siteConfig } from "~/lib/site-config.server";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

const { weeklyHours, callMinutes, startEveryMinutes, noticeMinutes, horizonDays } =
  readBookingSettings(db);
const defaults = { weeklyHours, callMinutes, startEveryMinutes, noticeMinutes, horizonDays };
beforeEach(() => saveBookingRules(db, defaults));

const at = (iso: string) => new Date(iso);
// Wednesday 10 March 2027, 10:00 in Denver (MST).
const booked = at("2027-03-10T17:00:00Z");

function visitor(email: string) {
  return {
    fullName: "Ada Lovelace",
    email,
    company: "Analytical Engines",
    topic: "",
    visitorTimeZone: "Asia/Kolkata",
  };
}

async function book(email: string, startsAt: Date, now = booked) {
  const outcome = await bookCall(db, { ...visitor(email), startsAt }, now);
  if (outcome.kind !== "booked") throw new Error(`${startsAt.toISOString()} was not open`);
  return outcome.booking;
}

/** The reminders queued for this address, oldest first. */
const remindersTo = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), like(outbox.subject, "Reminder%")))
    .orderBy(outbox.id)
    .all();

describe("the 24-hour reminder", () => {
  test("a call booked two days ahead gets one reminder within its last day, however often the job runs and across a restart", async () => {
    // Friday 12 March, 10:00 MST.
    const call = await book("once@example.org", at("2027-03-12T17:00:00Z"));
    await queueDueReminders(db, at("2027-03-11T16:59:00Z"));
    expect(remindersTo("once@example.org")).toEqual([]);

    expect(await queueDueReminders(db, at("2027-03-11T17:30:00Z"))).toBe(1);
    expect(await queueDueReminders(db, at("2027-03-11T17:40:00Z"))).toBe(0);
    // Another process on the same file (a restart, or a second machine) finds it queued.
    const restarted = openDatabase(env.DATABASE_PATH);
    try {
      expect(await queueDueReminders(restarted, at("2027-03-11T18:30:00Z"))).toBe(0);
    } finally {
      restarted.$client.close();
    }
    expect(remindersTo("once@example.org")).toHaveLength(1);

    const transport = createSmtpTransport(sink.url);
    try {
      await deliverDueMessages(db, {
        email: emailCourier(transport, `"${siteConfig.brand}" <${siteConfig.email}>`),
      });
    } finally {
      transport.close?.();
    }
    const [reminder] = sink.messages.filter(
      (message) =>
        message.to.includes("once@example.org") && message.subject.startsWith("Reminder"),
    );
    expect(reminder?.subject).toBe(`Reminder: your call with ${siteConfig.brand} is coming up`);
    expect(reminder?.replyTo).toBe(siteConfig.email);
    expect(reminder?.text).toContain(
      "When: Friday, March 12, 2027, 22:30 to 23:00 Asia/Kolkata (GMT+5:30)",
    );
    expect(reminder?.text).toContain(manageUrl(keyOfUid(call.uid), siteConfig.origin));
    // A reminder changes nothing in the calendar.
    expect(reminder?.parts).toEqual([]);
  });

  test("no reminder for a call booked less than a day ahead, for a cancelled one, or once a call has started", async () => {
    saveBookingRules(db, { ...defaults, noticeMinutes: 60 });
    // Thursday 11 March, 09:00 MST: 23 hours after it was booked.
    await book("soon@example.org", at("2027-03-11T16:00:00Z"));
    const cancelled = await book("cancelled@example.org", at("2027-03-12T18:00:00Z"));
    expect((await cancelBooking(db, cancelled.uid, "visitor", booked)).kind).toBe("done");
    // Monday 15 March, 11:00 MDT.
    await book("late@example.org", at("2027-03-15T17:00:00Z"));

    await queueDueReminders(db, at("2027-03-11T10:00:00Z"));
    await queueDueReminders(db, at("2027-03-12T10:00:00Z"));
    expect(remindersTo("soon@example.org")).toEqual([]);
    expect(remindersTo("cancelled@example.org")).toEqual([]);

    // The job did not run in the call's last day (the server was down): once it has started, no
    // reminder.
    await queueDueReminders(db, at("2027-03-15T17:01:00Z"));
    expect(remindersTo("late@example.org")).toEqual([]);
  });

  test("a moved call gets its reminder again for its new time, unless moved within a day of it", async () => {
    // Monday 15 March, 10:00 MDT.
    const call = await book("moved@example.org", at("2027-03-15T16:00:00Z"));
    await queueDueReminders(db, at("2027-03-14T16:30:00Z"));
    expect(remindersTo("moved@example.org")).toHaveLength(1);

    // Moved on Sunday to Wednesday 17 March, 10:00 MDT.
    const moved = await moveBooking(
      db,
      call.uid,
      at("2027-03-17T16:00:00Z"),
      at("2027-03-14T17:00:00Z"),
    );
    expect(moved.kind).toBe("done");
    await queueDueReminders(db, at("2027-03-15T16:30:00Z"));
    expect(remindersTo("moved@example.org")).toHaveLength(1);
    await queueDueReminders(db, at("2027-03-16T16:30:00Z"));
    const reminders = remindersTo("moved@example.org");
    expect(reminders).toHaveLength(2);
    expect(reminders[1]?.textBody).toContain(
      "When: Wednesday, March 17, 2027, 21:30 to 22:00 Asia/Kolkata (GMT+5:30)",
    );

    // Moved again the same morning to 15:00 MDT, eleven hours ahead: the update just came.
    saveBookingRules(db, { ...defaults, noticeMinutes: 60 });
    const movedLate = await moveBooking(
      db,
      call.uid,
      at("2027-03-17T21:00:00Z"),
      at("2027-03-17T10:00:00Z"),
    );
    expect(movedLate.kind).toBe("done");
    await queueDueReminders(db, at("2027-03-17T12:00:00Z"));
    expect(remindersTo("moved@example.org")).toHaveLength(2);
  });
});

test("the booking feature's minute job queues the reminders due", async () => {
  const email = `job-${Date.now()}@example.org`;
  // Friday 12 March 2027, 15:30 in Denver, a time no other test here takes.
  await book(email, at("2027-03-12T22:30:00Z"));
  for (const job of BOOKING_JOBS) await job.run(db, at("2027-03-11T23:00:00Z"));
  expect(remindersTo(email)).toHaveLength(1);
});
