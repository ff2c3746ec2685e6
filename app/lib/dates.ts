// Dates as the site shows them: one fixed locale and time zone, so server and browser agree.
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export function formatLongDate(date: Date | string | number) {
  return longDate.format(new Date(date));
}

/** The date part of an ISO timestamp, for <time dateTime> and sitemaps. */
export function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}
