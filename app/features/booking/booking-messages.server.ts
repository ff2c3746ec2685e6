// What a booked, moved or cancelled call sends: rendered before its transaction, queued inside it.
// Each change mails the visitor and the firm, each with its own copy of the one calendar event
// (same UID, same SEQUENCE); booking and cancelling also tell the webhooks, a move does not
// (docs/decisions/059-booking-invitations-and-feed.md).
import { findSubmission, submissionSummary } from "~/features/assessment/index.server";
import { enqueueEmail, firmInbox, type OutgoingEmail } from "~/features/outbox/index.server";
import { queueLeadEvent } from "~/features/webhooks/index.server";
import type { Queryable } from "~/lib/db-client.server";
import { siteConfig } from "~/lib/site-config.server";
import { firmCopy, iCalendar, visitorCopy, type CalendarCall } from "./calendar-event.server";
import { firmEmail, visitorEmail, type AssessmentFacts } from "./emails/booking-emails";
import { keyOfUid, manageUrl } from "./manage-link.server";
import type { Booking } from "./queries.server";

export type BookingChange = "booked" | "moved" | "cancelled";

/** The call as it will be stored (before it has an id, when booked), and who cancelled it. */
export type BookingDraft = CalendarCall &
  Pick<Booking, "assessmentSubmissionId"> &
  Partial<Pick<Booking, "cancelledBy">>;

type AssessmentSummary = ReturnType<typeof submissionSummary>;

export type PreparedBookingMessages = {
  change: BookingChange;
  emails: OutgoingEmail[];
  /** The prospect's assessment, which the firm's email and the webhook event carry. */
  assessment: AssessmentSummary | null;
};

const assessmentUrl = (id: number) =>
  new URL(`/admin/leads/assessments/${id}`, siteConfig.origin).href;

/** The visitor's signed link to cancel or move their call. */
export const manageLinkOf = (call: Pick<Booking, "uid">) =>
  manageUrl(keyOfUid(call.uid), siteConfig.origin);

// Asked through the assessment feature's door, which holds the process's database: the messages
// are prepared before the caller's transaction and are not handed its database.
function assessmentOf(id: number | null): AssessmentSummary | null {
  const row = id === null ? undefined : findSubmission(id);
  return row ? submissionSummary(row) : null;
}

function assessmentFacts(summary: AssessmentSummary): AssessmentFacts {
  return {
    efficiencyScore: summary.efficiencyScore,
    level: summary.level,
    recommendation: summary.recommendation,
    uncertainCount: summary.uncertainCount,
    adminUrl: assessmentUrl(summary.id),
  };
}

/**
 * Both emails of the change with their calendars: an invitation (REQUEST) when booked or moved,
 * a cancellation (CANCEL) when cancelled, each stamped now.
 */
export async function prepareBookingMessages(
  draft: BookingDraft,
  change: BookingChange,
): Promise<PreparedBookingMessages> {
  const assessment = assessmentOf(draft.assessmentSubmissionId);
  const link = manageLinkOf(draft);
  const cancelled = change === "cancelled";
  const method = cancelled ? ("CANCEL" as const) : ("REQUEST" as const);
  const stamp = new Date();
  const calendarFor = (copy: ReturnType<typeof firmCopy>) => ({
    method,
    content: iCalendar(method, [{ call: draft, cancelled, ...copy }], stamp),
  });
  const [forVisitor, forFirm] = await Promise.all([
    visitorEmail(change, draft, siteConfig, link),
    firmEmail(change, draft, siteConfig, assessment && assessmentFacts(assessment)),
  ]);
  return {
    change,
    assessment,
    emails: [
      {
        to: draft.email,
        replyTo: firmInbox,
        ...forVisitor,
        calendar: calendarFor(visitorCopy(link)),
      },
      { to: firmInbox, replyTo: draft.email, ...forFirm, calendar: calendarFor(firmCopy(draft)) },
    ],
  };
}

/** The body of a booking's webhook events: the call as stored, and the prospect's assessment. */
function bookingEventData(booking: Booking, assessment: AssessmentSummary | null) {
  return {
    id: booking.id,
    uid: booking.uid,
    status: booking.status,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    fullName: booking.fullName,
    email: booking.email,
    company: booking.company,
    phone: booking.phone,
    topic: booking.topic,
    visitorTimeZone: booking.visitorTimeZone,
    bookedAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    cancelledBy: booking.cancelledBy,
    adminUrl: new URL("/admin/bookings", siteConfig.origin).href,
    assessment: assessment && {
      id: assessment.id,
      submittedAt: assessment.createdAt.toISOString(),
      efficiencyScore: assessment.efficiencyScore,
      bandScore: assessment.bandScore,
      level: assessment.level,
      recommendation: assessment.recommendation,
      uncertainAnswers: assessment.uncertainCount,
      adminUrl: assessmentUrl(assessment.id),
    },
  };
}

/** Queues the prepared emails and the change's webhook event, in the caller's transaction. */
export function queueBookingMessages(
  db: Queryable,
  messages: PreparedBookingMessages,
  booking: Booking,
): void {
  for (const email of messages.emails) enqueueEmail(db, email);
  const event =
    messages.change === "booked"
      ? { type: "booking.created" as const, at: booking.createdAt }
      : messages.change === "cancelled" && booking.cancelledAt
        ? { type: "booking.cancelled" as const, at: booking.cancelledAt }
        : undefined;
  if (event) queueLeadEvent(db, { ...event, data: bookingEventData(booking, messages.assessment) });
}
