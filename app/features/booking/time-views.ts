// Call times as the pages show them, written by the loaders (Intl) so the pages carry strings and
// no date library: the day, the time on the site's 24-hour clock (browsers' and Node's ICU
// disagree on the space before "AM") and the zone's short name at that instant (MST, MDT, GMT+5:30).
import { startParam } from "./start-address";

export type TimeView = {
  /** The time's address part, "2026-12-01T16:00:00Z". */
  start: string;
  /** "Tuesday, December 1, 2026" */
  day: string;
  /** "09:00" */
  time: string;
  /** "Tuesday, December 1, 2026, 09:00 MST": what a screen reader says for the time. */
  name: string;
};

export type CallTimeView = { visitor: TimeView; firm: TimeView; sameZone: boolean };

export type DayOfTimes = { day: string; times: TimeView[] };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function timeView(instant: Date, timeZone: string): TimeView {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const day = `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { start: startParam(instant), day, time, name: `${day}, ${time} ${parts.timeZoneName}` };
}

/** The times in order, grouped by the day each falls on in the zone. */
export function timesByDay(instants: readonly Date[], timeZone: string): DayOfTimes[] {
  const days: DayOfTimes[] = [];
  for (const instant of instants) {
    const view = timeView(instant, timeZone);
    const last = days.at(-1);
    if (last?.day === view.day) last.times.push(view);
    else days.push({ day: view.day, times: [view] });
  }
  return days;
}

/** A call's time in the visitor's zone and in the firm's. */
export function callTimeView(instant: Date, visitorZone: string, firmZone: string): CallTimeView {
  const visitor = timeView(instant, visitorZone);
  const firm = timeView(instant, firmZone);
  return { visitor, firm, sameZone: visitor.name === firm.name };
}
