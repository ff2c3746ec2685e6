// Dates as the site shows them: instants are stored in UTC and shown in the firm's zone
// (SITE_TIME_ZONE), with one fixed locale so the server and the browser agree. Intl alone, and
// only what public pages show (every page has the footer's year): the admin's moments and
// conversions are in zoned-time.ts.

/** "November 26, 2026": the day an instant falls on in the zone. */
export function formatLongDate(date: Date | string | number, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(date));
}

/** The date part of an ISO timestamp, for <time dateTime> and sitemaps. */
export function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** The year the site shows (the footer's ©), in the zone of every date it shows. */
export function currentYear(timeZone: string, now = new Date()) {
  return Number(new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone }).format(now));
}
