// The booked calls as staff look at them: each with the prospect's assessment and the messages
// they sent through the contact form, read in a fixed number of queries however many calls.
import {
  findBooking,
  pastBookings,
  upcomingBookings,
  type Booking,
} from "~/features/booking/index.server";
import { submissionsByIds, submissionSummary } from "~/features/assessment/index.server";
import { contactMessagesFrom } from "~/features/contact/index.server";
import type { BookingLead } from "./booking-lead";

/** How SQLite's lower() folds an address: ASCII letters only, as the messages were matched. */
const addressKey = (email: string) => email.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function assessmentOf(
  summary: ReturnType<typeof submissionSummary> | undefined,
): BookingLead["assessment"] {
  if (!summary) return null;
  const { id, efficiencyScore, level, recommendation } = summary;
  return { id, efficiencyScore, level, recommendation };
}

function withContext(calls: Booking[], now: Date): BookingLead[] {
  const assessmentIds = calls.flatMap((call) => call.assessmentSubmissionId ?? []);
  const assessments = new Map(
    submissionsByIds([...new Set(assessmentIds)]).map((row) => [row.id, submissionSummary(row)]),
  );
  const messages = new Map<string, ReturnType<typeof contactMessagesFrom>>();
  for (const message of contactMessagesFrom([...new Set(calls.map((call) => call.email))])) {
    const key = addressKey(message.email);
    messages.set(key, [...(messages.get(key) ?? []), message]);
  }
  return calls.map((call) => ({
    id: call.id,
    startsAt: call.startsAt,
    endsAt: call.endsAt,
    status: call.status,
    cancelledAt: call.cancelledAt,
    cancelledBy: call.cancelledBy,
    fullName: call.fullName,
    email: call.email,
    company: call.company,
    phone: call.phone,
    topic: call.topic,
    visitorTimeZone: call.visitorTimeZone,
    /** Staff may cancel a confirmed call until it starts, as cancelBooking allows. */
    cancellable: call.status === "confirmed" && call.startsAt > now,
    assessment: assessmentOf(
      call.assessmentSubmissionId === null
        ? undefined
        : assessments.get(call.assessmentSubmissionId),
    ),
    messages: (messages.get(addressKey(call.email)) ?? []).map((message) => ({
      id: message.id,
      createdAt: message.createdAt,
      message: message.message,
    })),
  }));
}

/** Calls still to come, soonest first, and the latest calls past, each with its prospect. */
export function bookingLeads(now = new Date()) {
  const upcoming = upcomingBookings(now);
  const past = pastBookings(now);
  const all = withContext([...upcoming, ...past], now);
  return { upcoming: all.slice(0, upcoming.length), past: all.slice(upcoming.length) };
}

/** One call with its prospect, for the question before cancelling it. */
export function bookingLead(id: number, now = new Date()) {
  const call = findBooking(id);
  return call ? withContext([call], now)[0] : undefined;
}
