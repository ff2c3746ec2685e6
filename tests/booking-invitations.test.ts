// Booking, moving and cancelling a call through the booking feature on a real SQLite file, each
// change delivered by the outbox to a real SMTP server on 127.0.0.1: what the visitor and the firm
// receive, every calendar read back by node-ical (a parser not written here), and the webhook
// events queued with each change.
import { eq } from "drizzle-orm";
import ical, { type Attendee, type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outbox, webhookEndpoints } from "~/db/schema";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { bookCall, cancelBooking, moveBooking } from "~/features/booking/booking.server";
import { keyOfUid, manageUrl } from "~/features/booking/manage-link.server";
import { createSmtpTransport } from "~/features/outbox/mail-transport.server";
import { deliverDueMessages, emailCourier } from "~/features/outbox/outbox.server";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { sampleAnswers } from "./support/assessment-answers";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

const firm = siteConfig.email;
const from = `"${siteConfig.brand}" <${firm}>`;

// Wednesday 10:00 in Denver (MST). The clocks there go forward on Sunday 14 March 2027.
const now = new Date("2027-03-10T17:00:00Z");
// Friday 12 March, 10:00 MST (UTC-7); and Monday 15 March, 10:00 MDT (UTC-6).
const fridayTen = new Date("2027-03-12T17:00:00Z");
const mondayTen = new Date("2027-03-15T16:00:00Z");

/** Delivers every queued email to the sink; the messages that arrived for `to`, in order. */
async function deliverTo(to: string) {
  const transport = createSmtpTransport(sink.url);
  try {
    await deliverDueMessages(db, { email: emailCourier(transport, from) });
  } finally {
    transport.close?.();
  }
  return sink.messages.filter((message) => message.to.includes(to));
}

/** The calendar a received email carries, checked to be in both parts, read back by node-ical. */
function calendarIn(message: SmtpSink["messages"][number]) {
  const alternative = message.parts.filter((part) => part.contentType === "text/calendar");
  const files = message.parts.filter((part) => part.filename?.endsWith(".ics"));
  expect(alternative).toHaveLength(1);
  expect(files).toHaveLength(1);
  expect(files[0]?.content).toBe(alternative[0]?.content);
  const parsed = ical.sync.parseICS(alternative[0]?.content ?? "");
  const events = Object.values(parsed).filter((part): part is VEvent => part?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return {
    partMethod: alternative[0]?.params.method,
    fileName: files[0]?.filename,
    method: parsed.vcalendar?.method,
    event: events[0]!,
  };
}

const attendees = (event: VEvent): Attendee[] =>
  Array.isArray(event.attendee) ? event.attendee : event.attendee ? [event.attendee] : [];

function expectPeople(event: VEvent, visitor: { name: string; email: string }) {
  expect(event.organizer).toMatchObject({
    params: { CN: siteConfig.brand },
    val: `mailto:${firm}`,
  });
  // Each attendee comes with its parameters, so none is a bare address.
  const asked = attendees(event).find(
    (person) => typeof person !== "string" && person.val === `mailto:${visitor.email}`,
  );
  expect(typeof asked === "string" ? undefined : asked?.params).toMatchObject({
    CN: visitor.name,
    PARTSTAT: "NEEDS-ACTION",
    RSVP: true,
  });
}

const ada = {
  fullName: "Ada Lovelace",
  email: "ada@analytical.example",
  company: "Analytical Engines",
  phone: "+44 20 7946 0000",
  topic: "Month-end close takes two weeks.",
  visitorTimeZone: "Asia/Kolkata",
};

describe("a call's invitations, update and cancellation", () => {
  test("booking sends each side a REQUEST; moving keeps the UID and raises SEQUENCE; cancelling sends CANCEL", async () => {
    const booked = await bookCall(db, { ...ada, startsAt: fridayTen }, now);
    if (booked.kind !== "booked") throw new Error("The call was not booked");
    const { uid } = booked.booking;
    const link = manageUrl(keyOfUid(uid), siteConfig.origin);

    const [toVisitor, ...moreToVisitor] = await deliverTo(ada.email);
    expect(moreToVisitor).toEqual([]);
    const toFirm = (await deliverTo(firm)).filter((m) => m.subject.includes(ada.fullName));
    expect(toFirm).toHaveLength(1);
    expect(toVisitor?.subject).toBe(`Your call with ${siteConfig.brand} is booked`);
    expect(toVisitor?.replyTo).toBe(firm);
    expect(toFirm[0]?.subject).toBe("New call booked: Ada Lovelace, Analytical Engines");
    expect(toFirm[0]?.replyTo).toBe(ada.email);

    // The visitor reads the time on their own clock, with the zone named; the firm on its own.
    expect(toVisitor?.text).toContain(
      "When: Friday, March 12, 2027, 22:30 to 23:00 Asia/Kolkata (GMT+5:30)",
    );
    expect(toVisitor?.text).toContain(link);
    expect(toFirm[0]?.text).toContain(
      "When: Friday, March 12, 2027, 10:00 to 10:30 America/Denver (MST)",
    );
    expect(toFirm[0]?.text).toContain(
      "Their time: Friday, March 12, 2027, 22:30 to 23:00 Asia/Kolkata (GMT+5:30)",
    );
    expect(toFirm[0]?.text).toContain(`${siteConfig.origin}/admin/bookings`);
    // The signed link is the visitor's alone.
    expect(toFirm[0]?.text).not.toContain(link);

    for (const message of [toVisitor!, toFirm[0]!]) {
      const calendar = calendarIn(message);
      expect(calendar).toMatchObject({
        partMethod: "REQUEST",
        method: "REQUEST",
        fileName: "invite.ics",
      });
      expect(calendar.event).toMatchObject({
        uid,
        sequence: 0,
        start: fridayTen,
        end: new Date("2027-03-12T17:30:00Z"),
        status: "CONFIRMED",
      });
      expectPeople(calendar.event, { name: ada.fullName, email: ada.email });
    }
    const visitorEvent = calendarIn(toVisitor!).event;
    expect(visitorEvent.url).toBe(link);
    expect(visitorEvent.description).toContain(link);
    expect(calendarIn(toFirm[0]!).event.summary).toBe(
      "Discovery call: Ada Lovelace (Analytical Engines)",
    );

    // Moved across the change to summer time: the same 10:00 in Denver is an hour earlier in Kolkata.
    const moved = await moveBooking(db, uid, mondayTen, now);
    expect(moved.kind).toBe("done");
    const movedToVisitor = (await deliverTo(ada.email)).at(-1)!;
    const movedToFirm = (await deliverTo(firm)).at(-1)!;
    expect(movedToVisitor.subject).toBe(`Your call with ${siteConfig.brand} has a new time`);
    expect(movedToVisitor.text).toContain(
      "When: Monday, March 15, 2027, 21:30 to 22:00 Asia/Kolkata (GMT+5:30)",
    );
    expect(movedToVisitor.text).toContain(link);
    expect(movedToFirm.subject).toBe("Call moved: Ada Lovelace, Analytical Engines");
    expect(movedToFirm.text).toContain(
      "When: Monday, March 15, 2027, 10:00 to 10:30 America/Denver (MDT)",
    );
    for (const message of [movedToVisitor, movedToFirm]) {
      const calendar = calendarIn(message);
      expect(calendar).toMatchObject({ partMethod: "REQUEST", method: "REQUEST" });
      expect(calendar.event).toMatchObject({
        uid,
        sequence: 1,
        start: mondayTen,
        end: new Date("2027-03-15T16:30:00Z"),
        status: "CONFIRMED",
      });
      expectPeople(calendar.event, { name: ada.fullName, email: ada.email });
    }

    const cancelled = await cancelBooking(db, uid, "visitor", now);
    expect(cancelled.kind).toBe("done");
    const cancelToVisitor = (await deliverTo(ada.email)).at(-1)!;
    const cancelToFirm = (await deliverTo(firm)).at(-1)!;
    expect(cancelToVisitor.subject).toBe(`Your call with ${siteConfig.brand} is cancelled`);
    expect(cancelToVisitor.text).toContain(`${siteConfig.origin}/book`);
    expect(cancelToVisitor.text).not.toContain(link);
    expect(cancelToFirm.subject).toBe("Call cancelled: Ada Lovelace, Analytical Engines");
    expect(cancelToFirm.text).toContain("was cancelled by the visitor");
    for (const message of [cancelToVisitor, cancelToFirm]) {
      const calendar = calendarIn(message);
      expect(calendar).toMatchObject({
        partMethod: "CANCEL",
        method: "CANCEL",
        fileName: "cancel.ics",
      });
      expect(calendar.event).toMatchObject({
        uid,
        sequence: 2,
        start: mondayTen,
        status: "CANCELLED",
      });
      expectPeople(calendar.event, { name: ada.fullName, email: ada.email });
    }
    expect(sink.messages.filter((m) => m.to.includes(ada.email))).toHaveLength(3);
  });
});

describe("webhook events", () => {
  test("booking queues booking.created and cancelling booking.cancelled, with the assessment; a move queues none", async () => {
    const [endpoint] = db
      .insert(webhookEndpoints)
      .values({
        url: "https://crm.example.com/hooks",
        events: ["booking.created", "booking.cancelled"],
        secret: "whsec_dGVzdA==",
      })
      .returning()
      .all();
    const accepted = await submitAssessment({
      visitId: trackVisit(null, 10, NO_ATTRIBUTION),
      answers: sampleAnswers,
      contact: {
        company: "Brightline Freight",
        firstName: "Katherine",
        lastName: "Johnson",
        email: "katherine@brightline.example",
        phone: "",
      },
    });
    const katherine = {
      fullName: "Katherine Johnson",
      email: "katherine@brightline.example",
      company: "Brightline Freight",
      topic: "",
      visitorTimeZone: "America/New_York",
      assessmentSubmissionId: accepted.submissionId,
    };
    const eventsOf = (type: string) =>
      db
        .select()
        .from(outbox)
        .where(eq(outbox.eventType, type))
        .all()
        .map((row) => ({ endpointId: row.webhookEndpointId, body: JSON.parse(row.payload ?? "") }));

    const monday1030 = new Date("2027-03-15T16:30:00Z");
    const booked = await bookCall(db, { ...katherine, startsAt: monday1030 }, now);
    if (booked.kind !== "booked") throw new Error("The call was not booked");
    const { booking } = booked;
    const assessment = {
      id: accepted.submissionId,
      submittedAt: expect.any(String),
      efficiencyScore: accepted.score.efficiencyScore,
      bandScore: accepted.score.bandScore,
      level: accepted.score.level.name,
      recommendation: accepted.score.recommendation.title,
      uncertainAnswers: accepted.score.uncertainCount,
      adminUrl: `${siteConfig.origin}/admin/leads/assessments/${accepted.submissionId}`,
    };
    const call = {
      id: booking.id,
      uid: booking.uid,
      startsAt: "2027-03-15T16:30:00.000Z",
      endsAt: "2027-03-15T17:00:00.000Z",
      fullName: "Katherine Johnson",
      email: "katherine@brightline.example",
      company: "Brightline Freight",
      phone: null,
      topic: "",
      visitorTimeZone: "America/New_York",
      bookedAt: now.toISOString(),
      adminUrl: `${siteConfig.origin}/admin/bookings`,
      assessment,
    };
    expect(eventsOf("booking.created")).toEqual([
      {
        endpointId: endpoint?.id,
        body: {
          type: "booking.created",
          timestamp: now.toISOString(),
          data: { ...call, status: "confirmed", cancelledAt: null, cancelledBy: null },
        },
      },
    ]);

    // The firm's email carries the same summary.
    const toFirm = (await deliverTo(firm)).filter((m) => m.subject.includes("Katherine Johnson"));
    expect(toFirm[0]?.text).toContain(`Efficiency score: ${accepted.score.efficiencyScore}%`);
    expect(toFirm[0]?.text).toContain(`Level: ${accepted.score.level.name}`);
    expect(toFirm[0]?.text).toContain(`Recommendation: ${accepted.score.recommendation.title}`);
    expect(toFirm[0]?.text).toContain(assessment.adminUrl);

    const moved = await moveBooking(db, booking.uid, new Date("2027-03-16T16:30:00Z"), now);
    expect(moved.kind).toBe("done");
    expect(eventsOf("booking.created")).toHaveLength(1);
    expect(eventsOf("booking.cancelled")).toEqual([]);

    const later = new Date(now.getTime() + 60 * 60_000);
    expect((await cancelBooking(db, booking.uid, "staff", later)).kind).toBe("done");
    expect(eventsOf("booking.cancelled")).toEqual([
      {
        endpointId: endpoint?.id,
        body: {
          type: "booking.cancelled",
          timestamp: later.toISOString(),
          data: {
            ...call,
            startsAt: "2027-03-16T16:30:00.000Z",
            endsAt: "2027-03-16T17:00:00.000Z",
            status: "cancelled",
            cancelledAt: later.toISOString(),
            cancelledBy: "staff",
          },
        },
      },
    ]);
    const cancelToFirm = (await deliverTo(firm)).at(-1);
    expect(cancelToFirm?.text).toContain("was cancelled by staff");
    const cancelToVisitor = (await deliverTo(katherine.email)).at(-1);
    expect(cancelToVisitor?.text).toContain(
      `${siteConfig.brand} had to cancel your discovery call`,
    );
  });
});
