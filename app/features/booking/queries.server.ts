// Data access for the booking rules, days off and booked calls.
import crypto from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/lib/db-client.server";
import { batchBefore } from "~/lib/export-batches.server";
import { slicesOf } from "~/lib/slices";
import { bookingDaysOff, bookings, bookingSettings, calendarBusy } from "~/db/schema";
import type { BookingRules, Period } from "./open-times.server";

export type Booking = typeof bookings.$inferSelect;
export type BookingSettings = typeof bookingSettings.$inferSelect;

/** The one settings row, which the booking migration writes. */
export function readBookingSettings(db: Queryable): BookingSettings {
  const row = db.select().from(bookingSettings).where(eq(bookingSettings.id, 1)).get();
  if (!row) throw new Error("The booking settings row is missing");
  return row;
}

export function saveBookingRules(db: Queryable, rules: BookingRules, now = new Date()) {
  db.update(bookingSettings)
    .set({ ...rules, updatedAt: now })
    .where(eq(bookingSettings.id, 1))
    .run();
}

/** A new secret for the private calendar feed: the old address stops working at once. */
export function replaceFeedSecret(db: Queryable, now = new Date()) {
  const feedSecret = crypto.randomBytes(24).toString("hex");
  db.update(bookingSettings)
    .set({ feedSecret, updatedAt: now })
    .where(eq(bookingSettings.id, 1))
    .run();
  return feedSecret;
}

/** Adds a day off; false when it already was one (the note stays as it was). */
export function addDayOff(db: Queryable, day: string, note: string) {
  return (
    db
      .insert(bookingDaysOff)
      .values({ day, note })
      .onConflictDoNothing({ target: bookingDaysOff.day })
      .returning({ day: bookingDaysOff.day })
      .all().length === 1
  );
}

/** Removes a day off; false when it was not one. */
export function removeDayOff(db: Queryable, day: string) {
  return (
    db
      .delete(bookingDaysOff)
      .where(eq(bookingDaysOff.day, day))
      .returning({ day: bookingDaysOff.day })
      .all().length === 1
  );
}

export function daysOff(db: Queryable, fromDay: string) {
  return db
    .select()
    .from(bookingDaysOff)
    .where(gte(bookingDaysOff.day, fromDay))
    .orderBy(asc(bookingDaysOff.day))
    .all();
}

/**
 * Everything that keeps a time from being offered between two instants: calls and busy events. A
 * call being moved (`exceptBookingId`) does not stand in its own way.
 */
export function takenPeriods(
  db: Queryable,
  from: Date,
  until: Date,
  exceptBookingId?: number,
): Period[] {
  const calls = db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        lt(bookings.startsAt, until),
        gt(bookings.endsAt, from),
        exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId),
      ),
    )
    .all();
  const busy = db
    .select({ start: calendarBusy.startsAt, end: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(and(lt(calendarBusy.startsAt, until), gt(calendarBusy.endsAt, from)))
    .all();
  return [...calls, ...busy].map(({ start, end }) => ({
    start: start.getTime(),
    end: end.getTime(),
  }));
}

export function findBookingByUid(db: Queryable, uid: string) {
  return db.select().from(bookings).where(eq(bookings.uid, uid)).get();
}

export function findBooking(db: Queryable, id: number) {
  return db.select().from(bookings).where(eq(bookings.id, id)).get();
}

/**
 * Calls still to come, soonest first, and calls past, latest first: a call is past from the moment
 * it ends, so each call is in exactly one of the two.
 */
export function upcomingBookings(db: Queryable, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(gt(bookings.endsAt, now))
    .orderBy(asc(bookings.startsAt))
    .all();
}

export function pastBookings(db: Queryable, now: Date, limit = 100) {
  return db
    .select()
    .from(bookings)
    .where(lte(bookings.endsAt, now))
    .orderBy(desc(bookings.startsAt))
    .limit(limit)
    .all();
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Confirmed calls starting within the next 24 hours that have had no reminder, of those whose
 * time was chosen (booked, or last moved) more than 24 hours before it: the others' invitation
 * came within the day, and needs no reminder.
 */
export function bookingsDueForReminder(db: Queryable, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        isNull(bookings.reminderQueuedAt),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, new Date(now.getTime() + DAY_MS)),
        sql`coalesce(${bookings.movedAt}, ${bookings.createdAt}) <= ${bookings.startsAt} - ${DAY_MS}`,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .all();
}

/**
 * Notes the call's reminder as queued, unless it was already, or the call changed since it was
 * read (moved or cancelled): true when this call's reminder is the caller's to queue.
 */
export function markReminderQueued(db: Queryable, call: Booking, now: Date) {
  return (
    db
      .update(bookings)
      .set({ reminderQueuedAt: now })
      .where(
        and(
          eq(bookings.id, call.id),
          eq(bookings.status, "confirmed"),
          eq(bookings.sequence, call.sequence),
          isNull(bookings.reminderQueuedAt),
        ),
      )
      .returning({ id: bookings.id })
      .all().length === 1
  );
}

/** The calls the private feed lists: every confirmed one ending after `since`, in time order. */
export function confirmedBookingsSince(db: Queryable, since: Date) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), gt(bookings.endsAt, since)))
    .orderBy(asc(bookings.startsAt))
    .all();
}

/** The next batch for the export, newest first by id, after the call with id `beforeId`. */
export function bookingsBatch(db: Queryable, beforeId: number | null, size: number) {
  return db
    .select()
    .from(bookings)
    .where(batchBefore(bookings.id, beforeId, undefined))
    .orderBy(desc(bookings.id))
    .limit(size)
    .all();
}

/**
 * Deletes the calls (kept or cancelled) whose time ended before `cutoff`, for the retention sweep:
 * a call's period runs from its end, not from when it was booked. How many went.
 */
export function deleteBookingsEndedBefore(db: Queryable, cutoff: Date): number {
  return db.delete(bookings).where(lt(bookings.endsAt, cutoff)).run().changes;
}

/** Which of these assessments a remaining call still refers to: they stay while it does. */
export function assessmentsOfBookings(db: Queryable, submissionIds: readonly number[]) {
  const kept = new Set<number>();
  for (const slice of slicesOf(submissionIds)) {
    const rows = db
      .select({ id: bookings.assessmentSubmissionId })
      .from(bookings)
      .where(inArray(bookings.assessmentSubmissionId, slice))
      .all();
    for (const row of rows) if (row.id !== null) kept.add(row.id);
  }
  return kept;
}
