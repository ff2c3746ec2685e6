// Booking, moving and cancelling a call: each checks the time is still open and writes the call
// with the messages it sends in one transaction, so a time is never given twice (the database's
// unique index on confirmed starts backs the check) and no invitation goes out for a call that
// was not stored.
import Database from "better-sqlite3";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { siteConfig } from "~/lib/site-config.server";
import { dayInZone } from "~/lib/zoned-time";
import { bookings } from "~/db/schema";
import { and, eq } from "drizzle-orm";
import { bookingUid, newBookingKey } from "./manage-link.server";
import { nearestOpenTimes, openTimes } from "./open-times.server";
import {
  daysOff,
  findBookingByUid,
  readBookingSettings,
  takenPeriods,
  type Booking,
} from "./queries.server";
import { prepareBookingMessages, queueBookingMessages } from "./booking-messages.server";

const DAY = 24 * 60 * 60_000;

/** The times open now, from the stored rules, days off, calls and busy calendars. */
export function currentOpenTimes(db: Queryable, now = new Date(), exceptBookingId?: number) {
  const settings = readBookingSettings(db);
  const until = new Date(now.getTime() + (settings.horizonDays + 1) * DAY);
  return openTimes({
    rules: settings,
    timeZone: siteConfig.timeZone,
    now,
    daysOff: new Set(daysOff(db, dayInZone(now, siteConfig.timeZone)).map((row) => row.day)),
    taken: takenPeriods(db, now, until, exceptBookingId),
  });
}

export type BookingRequest = {
  startsAt: Date;
  fullName: string;
  email: string;
  company: string;
  phone?: string | null;
  topic: string;
  visitorTimeZone: string;
  assessmentSubmissionId?: number | null;
};

export type BookingOutcome =
  | { kind: "booked"; booking: Booking; key: string }
  /** Taken meanwhile, or never offered: the nearest times still open. */
  | { kind: "taken"; nearest: Date[] };

const isOpen = (open: readonly Date[], start: Date) =>
  open.some((time) => time.getTime() === start.getTime());

function isTakenStartError(error: unknown) {
  return (
    error instanceof Database.SqliteError &&
    error.code === "SQLITE_CONSTRAINT_UNIQUE" &&
    error.message.includes("bookings.starts_at")
  );
}

/** Books the call when its time is still open; otherwise says which times are nearest. */
export async function bookCall(
  db: AppDatabase,
  request: BookingRequest,
  now = new Date(),
): Promise<BookingOutcome> {
  const taken = () => ({
    kind: "taken" as const,
    nearest: nearestOpenTimes(request.startsAt, currentOpenTimes(db, now)),
  });
  if (!isOpen(currentOpenTimes(db, now), request.startsAt)) return taken();
  const settings = readBookingSettings(db);
  const key = newBookingKey();
  const draft = {
    uid: bookingUid(key, siteConfig.origin),
    sequence: 0,
    startsAt: request.startsAt,
    endsAt: new Date(request.startsAt.getTime() + settings.callMinutes * 60_000),
    fullName: request.fullName,
    email: request.email,
    company: request.company,
    phone: request.phone || null,
    topic: request.topic,
    visitorTimeZone: request.visitorTimeZone,
    assessmentSubmissionId: request.assessmentSubmissionId ?? null,
    // The time it was booked at is the one its rules were judged at: the reminder reads it.
    createdAt: now,
  };
  // Rendered first, as the transaction cannot wait for a promise.
  const messages = await prepareBookingMessages(draft, "booked");
  try {
    const booking = db.transaction((tx) => {
      // Checked again inside the write: another request may have booked while the emails rendered.
      if (!isOpen(currentOpenTimes(tx, now), request.startsAt)) return undefined;
      const [row] = tx.insert(bookings).values(draft).returning().all();
      if (!row) throw new Error("The booking insert returned no row");
      queueBookingMessages(tx, messages, row);
      return row;
    });
    return booking ? { kind: "booked", booking, key } : taken();
  } catch (error) {
    if (isTakenStartError(error)) return taken();
    throw error;
  }
}

export type ChangeOutcome =
  { kind: "done"; booking: Booking } | { kind: "gone" } | { kind: "taken"; nearest: Date[] };

/** The call with this UID while it may still change: confirmed, and not yet started. */
function changeableCall(db: Queryable, uid: string, now: Date) {
  const call = findBookingByUid(db, uid);
  return call && call.status === "confirmed" && call.startsAt > now ? call : undefined;
}

/**
 * Writes a change to the call as it was read, or nothing when another request changed it since
 * (its sequence moved on, or it was cancelled): the changed row, or undefined.
 */
function updateUnchanged(
  tx: Queryable,
  current: Booking,
  values: Partial<typeof bookings.$inferInsert>,
): Booking | undefined {
  const [row] = tx
    .update(bookings)
    .set(values)
    .where(
      and(
        eq(bookings.id, current.id),
        eq(bookings.status, "confirmed"),
        eq(bookings.sequence, current.sequence),
      ),
    )
    .returning()
    .all();
  return row;
}

/** Cancels a confirmed call that has not started; the time is offered again at once. */
export async function cancelBooking(
  db: AppDatabase,
  uid: string,
  by: "visitor" | "staff",
  now = new Date(),
): Promise<ChangeOutcome> {
  const current = changeableCall(db, uid, now);
  if (!current) return { kind: "gone" };
  const change = { ...current, sequence: current.sequence + 1, cancelledBy: by };
  const messages = await prepareBookingMessages(change, "cancelled");
  const booking = db.transaction((tx) => {
    const row = updateUnchanged(tx, current, {
      status: "cancelled",
      sequence: change.sequence,
      cancelledAt: now,
      cancelledBy: by,
    });
    if (row) queueBookingMessages(tx, messages, row);
    return row;
  });
  return booking ? { kind: "done", booking } : { kind: "gone" };
}

/** Moves a confirmed call to another open time, keeping its UID and raising its SEQUENCE. */
export async function moveBooking(
  db: AppDatabase,
  uid: string,
  startsAt: Date,
  now = new Date(),
): Promise<ChangeOutcome> {
  const current = changeableCall(db, uid, now);
  if (!current) return { kind: "gone" };
  // Moved to where it is: no new sequence, so no calendar is told of a change that is none.
  if (current.startsAt.getTime() === startsAt.getTime()) return { kind: "done", booking: current };
  const taken = () => ({
    kind: "taken" as const,
    nearest: nearestOpenTimes(startsAt, currentOpenTimes(db, now, current.id)),
  });
  if (!isOpen(currentOpenTimes(db, now, current.id), startsAt)) return taken();
  const length = current.endsAt.getTime() - current.startsAt.getTime();
  const change = {
    ...current,
    startsAt,
    endsAt: new Date(startsAt.getTime() + length),
    sequence: current.sequence + 1,
    // A moved call gets its reminder again, for the new time.
    reminderQueuedAt: null,
    movedAt: now,
  };
  const messages = await prepareBookingMessages(change, "moved");
  try {
    const booking = db.transaction((tx) => {
      if (!isOpen(currentOpenTimes(tx, now, current.id), startsAt)) return undefined;
      const row = updateUnchanged(tx, current, {
        startsAt: change.startsAt,
        endsAt: change.endsAt,
        sequence: change.sequence,
        reminderQueuedAt: null,
        movedAt: now,
      });
      if (row) queueBookingMessages(tx, messages, row);
      return row;
    });
    return booking ? { kind: "done", booking } : taken();
  } catch (error) {
    if (isTakenStartError(error)) return taken();
    throw error;
  }
}
