// Staff calendars read from a real local HTTP server serving real iCalendar files
// (tests/fixtures/calendars): the busy periods stored, exactly, across both daylight-saving
// changes; the open times they remove; a failed read that keeps what was known; and the guard
// that keeps the reader out of the network.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { bookingSettings, calendarBusy, calendarSources } from "~/db/schema";
import { currentOpenTimes } from "~/features/booking/booking.server";
import {
  addCalendarSource,
  calendarUrlOf,
  listCalendarSources,
  maskedAddress,
  refreshCalendarSource,
  refreshStaleCalendars,
  removeCalendarSource,
} from "~/features/booking/calendar-import.server";
import { db } from "~/lib/db.server";
import { STAFF } from "./support/actions";

const fixtures = path.resolve(import.meta.dirname, "fixtures/calendars");
const DENVER = fs.readFileSync(path.join(fixtures, "denver-google.ics"), "utf8");
const LONDON = fs.readFileSync(path.join(fixtures, "london-outlook.ics"), "utf8");

/** What the calendar server answers at each path; tests change it between reads. */
const answers = new Map<string, { status: number; type: string; body: string }>();
let server: http.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? "") ?? { status: 404, type: "text/plain", body: "" };
    response.writeHead(answer.status, { "Content-Type": answer.type }).end(answer.body);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ics = (body: string) => ({ status: 200, type: "text/calendar; charset=utf-8", body });
const urlOf = (file: string) => `http://127.0.0.1:${port}/${file}`;
/** The local server may be reached, as the outbound tests allow theirs. */
const reaching = () => ({ ports: [port], testHosts: [`127.0.0.1:${port}`] });

// A Monday a week before Denver's spring change (2027-03-14), with a 31-day horizon reaching past
// London's (2027-03-28): times are offered until 2027-04-08T12:00Z, and busy periods kept a day
// longer.
const NOW = new Date("2027-03-08T12:00:00Z");

beforeEach(() => {
  db.delete(calendarSources).run();
  db.update(bookingSettings).set({ horizonDays: 31 }).where(eq(bookingSettings.id, 1)).run();
  answers.clear();
  answers.set("/denver.ics", ics(DENVER));
  answers.set("/london.ics", ics(LONDON));
});

const busyOf = (sourceId: number) =>
  db
    .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(eq(calendarBusy.sourceId, sourceId))
    .orderBy(calendarBusy.startsAt)
    .all()
    .map(({ startsAt, endsAt }) => [startsAt.toISOString(), endsAt.toISOString()]);

async function added(label: string, file: string) {
  const outcome = await addCalendarSource(db, STAFF, { label, url: urlOf(file) }, NOW, reaching());
  if (outcome.outcome !== "added") throw new Error(`Not added: ${outcome.reason}`);
  return outcome.source;
}

const DENVER_BUSY = [
  // The weekly review, 10:00 to 11:00 on Denver's clock: MST (UTC-7) before the change...
  ["2027-03-10T17:00:00.000Z", "2027-03-10T18:00:00.000Z"],
  // A UTC event.
  ["2027-03-11T16:00:00.000Z", "2027-03-11T16:45:00.000Z"],
  // An all-day event: the whole of 15 March in the firm's zone, MDT (UTC-6) by then.
  ["2027-03-15T06:00:00.000Z", "2027-03-16T06:00:00.000Z"],
  // ...and MDT (UTC-6) after it. 24 March is an EXDATE; 31 March moved to Thursday 1 April 14:00.
  ["2027-03-17T16:00:00.000Z", "2027-03-17T17:00:00.000Z"],
  ["2027-04-01T20:00:00.000Z", "2027-04-01T21:00:00.000Z"],
  // 14 April, past the window, brought forward into it (6 April 09:00); 7 April is cancelled.
  ["2027-04-06T15:00:00.000Z", "2027-04-06T16:00:00.000Z"],
];

const LONDON_BUSY = [
  // 17:00 for DURATION PT1H30M on London's clock, GMT (UTC+0) before its change...
  ["2027-03-26T17:00:00.000Z", "2027-03-26T18:30:00.000Z"],
  // an all-day event on the calendar's own zone (X-WR-TIMEZONE:Europe/London), in BST...
  ["2027-03-28T23:00:00.000Z", "2027-03-29T23:00:00.000Z"],
  // ...and 16:00 to 17:00 BST (UTC+1) after it, by Outlook's VTIMEZONE "GMT Standard Time".
  ["2027-03-30T15:00:00.000Z", "2027-03-30T16:00:00.000Z"],
];

describe("reading a calendar", () => {
  test("stores exactly the busy periods of a Google calendar: a series with its exceptions, all-day and UTC events, nothing cancelled or free", async () => {
    const source = await added("Dana's Google Calendar", "denver.ics");
    expect(busyOf(source.id)).toEqual(DENVER_BUSY);
    expect(source).toMatchObject({
      label: "Dana's Google Calendar",
      busyCount: DENVER_BUSY.length,
      lastSuccessAt: NOW,
      lastAttemptAt: NOW,
      lastError: null,
    });
  });

  test("stores exactly the busy periods of an Outlook calendar in London time, across its change", async () => {
    const source = await added("Sam in London", "london.ics");
    expect(busyOf(source.id)).toEqual(LONDON_BUSY);
  });

  test("keeps only instants: no title of the staff's events reaches the database", async () => {
    await added("Dana", "denver.ics");
    const stored = JSON.stringify([
      db.select().from(calendarSources).all(),
      db.select().from(calendarBusy).all(),
    ]);
    expect(stored).not.toMatch(/review|Supplier|Pueblo|Workshop|Reading/i);
  });

  test("the busy periods take exactly their times out of the open times", async () => {
    const before = currentOpenTimes(db, NOW).map((time) => time.toISOString());
    await added("Dana", "denver.ics");
    await added("Sam", "london.ics");
    const after = new Set(currentOpenTimes(db, NOW).map((time) => time.toISOString()));
    const removed = before.filter((time) => !after.has(time));
    // Every half hour of a weekday's 09:00 to 17:00 in MDT (15:00Z to 22:30Z).
    const wholeDay = (day: string) =>
      Array.from({ length: 16 }, (_, index) => {
        const minutes = 15 * 60 + index * 30;
        const clock = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 ? "30" : "00"}`;
        return `${day}T${clock}:00.000Z`;
      });
    expect(removed).toEqual([
      // 10:00 and 10:30 MST; 09:00 and 09:30 MST (the UTC call ends at 09:45).
      "2027-03-10T17:00:00.000Z",
      "2027-03-10T17:30:00.000Z",
      "2027-03-11T16:00:00.000Z",
      "2027-03-11T16:30:00.000Z",
      ...wholeDay("2027-03-15"),
      "2027-03-17T16:00:00.000Z",
      "2027-03-17T16:30:00.000Z",
      // London's 17:00 GMT is 11:00 MDT.
      "2027-03-26T17:00:00.000Z",
      "2027-03-26T17:30:00.000Z",
      "2027-03-26T18:00:00.000Z",
      // London's bank holiday, Sunday 17:00 to Monday 17:00 MDT, covers Denver's Monday.
      ...wholeDay("2027-03-29"),
      "2027-03-30T15:00:00.000Z",
      "2027-03-30T15:30:00.000Z",
      "2027-04-01T20:00:00.000Z",
      "2027-04-01T20:30:00.000Z",
      "2027-04-06T15:00:00.000Z",
      "2027-04-06T15:30:00.000Z",
    ]);
    // The EXDATE, the cancelled occurrence, the cancelled event and the free one stay open.
    for (const open of [
      "2027-03-24T16:00:00.000Z",
      "2027-04-07T16:00:00.000Z",
      "2027-03-12T17:00:00.000Z",
      "2027-03-12T20:00:00.000Z",
    ]) {
      expect(after.has(open)).toBe(true);
    }
  });
});

describe("reading again", () => {
  test("a good read replaces the calendar's periods and clears the last error", async () => {
    const source = await added("Dana", "denver.ics");
    answers.set("/denver.ics", { status: 503, type: "text/plain", body: "" });
    await refreshCalendarSource(db, source.id, new Date(NOW.getTime() + 60_000), reaching());
    answers.set("/denver.ics", ics(LONDON));
    const later = new Date(NOW.getTime() + 120_000);
    expect(await refreshCalendarSource(db, source.id, later, reaching())).toEqual({
      outcome: "read",
      busyCount: LONDON_BUSY.length,
    });
    expect(busyOf(source.id)).toEqual(LONDON_BUSY);
    expect(listCalendarSources(db)[0]).toMatchObject({
      lastSuccessAt: later,
      lastAttemptAt: later,
      lastError: null,
      busyCount: LONDON_BUSY.length,
    });
  });

  test.each([
    [
      "an error status",
      () => answers.set("/denver.ics", { status: 500, type: "text/html", body: "oops" }),
      "The calendar's server answered with status 500.",
    ],
    [
      "a web page instead of the calendar",
      () => answers.set("/denver.ics", { status: 200, type: "text/html", body: "<html></html>" }),
      "This address answered with something other than a calendar. Check that it is the calendar's iCal (.ics) address, not its web page.",
    ],
    [
      "a broken calendar",
      () => answers.set("/denver.ics", ics("BEGIN:VCALENDAR\r\nDTSTART;TZID=x\r\n")),
      expect.stringMatching(/^The calendar could not be read: .+\.$/),
    ],
  ])("%s keeps the old periods and records why in plain words", async (_name, fail, error) => {
    const source = await added("Dana", "denver.ics");
    fail();
    const later = new Date(NOW.getTime() + 60_000);
    expect(await refreshCalendarSource(db, source.id, later, reaching())).toEqual({
      outcome: "failed",
      error,
    });
    expect(busyOf(source.id)).toEqual(DENVER_BUSY);
    expect(listCalendarSources(db)[0]).toMatchObject({
      lastAttemptAt: later,
      lastSuccessAt: NOW,
      lastError: error,
      busyCount: DENVER_BUSY.length,
    });
  });

  test("a server that is gone is told in the outbound requests' words, the old periods kept", async () => {
    const source = await added("Dana", "denver.ics");
    // A port nothing listens on: the connection is refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    db.update(calendarSources)
      .set({ url: `http://127.0.0.1:${closedPort}/denver.ics` })
      .where(eq(calendarSources.id, source.id))
      .run();
    const outcome = await refreshCalendarSource(db, source.id, NOW, {
      ports: [closedPort],
      testHosts: [`127.0.0.1:${closedPort}`],
    });
    expect(outcome).toEqual({
      outcome: "failed",
      error: "The server refused the connection (ECONNREFUSED).",
    });
    expect(busyOf(source.id)).toEqual(DENVER_BUSY);
  });

  test("the jobs read only calendars not tried for 15 minutes", async () => {
    const fresh = await added("Fresh", "denver.ics");
    const stale = await added("Stale", "denver.ics");
    const never = await added("Never", "london.ics");
    const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
    const set = (id: number, lastAttemptAt: Date | null) =>
      db.update(calendarSources).set({ lastAttemptAt }).where(eq(calendarSources.id, id)).run();
    set(fresh.id, minutesAgo(14));
    set(stale.id, minutesAgo(16));
    set(never.id, null);
    answers.set("/denver.ics", ics(LONDON));
    answers.set("/london.ics", ics(DENVER));
    const outcomes = await refreshStaleCalendars(db, NOW, reaching());
    expect(outcomes).toHaveLength(2);
    expect(busyOf(fresh.id)).toEqual(DENVER_BUSY);
    expect(busyOf(stale.id)).toEqual(LONDON_BUSY);
    expect(busyOf(never.id)).toEqual(DENVER_BUSY);
  });
});

describe("adding and removing", () => {
  test("an address inside the network is refused by the guard, without a connection", async () => {
    const before = connections;
    const outcome = await addCalendarSource(
      db,
      STAFF,
      { label: "Sneaky", url: urlOf("denver.ics") },
      NOW,
      { ports: [port], testHosts: [] },
    );
    expect(outcome).toEqual({
      outcome: "refused",
      reason:
        "This address starts with http://, which would send the calendar's secret address unencrypted. Please use its https:// (or webcal://) address.",
    });
    const https = await addCalendarSource(
      db,
      STAFF,
      { label: "Sneaky", url: `https://127.0.0.1:${port}/denver.ics` },
      NOW,
      { ports: [port], testHosts: [] },
    );
    expect(https).toEqual({
      outcome: "refused",
      reason: "The address is, or resolves to, a private or reserved network address.",
    });
    expect(connections).toBe(before);
    expect(db.select().from(calendarSources).all()).toEqual([]);
  });

  test("a stored address that now points inside the network fails its read, in the guard's words", async () => {
    const source = await added("Dana", "denver.ics");
    const outcome = await refreshCalendarSource(db, source.id, NOW, { ports: [port] });
    expect(outcome).toEqual({
      outcome: "failed",
      error: "The address is, or resolves to, a private or reserved network address.",
    });
  });

  test("webcal:// is read as https://; other schemes are refused in words", () => {
    expect(calendarUrlOf("webcal://calendar.example.com/secret/basic.ics", [])).toEqual({
      ok: true,
      url: "https://calendar.example.com/secret/basic.ics",
    });
    expect(calendarUrlOf("ftp://calendar.example.com/basic.ics", [])).toEqual({
      ok: false,
      detail: "Only https:// and webcal:// addresses can be read, not ftp:// ones.",
    });
  });

  test("lists show the secret address only in part", async () => {
    await added("Dana", "denver.ics");
    const secret =
      "https://calendar.google.com/calendar/ical/dana%40example.com/private-4f1c9e0b2a7d/basic.ics";
    expect(maskedAddress(secret)).toBe("https://calendar.google.com/….ics");
    const [listed] = listCalendarSources(db);
    expect(listed?.address).toBe(`http://127.0.0.1:${port}/….ics`);
    expect(JSON.stringify(listCalendarSources(db))).not.toContain("denver");
  });

  test("removing a calendar removes its busy periods", async () => {
    const source = await added("Dana", "denver.ics");
    expect(removeCalendarSource(db, STAFF, source.id)).toBe(true);
    expect(db.select().from(calendarBusy).all()).toEqual([]);
    expect(removeCalendarSource(db, STAFF, source.id)).toBe(false);
    expect(await refreshCalendarSource(db, source.id, NOW, reaching())).toEqual({
      outcome: "gone",
    });
  });
});
