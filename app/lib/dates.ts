// Dates as the site shows them: one fixed locale and time zone, so server and browser agree.
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export function formatLongDate(date: Date | string | number) {
  return longDate.format(new Date(date));
}

/** The date part of an ISO timestamp, for <time dateTime> and sitemaps. */
export function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** The year the site shows (the footer's ©), in the zone of every date it shows. */
export function currentYear(now = new Date()) {
  return now.getUTCFullYear();
}

/** When `currentYear` next changes: a stored page that shows the year lives no longer. */
export function startOfNextYear(now: Date) {
  return new Date(Date.UTC(currentYear(now) + 1, 0, 1));
}
