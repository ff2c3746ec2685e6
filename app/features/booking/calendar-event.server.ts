// The iCalendar objects the booking feature sends and publishes (RFC 5545, with the methods of RFC
// 5546): one VEVENT per call, whose UID and SEQUENCE are the booking's own, so each calendar that
// received the invitation updates or removes the same event. Written by ical.js, which escapes,
// folds and formats every value; nothing here joins iCalendar text by hand.
import ICAL from "ical.js";
import { siteConfig } from "~/lib/site-config.server";
import { callTimeInZone } from "./call-time";
import type { Booking } from "./queries.server";

/** REQUEST invites (or updates), CANCEL removes, PUBLISH lists (the staff's feed). */
type CalendarMethod = "REQUEST" | "CANCEL" | "PUBLISH";

type Person = { name: string; email: string };

/** What one audience's copy of a call says: the rest comes from the booking. */
export type CallEventText = {
  summary: string;
  description: string;
  /** Where this audience manages the call: the visitor's signed link, or the admin. */
  url: string;
};

/** What an event says of a call: its identity, times and who is coming. */
export type CalendarCall = Pick<
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
>;

export type CallEvent = CallEventText & { call: CalendarCall; cancelled: boolean };

/** The visitor's copy: who the call is with, and their signed link to cancel or move it. */
export function visitorCopy(manageUrl: string): CallEventText {
  return {
    summary: `Discovery call with ${siteConfig.brand}`,
    description: [
      `Your discovery call with ${siteConfig.brand}.`,
      `To cancel or move it, until it starts: ${manageUrl}`,
      `Questions: ${siteConfig.email}`,
    ].join("\n\n"),
    url: manageUrl,
  };
}

/** The firm's copy, in its emails and its feed: who the prospect is, and the way to the admin. */
export function firmCopy(call: CalendarCall): CallEventText {
  const bookings = new URL("/admin/bookings", siteConfig.origin).href;
  return {
    summary: `Discovery call: ${call.fullName} (${call.company})`,
    description: [
      `${call.fullName}, ${call.company}`,
      `Email: ${call.email}`,
      `Phone: ${call.phone || "not given"}`,
      `Their time: ${callTimeInZone(call, call.visitorTimeZone)}`,
      ...(call.topic ? [`Topic: ${call.topic}`] : []),
      `Every call: ${bookings}`,
    ].join("\n"),
    url: bookings,
  };
}

const utc = (date: Date) => ICAL.Time.fromJSDate(date, true);

function addPerson(event: ICAL.Component, name: "organizer" | "attendee", person: Person) {
  const property = event.addPropertyWithValue(name, `mailto:${person.email}`);
  property.setParameter("cn", person.name);
  return property;
}

/**
 * The firm organizes every call, and attends it; the visitor is asked to reply. A published feed
 * names no attendees (RFC 5546 3.2.1), its summary says who the call is with.
 */
function vevent(
  { call, cancelled, summary, description, url }: CallEvent,
  method: CalendarMethod,
  stamp: Date,
) {
  const event = new ICAL.Component("vevent");
  event.addPropertyWithValue("uid", call.uid);
  event.addPropertyWithValue("sequence", call.sequence);
  event.addPropertyWithValue("dtstamp", utc(stamp));
  event.addPropertyWithValue("dtstart", utc(call.startsAt));
  event.addPropertyWithValue("dtend", utc(call.endsAt));
  event.addPropertyWithValue("summary", summary);
  event.addPropertyWithValue("description", description);
  event.addPropertyWithValue("url", url);
  event.addPropertyWithValue("status", cancelled ? "CANCELLED" : "CONFIRMED");
  event.addPropertyWithValue("transp", "OPAQUE");
  const firm = { name: siteConfig.brand, email: siteConfig.email };
  addPerson(event, "organizer", firm);
  if (method !== "PUBLISH") {
    const host = addPerson(event, "attendee", firm);
    host.setParameter("role", "CHAIR");
    host.setParameter("partstat", "ACCEPTED");
    const visitor = addPerson(event, "attendee", { name: call.fullName, email: call.email });
    visitor.setParameter("role", "REQ-PARTICIPANT");
    visitor.setParameter("partstat", "NEEDS-ACTION");
    visitor.setParameter("rsvp", "TRUE");
  }
  return event;
}

/**
 * A whole iCalendar object: its METHOD, and one event per call, stamped `stamp`. A feed has a
 * name, which calendar apps show for the subscription.
 */
export function iCalendar(
  method: CalendarMethod,
  events: CallEvent[],
  stamp: Date,
  name?: string,
): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.addPropertyWithValue("prodid", `-//${siteConfig.brand}//Discovery calls//EN`);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", method);
  if (name) calendar.addPropertyWithValue("x-wr-calname", name);
  for (const event of events) calendar.addSubcomponent(vevent(event, method, stamp));
  // RFC 5545 3.1 ends every content line with CRLF, the last one included; ical.js stops before it.
  return `${calendar.toString()}\r\n`;
}
