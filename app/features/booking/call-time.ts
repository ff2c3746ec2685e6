// A call's time as its emails and calendar events write it for people.
import type { Booking } from "./queries.server";
import { timeZoneLabel } from "~/lib/zoned-time";

/**
 * "Monday, March 15, 2027, 21:30 to 22:00 Asia/Kolkata (GMT+5:30)": the call's day, start and
 * end on the zone's clock, and the zone by name. A 24-hour clock, as the admin shows times.
 */
export function callTimeInZone(call: Pick<Booking, "startsAt" | "endsAt">, timeZone: string) {
  const day = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(call.startsAt);
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const zone = timeZoneLabel(timeZone, call.startsAt);
  return `${day}, ${clock.format(call.startsAt)} to ${clock.format(call.endsAt)} ${zone}`;
}
