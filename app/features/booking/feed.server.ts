// The private calendar feed staff subscribe to (`/calendar/<secret>.ics`): every confirmed call,
// upcoming and of the past 90 days, as the same events (UID, SEQUENCE) the invitations carried,
// so a calendar that has both shows each call once.
import crypto from "node:crypto";
import type { Queryable } from "~/lib/db-client.server";
import { siteConfig } from "~/lib/site-config.server";
import { firmCopy, iCalendar } from "./calendar-event.server";
import { confirmedBookingsSince, readBookingSettings } from "./queries.server";

const FEED_DAYS_PAST = 90;

/**
 * Compared as digests of equal length with a constant-time comparison, so the time an answer takes
 * says nothing of how much of a guess was right.
 */
function isFeedSecret(given: string, secret: string) {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(secret));
}

/** The feed's iCalendar text, or undefined when `secret` is not the feed's current one. */
export function calendarFeed(db: Queryable, secret: string, now = new Date()): string | undefined {
  if (!isFeedSecret(secret, readBookingSettings(db).feedSecret)) return undefined;
  const since = new Date(now.getTime() - FEED_DAYS_PAST * 24 * 60 * 60_000);
  const events = confirmedBookingsSince(db, since).map((call) => ({
    call,
    cancelled: false,
    ...firmCopy(call),
  }));
  return iCalendar("PUBLISH", events, now, `${siteConfig.brand}: discovery calls`);
}
