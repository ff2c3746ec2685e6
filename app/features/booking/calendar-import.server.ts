// Staff calendars read for busy times: their secret iCalendar addresses, each read through the
// guarded outbound requests (lib/outbound-http.server.ts) and expanded (busy-periods.server.ts)
// into the instants it keeps busy within the booking horizon. A good read replaces the calendar's
// busy periods in one transaction; a failed one keeps them and says why in plain words.
import { asc, eq, isNull, lt, or } from "drizzle-orm";
import { calendarBusy, calendarSources } from "~/db/schema";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import { outboundRequest, refuse, type OutboundOptions } from "~/lib/outbound-http.server";
import { siteConfig } from "~/lib/site-config.server";
import { busyPeriodsOf, type BusyPeriod, type CalendarRead } from "./busy-periods.server";
import type { CalendarInput } from "./calendar-form";
import { readBookingSettings } from "./queries.server";

const DAY = 24 * 60 * 60_000;

/** A calendar last tried longer ago than this is read again by the booking jobs. */
const CALENDAR_REFRESH_MS = 15 * 60_000;

/**
 * Google's secret address holds every past event too, so a calendar kept for years can reach a
 * few MB; its server may take a while to build it. Outlook's published links may redirect.
 */
const READ_LIMITS = { timeoutMs: 15_000, maxBytes: 5_000_000, maxRedirects: 3 };

const USER_AGENT = `${siteConfig.brand} calendar reader (+${env.SITE_URL})`;

/** The guarded requests' options: tests name their local servers, production uses the settings. */
export type CalendarReadOptions = Pick<OutboundOptions, "ports" | "testHosts" | "lookup">;

/**
 * The address to read, from what staff pasted: https as it is, webcal:// (how Google and Outlook
 * hand out the same address for calendar apps) read as https. Plain http only for a configured
 * test host: it would send the secret address unencrypted.
 */
export function calendarUrlOf(
  input: string,
  testHosts: string[] = env.OUTBOUND_TEST_HOSTS,
): { ok: true; url: string } | { ok: false; detail: string } {
  const typed = input.trim();
  if (!URL.canParse(typed)) {
    return { ok: false, detail: "This is not a web address: it should start with https://." };
  }
  const url = new URL(typed);
  if (url.protocol === "webcal:") return { ok: true, url: new URL(`https:${typed.slice(7)}`).href };
  if (url.protocol === "https:") return { ok: true, url: url.href };
  if (url.protocol === "http:" && testHosts.includes(url.host)) return { ok: true, url: url.href };
  if (url.protocol === "http:") {
    return {
      ok: false,
      detail:
        "This address starts with http://, which would send the calendar's secret address " +
        "unencrypted. Please use its https:// (or webcal://) address.",
    };
  }
  return {
    ok: false,
    detail: `Only https:// and webcal:// addresses can be read, not ${url.protocol}// ones.`,
  };
}

/** A secret address as lists show it: its scheme and host, and its last four characters. */
export function maskedAddress(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}/…${url.slice(-4)}`;
}

/** The window busy periods are kept for: from now to a day past the booking horizon. */
function readWindow(db: Queryable, now: Date) {
  const { horizonDays } = readBookingSettings(db);
  return { from: now, until: new Date(now.getTime() + (horizonDays + 1) * DAY) };
}

/** Fetches a calendar and expands its events into busy periods within the window. */
async function readCalendar(
  url: string,
  window: { from: Date; until: Date },
  options: CalendarReadOptions = {},
): Promise<CalendarRead> {
  const answer = await outboundRequest(
    url,
    { method: "GET", headers: { Accept: "text/calendar", "User-Agent": USER_AGENT } },
    { ...READ_LIMITS, ...options },
    ({ status }) =>
      status === 200
        ? null
        : refuse("http-status", `The calendar's server answered with status ${status}.`),
  );
  if (!answer.ok) return { ok: false, detail: answer.detail };
  return busyPeriodsOf(answer.body.toString("utf8"), window, siteConfig.timeZone);
}

export type CalendarSourceView = {
  id: number;
  label: string;
  /** Only in part: the address is a secret. */
  address: string;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  busyCount: number;
};

/** Every calendar, in the order added, its address masked. */
export function listCalendarSources(db: Queryable): CalendarSourceView[] {
  return db.select().from(calendarSources).orderBy(asc(calendarSources.id)).all().map(viewOf);
}

export type CalendarAdded =
  { outcome: "added"; source: CalendarSourceView } | { outcome: "refused"; reason: string };

/**
 * Adds a calendar once it has been read, with its busy periods, in one transaction: an address
 * that cannot be read is refused with the reason, while staff still have it at hand.
 */
export async function addCalendarSource(
  db: AppDatabase,
  by: AuditSource,
  input: CalendarInput,
  now = new Date(),
  options: CalendarReadOptions = {},
): Promise<CalendarAdded> {
  const address = calendarUrlOf(input.url, options.testHosts);
  if (!address.ok) return { outcome: "refused", reason: address.detail };
  const read = await readCalendar(address.url, readWindow(db, now), options);
  if (!read.ok) return { outcome: "refused", reason: read.detail };
  const source = db.transaction((tx) => {
    const row = tx
      .insert(calendarSources)
      .values({
        label: input.label,
        url: address.url,
        lastAttemptAt: now,
        lastSuccessAt: now,
        busyCount: read.periods.length,
      })
      .returning()
      .get();
    insertBusy(tx, row.id, read.periods);
    recordAudit(tx, {
      action: "settings.changed",
      ...by,
      target: `calendar:${row.id}`,
      details: { added: row.label, host: new URL(address.url).hostname },
      at: now,
    });
    return row;
  });
  logEvent("info", "calendar_added", { sourceId: source.id, busy: read.periods.length });
  return { outcome: "added", source: viewOf(source) };
}

/** Removes a calendar and its busy periods, recorded in the audit log; false when there was none. */
export function removeCalendarSource(db: AppDatabase, by: AuditSource, id: number): boolean {
  return db.transaction((tx) => {
    const removed = tx.delete(calendarSources).where(eq(calendarSources.id, id)).returning().get();
    if (!removed) return false;
    recordAudit(tx, {
      action: "settings.changed",
      ...by,
      target: `calendar:${id}`,
      details: { removed: removed.label },
    });
    return true;
  });
}

export type CalendarRefresh =
  | { outcome: "read"; busyCount: number }
  | { outcome: "failed"; error: string }
  | { outcome: "gone" };

/**
 * Reads one calendar again. A good read replaces its busy periods in one transaction; a failed
 * one keeps them (a calendar briefly unreachable still blocks its times) and records why.
 */
export async function refreshCalendarSource(
  db: AppDatabase,
  id: number,
  now = new Date(),
  options: CalendarReadOptions = {},
): Promise<CalendarRefresh> {
  const source = db.select().from(calendarSources).where(eq(calendarSources.id, id)).get();
  if (!source) return { outcome: "gone" };
  const read = await readCalendar(source.url, readWindow(db, now), options);
  // Each write finds no row when the calendar was removed while it was being read.
  const outcome = db.transaction((tx): CalendarRefresh => {
    if (!read.ok) {
      const updated = tx
        .update(calendarSources)
        .set({ lastAttemptAt: now, lastError: read.detail })
        .where(eq(calendarSources.id, id))
        .returning()
        .all();
      return updated.length ? { outcome: "failed", error: read.detail } : { outcome: "gone" };
    }
    const updated = tx
      .update(calendarSources)
      .set({
        lastAttemptAt: now,
        lastSuccessAt: now,
        lastError: null,
        busyCount: read.periods.length,
      })
      .where(eq(calendarSources.id, id))
      .returning()
      .all();
    if (!updated.length) return { outcome: "gone" };
    tx.delete(calendarBusy).where(eq(calendarBusy.sourceId, id)).run();
    insertBusy(tx, id, read.periods);
    return { outcome: "read", busyCount: read.periods.length };
  });
  if (outcome.outcome === "failed") {
    logEvent("warn", "calendar_read_failed", { sourceId: id, error: outcome.error });
  } else if (outcome.outcome === "read") {
    logEvent("info", "calendar_read", { sourceId: id, busy: outcome.busyCount });
  }
  return outcome;
}

/** Reads, one after another, every calendar not tried for CALENDAR_REFRESH_MS. */
export async function refreshStaleCalendars(
  db: AppDatabase,
  now = new Date(),
  options: CalendarReadOptions = {},
): Promise<CalendarRefresh[]> {
  const stale = db
    .select({ id: calendarSources.id })
    .from(calendarSources)
    .where(
      or(
        isNull(calendarSources.lastAttemptAt),
        lt(calendarSources.lastAttemptAt, new Date(now.getTime() - CALENDAR_REFRESH_MS)),
      ),
    )
    .orderBy(asc(calendarSources.id))
    .all();
  const outcomes: CalendarRefresh[] = [];
  for (const { id } of stale) outcomes.push(await refreshCalendarSource(db, id, now, options));
  return outcomes;
}

function insertBusy(db: Queryable, sourceId: number, periods: BusyPeriod[]) {
  // SQLite takes at most 32,766 parameters a statement: three a row.
  for (let start = 0; start < periods.length; start += 5_000) {
    const rows = periods.slice(start, start + 5_000).map((period) => ({ sourceId, ...period }));
    db.insert(calendarBusy).values(rows).run();
  }
}

function viewOf(source: typeof calendarSources.$inferSelect): CalendarSourceView {
  const { id, label, url, lastAttemptAt, lastSuccessAt, lastError, busyCount } = source;
  return {
    id,
    label,
    address: maskedAddress(url),
    lastAttemptAt,
    lastSuccessAt,
    lastError,
    busyCount,
  };
}
