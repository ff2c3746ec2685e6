// The zones a visitor may read call times in: any IANA name this server's Intl accepts. Accepted
// as written, since ICU lists some zones under their old names (Asia/Calcutta) while browsers and
// people give the new ones (Asia/Kolkata).
import { siteConfig } from "~/lib/site-config.server";

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

export function isTimeZone(name: string) {
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

let listed: readonly string[] | undefined;

/** The zones the picker offers: Intl's list, with UTC (which it leaves out) and `chosen`. */
export function listedTimeZones(chosen: string | null): string[] {
  listed ??= ["UTC", ...Intl.supportedValuesOf("timeZone")];
  return chosen && !listed.includes(chosen) ? [...listed, chosen].sort() : [...listed];
}

export type ZoneChoice =
  /** `chosen` is the zone the visitor asked for, or null when they asked for none. */
  | { zone: string; chosen: string | null; unknown?: never }
  /** They asked for a zone nobody knows: times show in the firm's zone, and the page says why. */
  | { zone: string; chosen: null; unknown: string };

/** The zone `?tz=` asks for, checked; without one, the firm's. */
export function zoneChoiceOf(url: URL): ZoneChoice {
  const asked = url.searchParams.get("tz")?.trim();
  if (!asked) return { zone: siteConfig.timeZone, chosen: null };
  if (isTimeZone(asked)) return { zone: asked, chosen: asked };
  return { zone: siteConfig.timeZone, chosen: null, unknown: asked.slice(0, 100) };
}
