// Booking, moving and cancelling calls on a real SQLite file, with the firm's zone the default
// (America/Denver) and `now` given: a time is given once (even to eight requests at the same
// moment, and by the database itself), a freed time is offered again at once, a moved call keeps
// its UID and raises its SEQUENCE, and days off and busy calendars take times away.
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  bookCall,
  cancelBooking,
  currentOpenTimes,
  moveBooking,
} from "~/features/booking/booking.server";
import type { BookingRequest } from "~/features/booking/booking.server";
import { keyOfUid } from "~/features/booking/manage-link.server";
import {
  findBookingByUid,
  pastBookings,
  readBookingSettings,
  saveBookingRules,
  upcomingBookings,
  type Booking,
  type BookingSettings,
} from "~/features/booking/queries.server";
import { bookingDaysOff, bookings, calendarBusy, calendarSources } from "~/db/schema";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";

// Tuesday 1 December 2026, 10:00 MST.
const now = new Date("2026-12-01T17:00:00Z");
const at = (instant: string) => new Date(instant);
// Thursday 3 December, 09:00, 09:30... MST.
const thursdayNine = at("2026-12-03T16:00:00Z");
const thursdayNineThirty = at("2026-12-03T16:30:00Z");
const thursdayTen = at("2026-12-03T17:00:00Z");
const thursdayEleven = at("2026-12-03T18:00:00Z");
const fridayNine = at("2026-12-04T16:00:00Z");

const request = (startsAt: Date, email = "ada@example.org"): BookingRequest => ({
  startsAt,
  fullName: "Ada Lovelace",
  email,
  company: "Analytical Engines Ltd",
  phone: "",
  topic: "Closing the month faster",
  visitorTimeZone: "Europe/London",
});

const iso = (times: readonly Date[]) => times.map((time) => time.toISOString());
const isOffered = (time: Date, when = now) =>
  iso(currentOpenTimes(db, when)).includes(time.toISOString());
const rowCount = () =>
  (db.$client.prepare("select count(*) as count from bookings").get() as { count: number }).count;

async function book(startsAt: Date, email?: string): Promise<Booking> {
  const outcome = await bookCall(db, request(startsAt, email), now);
  if (outcome.kind !== "booked") throw new Error(`${startsAt.toISOString()} was not booked`);
  return outcome.booking;
}

let freshInstall: BookingSettings;

beforeAll(() => {
  freshInstall = readBookingSettings(db);
});

beforeEach(() => {
  db.$client.exec(
    "delete from bookings; delete from booking_days_off; delete from calendar_busy; delete from calendar_sources",
  );
  saveBookingRules(db, freshInstall);
});

test("the site's zone in these tests is the default, America/Denver", () => {
  expect(siteConfig.timeZone).toBe("America/Denver");
});

describe("a fresh install", () => {
  test("offers weekdays 09:00 to 17:00, 30-minute calls every 30 minutes, 24 h to 14 days ahead", () => {
    expect(freshInstall).toMatchObject({
      weeklyHours: {
        "0": [],
        "1": [["09:00", "17:00"]],
        "2": [["09:00", "17:00"]],
        "3": [["09:00", "17:00"]],
        "4": [["09:00", "17:00"]],
        "5": [["09:00", "17:00"]],
        "6": [],
      },
      callMinutes: 30,
      startEveryMinutes: 30,
      noticeMinutes: 1440,
      horizonDays: 14,
    });
    expect(freshInstall.feedSecret).toMatch(/^[0-9a-f]{48}$/);
    const open = currentOpenTimes(db, now);
    expect(open).toHaveLength(145);
    expect(open[0]?.toISOString()).toBe("2026-12-02T17:00:00.000Z");
    expect(open.at(-1)?.toISOString()).toBe("2026-12-15T17:00:00.000Z");
  });
});

describe("booking a call", () => {
  test("stores the call at its UTC instants, with a UID of its own on this host and sequence 0", async () => {
    const outcome = await bookCall(db, request(thursdayNine), now);
    if (outcome.kind !== "booked") throw new Error("not booked");
    const { booking, key } = outcome;
    expect(booking.uid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@localhost$/,
    );
    expect(keyOfUid(booking.uid)).toBe(key);
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      sequence: 0,
      status: "confirmed",
      startsAt: thursdayNine,
      endsAt: at("2026-12-03T16:30:00Z"),
      fullName: "Ada Lovelace",
      email: "ada@example.org",
      company: "Analytical Engines Ltd",
      phone: null,
      topic: "Closing the month faster",
      visitorTimeZone: "Europe/London",
      assessmentSubmissionId: null,
      reminderQueuedAt: null,
      cancelledAt: null,
      cancelledBy: null,
    });
    // The columns hold UTC milliseconds, whatever the firm's or the visitor's zone.
    expect(
      db.$client.prepare("select starts_at, ends_at from bookings where uid = ?").get(booking.uid),
    ).toEqual({
      starts_at: Date.parse("2026-12-03T16:00:00Z"),
      ends_at: Date.parse("2026-12-03T16:30:00Z"),
    });
    expect(isOffered(thursdayNine)).toBe(false);
    expect(isOffered(thursdayNineThirty)).toBe(true);
  });

  test("two calls get two UIDs", async () => {
    const first = await book(thursdayNine);
    const second = await book(thursdayTen);
    expect(first.uid).not.toBe(second.uid);
  });

  test("a taken time answers taken, with the three nearest open times, and stores nothing", async () => {
    await book(thursdayNine);
    const outcome = await bookCall(db, request(thursdayNine, "grace@example.org"), now);
    expect(outcome).toEqual({
      kind: "taken",
      nearest: [at("2026-12-03T16:30:00Z"), at("2026-12-03T17:00:00Z"), at("2026-12-03T17:30:00Z")],
    });
    expect(rowCount()).toBe(1);
  });

  test.each<[label: string, startsAt: Date, nearest: string[]]>([
    [
      "a time off the half-hour grid",
      at("2026-12-03T16:15:00Z"),
      ["2026-12-03T16:00:00.000Z", "2026-12-03T16:30:00.000Z", "2026-12-03T17:00:00.000Z"],
    ],
    [
      "a Saturday",
      at("2026-12-05T17:00:00Z"),
      ["2026-12-04T22:30:00.000Z", "2026-12-04T23:00:00.000Z", "2026-12-04T23:30:00.000Z"],
    ],
    [
      "a time within the 24 hours' notice",
      at("2026-12-02T16:30:00Z"),
      ["2026-12-02T17:00:00.000Z", "2026-12-02T17:30:00.000Z", "2026-12-02T18:00:00.000Z"],
    ],
    [
      "a time past the 14 days",
      at("2026-12-15T17:30:00Z"),
      ["2026-12-15T16:00:00.000Z", "2026-12-15T16:30:00.000Z", "2026-12-15T17:00:00.000Z"],
    ],
    [
      "a time before now",
      at("2026-11-30T16:00:00Z"),
      ["2026-12-02T17:00:00.000Z", "2026-12-02T17:30:00.000Z", "2026-12-02T18:00:00.000Z"],
    ],
  ])(
    "%s is never offered: taken, with the nearest open times",
    async (_label, startsAt, nearest) => {
      const outcome = await bookCall(db, request(startsAt), now);
      expect(outcome.kind === "taken" && iso(outcome.nearest)).toEqual(nearest);
      expect(rowCount()).toBe(0);
    },
  );

  test("eight requests for one time at the same moment: exactly one call, seven taken", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        bookCall(db, request(thursdayNine, `visitor-${index}@example.org`), now),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "booked")).toHaveLength(1);
    const taken = outcomes.filter((outcome) => outcome.kind === "taken");
    expect(taken).toHaveLength(7);
    for (const outcome of taken) {
      expect(iso(outcome.nearest)).not.toContain(thursdayNine.toISOString());
    }
    expect(rowCount()).toBe(1);
  });

  test("a day off takes its times: nothing that day is offered or booked", async () => {
    db.insert(bookingDaysOff).values({ day: "2026-12-03", note: "Offsite" }).run();
    const open = iso(currentOpenTimes(db, now));
    expect(open.filter((time) => time.startsWith("2026-12-03"))).toEqual([]);
    // 16:30 MST on Wednesday the 2nd is 23:30 UTC: the day before stays open to its end.
    expect(open).toContain("2026-12-02T23:30:00.000Z");
    expect(open).toContain("2026-12-04T16:00:00.000Z");
    expect((await bookCall(db, request(thursdayNine), now)).kind).toBe("taken");
  });

  test("a busy period from a staff calendar takes every time it overlaps, even in part", async () => {
    const source = db
      .insert(calendarSources)
      .values({ label: "Dana's calendar", url: "https://calendar.example.com/dana.ics" })
      .returning()
      .get();
    db.insert(calendarBusy)
      .values({
        sourceId: source.id,
        startsAt: at("2026-12-03T16:10:00Z"),
        endsAt: at("2026-12-03T17:05:00Z"),
      })
      .run();
    expect([thursdayNine, thursdayNineThirty, thursdayTen].map((time) => isOffered(time))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isOffered(at("2026-12-03T17:30:00Z"))).toBe(true);
    expect((await bookCall(db, request(thursdayNineThirty), now)).kind).toBe("taken");
  });
});

describe("the database itself", () => {
  const row = (startsAt: Date, uid: string) => ({
    ...request(startsAt),
    uid,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  });

  test.each([
    ["start_every_minutes", 0],
    ["call_minutes", 0],
    ["horizon_days", 0],
    ["notice_minutes", -1],
  ])("refuses booking rules the open times cannot be counted on: %s = %i", (column, value) => {
    expect(() =>
      db.$client.prepare(`update booking_settings set ${column} = ? where id = 1`).run(value),
    ).toThrow(/CHECK constraint failed: booking_settings_bounds/);
  });

  test("refuses a second confirmed call at the same start, and allows one after a cancel", () => {
    db.insert(bookings).values(row(thursdayNine, "first@localhost")).run();
    expect(() => db.insert(bookings).values(row(thursdayNine, "second@localhost")).run()).toThrow(
      expect.objectContaining({ code: "SQLITE_CONSTRAINT_UNIQUE" }),
    );
    db.$client
      .prepare("update bookings set status = 'cancelled' where uid = 'first@localhost'")
      .run();
    db.insert(bookings).values(row(thursdayNine, "second@localhost")).run();
    expect(rowCount()).toBe(2);
  });

  test("when it refuses a time the rules did not see taken, booking answers taken, not an error", async () => {
    // A confirmed row of no length overlaps nothing, so only the unique index stands in the way.
    db.insert(bookings)
      .values({ ...row(thursdayNine, "zero@localhost"), endsAt: thursdayNine })
      .run();
    expect(isOffered(thursdayNine)).toBe(true);
    const outcome = await bookCall(db, request(thursdayNine), now);
    expect(outcome.kind).toBe("taken");
    expect(rowCount()).toBe(1);
  });
});

describe("cancelling a call", () => {
  test("frees its time at once, raises its sequence and says who cancelled when", async () => {
    const booking = await book(thursdayNine);
    const cancelledAt = at("2026-12-01T18:00:00Z");
    const outcome = await cancelBooking(db, booking.uid, "visitor", cancelledAt);
    expect(outcome.kind).toBe("done");
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      status: "cancelled",
      sequence: 1,
      cancelledAt,
      cancelledBy: "visitor",
      startsAt: thursdayNine,
    });
    expect(isOffered(thursdayNine, cancelledAt)).toBe(true);
    const again = await bookCall(db, request(thursdayNine, "grace@example.org"), cancelledAt);
    expect(again.kind).toBe("booked");
  });

  test("twice: the second is gone, and changes nothing", async () => {
    const booking = await book(thursdayNine);
    expect((await cancelBooking(db, booking.uid, "staff", now)).kind).toBe("done");
    const cancelled = findBookingByUid(db, booking.uid);
    expect(await cancelBooking(db, booking.uid, "visitor", at("2026-12-01T19:00:00Z"))).toEqual({
      kind: "gone",
    });
    expect(findBookingByUid(db, booking.uid)).toEqual(cancelled);
    expect(cancelled).toMatchObject({ cancelledBy: "staff", sequence: 1 });
  });

  test.each([
    ["as it starts", thursdayNine],
    ["once it has started", at("2026-12-03T16:10:00Z")],
    ["after it ended", at("2026-12-04T00:00:00Z")],
  ])("%s is gone, and the call stays", async (_label, when) => {
    const booking = await book(thursdayNine);
    expect(await cancelBooking(db, booking.uid, "visitor", when)).toEqual({ kind: "gone" });
    expect(findBookingByUid(db, booking.uid)).toMatchObject({ status: "confirmed", sequence: 0 });
  });

  test("a UID that is not a call's is gone", async () => {
    expect(
      await cancelBooking(db, "00000000-0000-4000-8000-000000000000@localhost", "visitor", now),
    ).toEqual({
      kind: "gone",
    });
  });
});

describe("moving a call", () => {
  test("keeps its UID, raises its sequence, frees the old time and takes the new one", async () => {
    const booking = await book(thursdayNine);
    db.$client
      .prepare("update bookings set reminder_queued_at = ? where id = ?")
      .run(now.getTime(), booking.id);
    const outcome = await moveBooking(db, booking.uid, thursdayEleven, now);
    expect(outcome.kind).toBe("done");
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      id: booking.id,
      uid: booking.uid,
      sequence: 1,
      status: "confirmed",
      startsAt: thursdayEleven,
      endsAt: at("2026-12-03T18:30:00Z"),
      reminderQueuedAt: null,
    });
    expect(isOffered(thursdayNine)).toBe(true);
    expect(isOffered(thursdayEleven)).toBe(false);
    expect(rowCount()).toBe(1);
  });

  test("to the time it already has: nothing changes and nothing is sent again", async () => {
    const booking = await book(thursdayNine);
    const outcome = await moveBooking(db, booking.uid, thursdayNine, now);
    expect(outcome).toMatchObject({ kind: "done", booking: { sequence: 0 } });
    expect(findBookingByUid(db, booking.uid)?.sequence).toBe(0);
  });

  test("each move raises the sequence again", async () => {
    const booking = await book(thursdayNine);
    await moveBooking(db, booking.uid, thursdayTen, now);
    await moveBooking(db, booking.uid, thursdayEleven, now);
    expect(findBookingByUid(db, booking.uid)?.sequence).toBe(2);
  });

  test("to a taken time: taken with the nearest open times, and the call stays where it was", async () => {
    const booking = await book(thursdayNine);
    await book(fridayNine, "grace@example.org");
    const outcome = await moveBooking(db, booking.uid, fridayNine, now);
    expect(outcome).toEqual({
      kind: "taken",
      nearest: [at("2026-12-04T16:30:00Z"), at("2026-12-04T17:00:00Z"), at("2026-12-04T17:30:00Z")],
    });
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      startsAt: thursdayNine,
      sequence: 0,
    });
  });

  test("to a time never offered: taken", async () => {
    const booking = await book(thursdayNine);
    expect((await moveBooking(db, booking.uid, at("2026-12-05T17:00:00Z"), now)).kind).toBe(
      "taken",
    );
  });

  test("its own old time is open to it: it may move to a time overlapping only its own slot", async () => {
    saveBookingRules(db, { ...freshInstall, callMinutes: 60 });
    const booking = await book(thursdayNine);
    // 09:30 to 10:30 overlaps 09:00 to 10:00, its own.
    expect(isOffered(thursdayNineThirty)).toBe(false);
    const outcome = await moveBooking(db, booking.uid, thursdayNineThirty, now);
    expect(outcome.kind).toBe("done");
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      startsAt: thursdayNineThirty,
      endsAt: at("2026-12-03T17:30:00Z"),
    });
  });

  test("another call's slot still stands in its way when the two overlap", async () => {
    saveBookingRules(db, { ...freshInstall, callMinutes: 60 });
    const booking = await book(thursdayNine);
    await book(thursdayEleven, "grace@example.org");
    // 10:30 to 11:30 overlaps the other call's 11:00.
    expect((await moveBooking(db, booking.uid, at("2026-12-03T17:30:00Z"), now)).kind).toBe(
      "taken",
    );
  });

  test("into a busy period or a day off: taken", async () => {
    const booking = await book(thursdayNine);
    db.insert(bookingDaysOff).values({ day: "2026-12-04" }).run();
    expect((await moveBooking(db, booking.uid, fridayNine, now)).kind).toBe("taken");
    const source = db
      .insert(calendarSources)
      .values({ label: "Dana's calendar", url: "https://calendar.example.com/dana.ics" })
      .returning()
      .get();
    db.insert(calendarBusy)
      .values({ sourceId: source.id, startsAt: thursdayEleven, endsAt: at("2026-12-03T18:01:00Z") })
      .run();
    expect((await moveBooking(db, booking.uid, thursdayEleven, now)).kind).toBe("taken");
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      startsAt: thursdayNine,
      sequence: 0,
    });
  });

  test.each([
    ["as it starts", thursdayNine],
    ["once it has started", at("2026-12-03T16:20:00Z")],
  ])("%s is gone", async (_label, when) => {
    const booking = await book(thursdayNine);
    expect(await moveBooking(db, booking.uid, fridayNine, when)).toEqual({ kind: "gone" });
    expect(findBookingByUid(db, booking.uid)).toMatchObject({
      startsAt: thursdayNine,
      sequence: 0,
    });
  });

  test("a cancelled call is gone", async () => {
    const booking = await book(thursdayNine);
    await cancelBooking(db, booking.uid, "visitor", now);
    expect(await moveBooking(db, booking.uid, fridayNine, now)).toEqual({ kind: "gone" });
  });
});

describe("the lists of calls", () => {
  test("a call is upcoming until it ends and past from then on, never neither", async () => {
    const booking = await book(thursdayNine);
    const list = (when: Date) => ({
      upcoming: upcomingBookings(db, when).map((each) => each.uid),
      past: pastBookings(db, when).map((each) => each.uid),
    });
    expect(list(thursdayNine)).toEqual({ upcoming: [booking.uid], past: [] });
    expect(list(booking.endsAt)).toEqual({ upcoming: [], past: [booking.uid] });
    expect(list(at("2026-12-03T16:29:59.999Z"))).toEqual({ upcoming: [booking.uid], past: [] });
  });
});
