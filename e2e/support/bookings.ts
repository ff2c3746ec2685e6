// Booked calls stored straight into a server's database, as bookCall stores them, for specs that
// need calls to look at rather than the booking pages.
import crypto from "node:crypto";
import type Database from "better-sqlite3";

export type StoredBooking = {
  startsAt: number;
  fullName: string;
  email: string;
  company: string;
  phone?: string | null;
  topic?: string;
  assessmentId?: number | bigint | null;
  minutes?: number;
};

/** One confirmed call; its id. */
export function storeBooking(db: Database.Database, call: StoredBooking) {
  return db
    .prepare(
      `insert into bookings (uid, starts_at, ends_at, full_name, email, company, phone, topic, visitor_time_zone, assessment_submission_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'Europe/London', ?)`,
    )
    .run(
      `${crypto.randomUUID()}@127.0.0.1`,
      call.startsAt,
      call.startsAt + (call.minutes ?? 30) * 60_000,
      call.fullName,
      call.email,
      call.company,
      call.phone ?? null,
      call.topic ?? "",
      call.assessmentId ?? null,
    ).lastInsertRowid;
}
