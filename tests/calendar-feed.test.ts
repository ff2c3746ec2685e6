// The private calendar feed, /calendar/<secret>.ics, on a real SQLite file: what it lists, read
// back by node-ical (a parser not written here); that only the current secret opens it; and that
// neither the route's answer nor the page cache in front of it keeps a copy.
import ical, { type VEvent } from "node-ical";
import { afterEach, describe, expect, test } from "vitest";
import { pageCacheKey } from "~/page-cache-policy";
import {
  bookCall,
  cancelBooking,
  currentOpenTimes,
  moveBooking,
} from "~/features/booking/booking.server";
import { calendarFeed } from "~/features/booking/feed.server";
import { readBookingSettings, replaceFeedSecret } from "~/features/booking/queries.server";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { loader } from "~/routes/calendar.$file";
import { routeArgs } from "./support/actions";
import { closeSites, startSite } from "./support/page-cache-site";

afterEach(closeSites);

const at = (iso: string) => new Date(iso);

async function book(name: string, startsAt: Date, now: Date) {
  const outcome = await bookCall(
    db,
    {
      fullName: name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.org`,
      company: `${name.split(" ")[1]} & Co`,
      topic: "",
      visitorTimeZone: "Europe/London",
      startsAt,
    },
    now,
  );
  if (outcome.kind !== "booked") throw new Error(`${startsAt.toISOString()} was not open`);
  return outcome.booking;
}

function eventsIn(text: string) {
  const parsed = ical.sync.parseICS(text);
  return {
    method: parsed.vcalendar?.method,
    events: Object.values(parsed).filter((part): part is VEvent => part?.type === "VEVENT"),
  };
}

const feedAnswer = async (file: string) =>
  (await loader(
    routeArgs(new Request(`http://localhost/calendar/${file}`), { params: { file } }),
  )) as Response;

describe("what the feed lists", () => {
  test("every confirmed call, upcoming and of the past 90 days, with the invitations' UIDs and sequences", async () => {
    const feedNow = at("2027-03-10T17:00:00Z");
    // Thursday 3 December 2026, 97 days before: too old.
    await book("Old Caller", at("2026-12-03T17:00:00Z"), at("2026-12-01T17:00:00Z"));
    // Wednesday 3 February 2027, 35 days before.
    const recent = await book(
      "Recent Caller",
      at("2027-02-03T17:00:00Z"),
      at("2027-02-01T17:00:00Z"),
    );
    const upcoming = await book("Ada Lovelace", at("2027-03-12T17:00:00Z"), feedNow);
    expect((await moveBooking(db, upcoming.uid, at("2027-03-15T16:00:00Z"), feedNow)).kind).toBe(
      "done",
    );
    const cancelled = await book("Gone Caller", at("2027-03-16T16:00:00Z"), feedNow);
    expect((await cancelBooking(db, cancelled.uid, "visitor", feedNow)).kind).toBe("done");

    const feed = calendarFeed(db, readBookingSettings(db).feedSecret, feedNow);
    const { method, events } = eventsIn(feed ?? "");
    expect(method).toBe("PUBLISH");
    expect(
      events.map(({ uid, sequence, start, end, summary, status }) => ({
        uid,
        sequence,
        start,
        end,
        summary,
        status,
      })),
    ).toEqual([
      {
        uid: recent.uid,
        sequence: 0,
        start: at("2027-02-03T17:00:00Z"),
        end: at("2027-02-03T17:30:00Z"),
        summary: "Discovery call: Recent Caller (Caller & Co)",
        status: "CONFIRMED",
      },
      {
        uid: upcoming.uid,
        sequence: 1,
        start: at("2027-03-15T16:00:00Z"),
        end: at("2027-03-15T16:30:00Z"),
        summary: "Discovery call: Ada Lovelace (Lovelace & Co)",
        status: "CONFIRMED",
      },
    ]);
    for (const event of events) {
      expect(event.organizer).toMatchObject({ val: `mailto:${siteConfig.email}` });
      // A published calendar names no attendees (RFC 5546 3.2.1).
      expect(event.attendee).toBeUndefined();
      expect(event.description).toContain(`${siteConfig.origin}/admin/bookings`);
    }
    expect(events[1]?.description).toContain("Email: ada@example.org");
  });
});

describe("/calendar/<secret>.ics", () => {
  test("answers the feed to its secret, text/calendar and never stored; anything else is not found", async () => {
    const now = new Date();
    const [first] = currentOpenTimes(db, now);
    if (!first) throw new Error("No open time");
    const call = await book("Grace Hopper", first, now);
    const { feedSecret } = readBookingSettings(db);

    const answer = await feedAnswer(`${feedSecret}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const { method, events } = eventsIn(await answer.text());
    expect(method).toBe("PUBLISH");
    expect(events.map((event) => event.uid)).toContain(call.uid);

    const wrong = `${feedSecret.slice(0, -1)}${feedSecret.endsWith("0") ? "1" : "0"}`;
    for (const file of [`${wrong}.ics`, feedSecret, `${feedSecret}.ics.ics`, ".ics", "x.ics"]) {
      const refused = await feedAnswer(file);
      expect(refused.status, file).toBe(404);
      expect(refused.headers.get("Cache-Control"), file).toBe("private, no-store");
    }

    // A new secret ends the old address at once.
    const replaced = replaceFeedSecret(db);
    expect((await feedAnswer(`${feedSecret}.ics`)).status).toBe(404);
    expect((await feedAnswer(`${replaced}.ics`)).status).toBe(200);
  });

  test("the page cache never stores it: the policy leaves it to the app, and its answer is private", async () => {
    const { feedSecret } = readBookingSettings(db);
    const path = `/calendar/${feedSecret}.ics`;
    expect(pageCacheKey("GET", new URL(path, "http://localhost"), undefined)).toBeNull();

    // Even a cache told it may answer this address renders the feed for each request and keeps
    // nothing, as the answer is private.
    let renders = 0;
    const site = await startSite({
      keyOf: (method, url) => (method === "GET" ? url.pathname : null),
      render: async (request) => {
        renders += 1;
        const file = new URL(request.url).pathname.split("/").pop() ?? "";
        return feedAnswer(file);
      },
    });
    const firstAnswer = await fetch(`${site.url}${path}`);
    const secondAnswer = await fetch(`${site.url}${path}`);
    expect(renders).toBe(2);
    for (const answer of [firstAnswer, secondAnswer]) {
      expect(answer.headers.get("X-Cache")).toBeNull();
      await answer.body?.cancel();
    }
  });
});
