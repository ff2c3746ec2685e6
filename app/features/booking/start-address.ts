// A call time's address, /book/2026-12-01T16:00:00Z: the UTC instant in ISO 8601 ending in Z,
// to the second, so each time has exactly one address and any other spelling is not found.
const START = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** "2026-12-01T16:00:00Z": an instant as its address writes it. */
export function startParam(instant: Date) {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The instant an address names, or undefined when it is not exactly the form startParam writes. */
export function instantOfStartParam(value: string | undefined): Date | undefined {
  if (!value || !START.test(value)) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) || startParam(instant) !== value ? undefined : instant;
}

const withZone = (path: string, zone: string | null) =>
  zone ? `${path}?${new URLSearchParams({ tz: zone })}` : path;

/** The page of one time, keeping the zone the visitor reads times in (none: the firm's). */
export function bookingTimeHref(start: string, zone: string | null) {
  return withZone(`/book/${start}`, zone);
}

/** The list of open times, in the visitor's zone (none: the firm's). */
export function bookingListHref(zone: string | null) {
  return withZone("/book", zone);
}
