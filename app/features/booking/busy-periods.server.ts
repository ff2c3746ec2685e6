// The busy periods of a calendar: its iCalendar text parsed, and each event that keeps its time
// expanded by ical.js (recurring rules, EXDATEs, RECURRENCE-ID overrides, time zones) into the
// instants it keeps busy within a window. Titles and everything else about an event stay behind.
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";

/** A busy period as stored: two instants, its end excluded. */
export type BusyPeriod = { startsAt: Date; endsAt: Date };

export type CalendarRead = { ok: true; periods: BusyPeriod[] } | { ok: false; detail: string };

/**
 * How many occurrences of repeating events, counted from each series' start, one calendar may
 * hold up to the end of the window: expanding is synchronous, so this bounds how long one reading
 * holds the server (a daily meeting since 2000 is some 10,000). Past it the calendar is refused.
 */
const MAX_OCCURRENCES = 50_000;

/**
 * The busy periods of an iCalendar text overlapping [from, until), in start order: every event
 * that keeps its time (not cancelled, not transparent), and each occurrence of a series by
 * ical.js's own expansion with its exceptions. Dates (all-day events) and times without a zone are
 * read in the calendar's own zone (X-WR-TIMEZONE) when it names one, otherwise in `defaultZone`.
 */
export function busyPeriodsOf(
  text: string,
  { from, until }: { from: Date; until: Date },
  defaultZone: string,
): CalendarRead {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.replace(/^\uFEFF/, ""))) {
    return {
      ok: false,
      detail:
        "This address answered with something other than a calendar. Check that it is the " +
        "calendar's iCal (.ics) address, not its web page.",
    };
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    return unreadable(error);
  }
  const unregister = registerTimezones(calendar);
  try {
    const zone = knownZone(calendar.getFirstPropertyValue("x-wr-timezone")) ?? defaultZone;
    const window = { from: from.getTime(), until: until.getTime() };
    return { ok: true, periods: new OccurrenceReader(zone, window).read(calendar) };
  } catch (error) {
    // ical.js throws on what it cannot make sense of (a rule, a date): the calendar's fault.
    return unreadable(error);
  } finally {
    unregister();
  }
}

function unreadable(error: unknown): CalendarRead {
  const message = error instanceof Error ? error.message : String(error);
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return { ok: false, detail: `The calendar could not be read: ${sentence}` };
}

/**
 * Registers the calendar's VTIMEZONEs with ical.js's (process-wide) service for as long as the
 * reading takes. The reading is synchronous, so another calendar's zone of the same name never
 * mixes in; a zone registered before is left as it was.
 */
function registerTimezones(calendar: ICAL.Component): () => void {
  const added: string[] = [];
  for (const component of calendar.getAllSubcomponents("vtimezone")) {
    const zone = new ICAL.Timezone(component);
    if (!zone.tzid || ICAL.TimezoneService.has(zone.tzid)) continue;
    ICAL.TimezoneService.register(zone);
    added.push(zone.tzid);
  }
  return () => added.forEach((tzid) => ICAL.TimezoneService.remove(tzid));
}

/** A zone name Intl knows ("Europe/London"), or undefined. */
function knownZone(name: unknown): string | undefined {
  if (typeof name !== "string" || !name) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const uidOf = (event: ICAL.Component) => String(event.getFirstPropertyValue("uid") ?? "");

class OccurrenceReader {
  private readonly periods: BusyPeriod[] = [];
  private occurrences = 0;

  constructor(
    /** Where dates and floating times are read. */
    private readonly zone: string,
    private readonly window: { from: number; until: number },
  ) {}

  read(calendar: ICAL.Component): BusyPeriod[] {
    const masters: ICAL.Component[] = [];
    const exceptionsByUid = new Map<string, ICAL.Component[]>();
    for (const event of calendar.getAllSubcomponents("vevent")) {
      if (!event.hasProperty("recurrence-id")) masters.push(event);
      else exceptionsByUid.set(uidOf(event), [...(exceptionsByUid.get(uidOf(event)) ?? []), event]);
    }
    for (const master of masters) {
      // Handing over the exceptions keeps ical.js from scanning every event of the calendar.
      const exceptions = exceptionsByUid.get(uidOf(master)) ?? [];
      this.readEvent(new ICAL.Event(master, { exceptions }));
    }
    // One occurrence without its series: an invitation to one meeting of someone else's series.
    const seriesUids = new Set(masters.map(uidOf));
    for (const [uid, exceptions] of exceptionsByUid) {
      if (seriesUids.has(uid)) continue;
      for (const exception of exceptions) this.readOnce(new ICAL.Event(exception));
    }
    return this.periods.sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime(),
    );
  }

  private readEvent(event: ICAL.Event) {
    if (!event.isRecurring()) {
      this.readOnce(event);
      return;
    }
    const iterator = event.iterator();
    const reached = new Set<ICAL.Event>();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (this.instantOf(next, event.component, "dtstart") >= this.window.until) break;
      if (++this.occurrences > MAX_OCCURRENCES) {
        throw new Error(
          `Its repeating events occur more than ${MAX_OCCURRENCES.toLocaleString("en-US")} ` +
            "times up to the end of the booking horizon, more than the site reads",
        );
      }
      const { item, startDate, endDate } = event.getOccurrenceDetails(next);
      reached.add(item);
      this.add(item, startDate, endDate);
    }
    // An occurrence the series holds past the window, moved into it by its override.
    for (const exception of Object.values(event.exceptions)) {
      if (!reached.has(exception)) this.readOnce(exception);
    }
  }

  private readOnce(event: ICAL.Event) {
    this.add(event, event.startDate, event.endDate);
  }

  private add(event: ICAL.Event, start: ICAL.Time, end: ICAL.Time) {
    const component = event.component;
    const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
    const transparency = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
    if (status === "CANCELLED" || transparency === "TRANSPARENT") return;
    const startsAt = this.instantOf(start, component, "dtstart");
    // An end from DURATION is in the start's zone.
    const endsAt = this.instantOf(
      end,
      component,
      component.hasProperty("dtend") ? "dtend" : "dtstart",
    );
    const { from, until } = this.window;
    if (endsAt <= startsAt || endsAt <= from || startsAt >= until) return;
    this.periods.push({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) });
  }

  /**
   * The instant a time names: by its own zone (UTC, or one of the calendar's VTIMEZONEs), or, for
   * a date or a time without one, on the calendar's clock (a date is the start of that day).
   */
  private instantOf(time: ICAL.Time, component: ICAL.Component, property: string): number {
    if (!time.isDate && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
    // A TZID the calendar does not define leaves the time floating; one Intl knows is still used.
    const tzid = time.isDate
      ? undefined
      : component.getFirstProperty(property)?.getParameter("tzid");
    const zone = knownZone(tzid) ?? this.zone;
    const [hour, minute, second] = time.isDate ? [0, 0, 0] : [time.hour, time.minute, time.second];
    return TZDate.tz(zone, time.year, time.month - 1, time.day, hour, minute, second).getTime();
  }
}
