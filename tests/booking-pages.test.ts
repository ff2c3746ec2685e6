// The visitor's booking pages through their loaders and actions, on a real database: the open
// times by day in the zone chosen, one time's form (prefilled and linked from the visitor's
// assessment), booking it, the 409 of a time taken meanwhile, and the signed page that cancels
// or moves the call.
import { describe, expect, test } from "vitest";
import type { SubmissionResult } from "@conform-to/react";
import { db } from "~/lib/db.server";
import { RATE_LIMITS } from "~/lib/rate-limit.server";
import { loader as listLoader } from "~/routes/book._index";
import { action as bookAction, loader as timeLoader } from "~/routes/book.$start";
import { action as manageAction, loader as manageLoader } from "~/routes/book.manage.$token";
import { currentOpenTimes } from "~/features/booking/booking.server";
import { instantOfStartParam, startParam } from "~/features/booking/start-address";
import { timeView, timesByDay } from "~/features/booking/time-views";
import { signManageToken } from "~/features/booking/manage-link.server";
import {
  commitAssessmentSession,
  readAssessmentSession,
} from "~/features/assessment/assessment-session.server";
import { submitAssessment, trackVisit } from "~/features/assessment/submit.server";
import { NO_ATTRIBUTION } from "~/features/assessment/attribution";
import { bookings } from "~/db/schema";
import { and, eq } from "drizzle-orm";
import { routeArgs } from "./support/actions";
import { sampleAnswers } from "./support/assessment-answers";

const origin = "http://localhost";
let people = 0;

/** A visitor's details, with an email of their own so the per-email limit stays out of the way. */
function visitor(overrides: Record<string, string> = {}) {
  people += 1;
  return {
    fullName: "Grace Hopper",
    email: `grace.${people}@example.org`,
    company: "Brightline Freight",
    phone: "+1 303 555 0199",
    topic: "Our month-end close takes two weeks.\r\nWhere do we start?",
    timeZone: "Asia/Kolkata",
    ...overrides,
  };
}

const openTimes = () => currentOpenTimes(db);

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

let posts = 0;

/** Books as a visitor from an address of their own, unless one is given. */
async function book(
  start: Date,
  fields: Record<string, string> = visitor(),
  clientIp = `198.18.${Math.floor(++posts / 250)}.${posts % 250}`,
  cookie?: string,
) {
  const param = startParam(start);
  const request = post(`/book/${param}`, fields, cookie);
  const args = routeArgs(request, { params: { start: param }, clientIp });
  const result = await bookAction(args);
  return unwrap(result);
}

/** What a loader or action answered: a Response, or React Router's data() with its status. */
function unwrap(result: unknown): { status: number; body: unknown; headers: Headers } {
  if (result instanceof Response)
    return { status: result.status, body: null, headers: result.headers };
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return {
      status: wrapped.init?.status ?? 200,
      body: wrapped.data,
      headers: new Headers(wrapped.init?.headers),
    };
  }
  return { status: 200, body: result, headers: new Headers() };
}

const rowOf = (uid: string) => db.select().from(bookings).where(eq(bookings.uid, uid)).get();
/** The calls confirmed at a time (a cancelled one may share it). */
const bookingsAt = (start: Date) =>
  db
    .select()
    .from(bookings)
    .where(and(eq(bookings.startsAt, start), eq(bookings.status, "confirmed")))
    .all();

function tokenOf(location: string | null) {
  const match = /^\/book\/manage\/([^/?]+)$/.exec(location ?? "");
  expect(match, `redirected to ${location}`).not.toBeNull();
  return match?.[1] ?? "";
}

describe("a time's address", () => {
  test.each([
    ["2026-12-01T16:00:00Z", "2026-12-01T16:00:00.000Z"],
    ["2027-03-14T09:00:00Z", "2027-03-14T09:00:00.000Z"],
  ])("%s names its instant", (param, iso) => {
    expect(instantOfStartParam(param)?.toISOString()).toBe(iso);
    expect(startParam(new Date(iso))).toBe(param);
  });

  test.each([
    "2026-12-01T16:00:00.000Z",
    "2026-12-01T16:00Z",
    "2026-12-01t16:00:00z",
    "2026-12-01T16:00:00+00:00",
    "2026-02-30T16:00:00Z",
    "2026-12-01T24:00:00Z",
    "manage",
    "",
  ])("%s names none", (param) => {
    expect(instantOfStartParam(param)).toBeUndefined();
  });
});

describe("a time as the pages show it", () => {
  test.each([
    ["2026-12-01T16:00:00Z", "America/Denver", "Tuesday, December 1, 2026, 09:00 MST"],
    // Denver is 12:30 behind Kolkata in winter, 11:30 in summer.
    ["2026-12-01T16:00:00Z", "Asia/Kolkata", "Tuesday, December 1, 2026, 21:30 GMT+5:30"],
    ["2027-03-16T15:00:00Z", "America/Denver", "Tuesday, March 16, 2027, 09:00 MDT"],
    ["2027-03-16T15:00:00Z", "Asia/Kolkata", "Tuesday, March 16, 2027, 20:30 GMT+5:30"],
    // en-US names London's summer time by its offset.
    ["2027-03-29T08:00:00Z", "Europe/London", "Monday, March 29, 2027, 09:00 GMT+1"],
    ["2027-03-26T09:00:00Z", "Europe/London", "Friday, March 26, 2027, 09:00 GMT"],
  ])("%s in %s is %s", (param, zone, name) => {
    expect(timeView(new Date(param), zone).name).toBe(name);
  });

  test("times are grouped by the day they fall on in the zone shown", () => {
    const times = ["2026-12-01T16:00:00Z", "2026-12-01T23:30:00Z", "2026-12-02T16:00:00Z"].map(
      (value) => new Date(value),
    );
    const inDenver = timesByDay(times, "America/Denver");
    expect(inDenver.map((day) => [day.day, day.times.map((time) => time.time)])).toEqual([
      ["Tuesday, December 1, 2026", ["09:00", "16:30"]],
      ["Wednesday, December 2, 2026", ["09:00"]],
    ]);
    const inKolkata = timesByDay(times, "Asia/Kolkata");
    expect(inKolkata.map((day) => [day.day, day.times.map((time) => time.time)])).toEqual([
      ["Tuesday, December 1, 2026", ["21:30"]],
      ["Wednesday, December 2, 2026", ["05:00", "21:30"]],
    ]);
  });
});

describe("/book", () => {
  const list = async (query = "") =>
    unwrap(await listLoader(routeArgs(new Request(`${origin}/book${query}`))));

  test("lists every open time by day in the firm's zone, and nobody keeps a copy", async () => {
    const { status, body, headers } = await list();
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("no-store");
    const page = body as { days: { times: { start: string; name: string }[] }[]; zone: string };
    expect(page.zone).toBe("America/Denver");
    const listed = page.days.flatMap((day) => day.times.map((time) => time.start));
    expect(listed).toEqual(openTimes().map(startParam));
    expect(listed.length).toBeGreaterThan(0);
    expect(page.days[0]?.times[0]?.name).toMatch(
      /^\w+day, \w+ \d{1,2}, \d{4}, \d{2}:\d{2} M[DS]T$/,
    );
  });

  test("shows the zone the visitor chose", async () => {
    const { status, body } = await list("?tz=Asia%2FKolkata");
    expect(status).toBe(200);
    const page = body as { days: { times: { name: string }[] }[]; zone: string; chosen: string };
    expect(page).toMatchObject({ zone: "Asia/Kolkata", chosen: "Asia/Kolkata" });
    expect(page.days[0]?.times[0]?.name).toMatch(/GMT\+5:30$/);
  });

  test("says so when the zone is not one it knows, and shows the firm's", async () => {
    const { status, body } = await list("?tz=Mars%2FOlympus_Mons");
    expect(status).toBe(400);
    expect(body).toMatchObject({
      zone: "America/Denver",
      chosen: null,
      unknownZone: "Mars/Olympus_Mons",
    });
  });
});

describe("/book/<start>", () => {
  const page = async (param: string, cookie?: string) =>
    unwrap(
      await timeLoader(
        routeArgs(
          new Request(`${origin}/book/${param}`, { headers: cookie ? { Cookie: cookie } : {} }),
          { params: { start: param } },
        ),
      ),
    );

  test("is not found for an address that names no time", async () => {
    for (const param of ["tomorrow", "2026-12-01T16:00:00.000Z", "2026-12-01T16:00:00+01:00"]) {
      const { status } = await page(param);
      expect(status, param).toBe(404);
    }
    const refused = unwrap(
      await bookAction(
        routeArgs(post("/book/tomorrow", visitor()), { params: { start: "tomorrow" } }),
      ),
    );
    expect(refused.status).toBe(404);
  });

  test("shows a time that is not open as the nearest open ones, with a 409", async () => {
    const first = openTimes()[0]!;
    // Within the day's notice, so never open: the first open time is the nearest.
    const soon = new Date(Math.floor(Date.now() / 3_600_000 + 1) * 3_600_000);
    const { status, body } = await page(startParam(soon));
    expect(status).toBe(409);
    expect(body).toMatchObject({ state: "gone" });
    expect((body as { nearest: { start: string }[] }).nearest[0]?.start).toBe(startParam(first));
  });

  test("starts from the visitor's own assessment and links the call to it", async () => {
    const visitId = trackVisit(null, 10, NO_ATTRIBUTION);
    const accepted = await submitAssessment({
      visitId,
      answers: sampleAnswers,
      contact: {
        company: "Brightline Freight",
        firstName: "Katherine",
        lastName: "Johnson",
        email: "katherine.booking@brightline.example",
        phone: "+1 720 555 0100",
      },
    });
    const { session, state } = await readAssessmentSession(new Request(origin));
    const cookie = (
      await commitAssessmentSession(session, {
        ...state,
        result: {
          submissionId: accepted.submissionId,
          firstName: "Katherine",
          efficiencyScore: 70,
          bandScore: 12,
          uncertainCount: 0,
        },
      })
    ).split(";")[0]!;
    const start = openTimes()[1]!;
    const shown = await page(startParam(start), cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
    expect(shown.body).toMatchObject({
      state: "open",
      defaults: {
        fullName: "Katherine Johnson",
        email: "katherine.booking@brightline.example",
        company: "Brightline Freight",
        phone: "+1 720 555 0100",
      },
    });
    const booked = await book(start, visitor(), undefined, cookie);
    expect(booked.status).toBe(303);
    const [row] = bookingsAt(start);
    expect(row?.assessmentSubmissionId).toBe(accepted.submissionId);
  });
});

describe("booking a time", () => {
  test("stores the call and answers 303 to its own page, whose time is then no longer offered", async () => {
    const start = openTimes()[2]!;
    const fields = visitor();
    const { status, headers } = await book(start, fields);
    expect(status).toBe(303);
    const token = tokenOf(headers.get("Location"));
    const [row] = bookingsAt(start);
    expect(row).toMatchObject({
      status: "confirmed",
      fullName: "Grace Hopper",
      email: fields.email,
      company: "Brightline Freight",
      phone: "+1 303 555 0199",
      topic: "Our month-end close takes two weeks.\nWhere do we start?",
      visitorTimeZone: "Asia/Kolkata",
      assessmentSubmissionId: null,
    });
    expect(token.split(".")[0]).toBe(row?.uid.split("@")[0]);
    expect(openTimes().map(startParam)).not.toContain(startParam(start));
  });

  test("a time taken meanwhile answers 409 with the nearest open times and what was typed", async () => {
    const start = openTimes()[3]!;
    expect((await book(start)).status).toBe(303);
    const second = visitor({ fullName: "Ada Lovelace", topic: "Inventory counts" });
    const { status, body } = await book(start, second);
    expect(status).toBe(409);
    const reply = body as { result: SubmissionResult<string[]>; nearest: { start: string }[] };
    expect(reply.result.initialValue).toMatchObject({
      fullName: "Ada Lovelace",
      email: second.email,
      topic: "Inventory counts",
    });
    expect(reply.nearest.map((time) => time.start)).toEqual(
      expect.arrayContaining([startParam(openTimes()[3]!)]),
    );
    expect(reply.nearest.map((time) => time.start)).not.toContain(startParam(start));
    expect(bookingsAt(start)).toHaveLength(1);
  });

  test("refuses fields with their messages, a 400, and stores nothing", async () => {
    const start = openTimes()[4]!;
    const { status, body } = await book(
      start,
      visitor({
        fullName: "",
        email: "not-an-email",
        company: " ",
        topic: "",
        timeZone: "Mars/Base",
      }),
    );
    expect(status).toBe(400);
    expect((body as { result: SubmissionResult<string[]> }).result.error).toMatchObject({
      fullName: ["Please enter your full name."],
      email: ["Please enter a valid email address."],
      company: ["Please enter your company."],
      topic: ["Please tell us what you would like to talk about."],
      timeZone: ["Please choose a time zone from the list."],
    });
    expect(bookingsAt(start)).toHaveLength(0);
  });

  test("a bot that fills the hidden field is answered as a person and books nothing", async () => {
    const start = openTimes()[4]!;
    const { status, headers } = await book(start, {
      ...visitor(),
      website: "https://spam.example",
    });
    expect(status).toBe(303);
    expect(headers.get("Location")).toBe("/book");
    expect(bookingsAt(start)).toHaveLength(0);
  });

  test("counts bookings per email address, whatever address they come from", async () => {
    const email = "many.calls@example.org";
    const limit = RATE_LIMITS.bookingPerEmail.limit;
    for (let i = 0; i < limit; i += 1) {
      const { status } = await book(openTimes()[0]!, visitor({ email }), `198.51.100.${i + 1}`);
      expect(status).toBe(303);
    }
    const start = openTimes()[0]!;
    const { status, headers } = await book(
      start,
      visitor({ email: "Many.Calls@example.org" }),
      "198.51.100.99",
    );
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(bookingsAt(start)).toHaveLength(0);
  });

  test("counts bookings per client address", async () => {
    const clientIp = "192.0.2.77";
    for (let i = 0; i < RATE_LIMITS.bookingPerAddress.limit; i += 1) {
      // Refused fields count too: every post is an attempt.
      expect((await book(openTimes()[0]!, visitor({ fullName: "" }), clientIp)).status).toBe(400);
    }
    expect((await book(openTimes()[0]!, visitor(), clientIp)).status).toBe(429);
  });
});

describe("a call's own page", () => {
  const manage = async (token: string, query = "") =>
    unwrap(
      await manageLoader(
        routeArgs(new Request(`${origin}/book/manage/${token}${query}`), { params: { token } }),
      ),
    );
  const change = async (token: string, fields: Record<string, string>) =>
    unwrap(
      await manageAction(
        routeArgs(post(`/book/manage/${token}`, fields), {
          params: { token },
          clientIp: `203.0.113.${++people % 250}`,
        }),
      ),
    );

  async function booked() {
    const start = openTimes()[0]!;
    const { headers } = await book(start);
    const token = tokenOf(headers.get("Location"));
    const row = bookingsAt(start)[0]!;
    return { start, token, row };
  }

  test("is not found without a link this site signed for the call", async () => {
    const { row } = await booked();
    const key = row.uid.split("@")[0]!;
    for (const token of [
      key,
      signManageToken(key, "another-secret-of-at-least-thirty-two-characters"),
      signManageToken(crypto.randomUUID()),
      "nonsense",
    ]) {
      expect((await manage(token)).status, token).toBe(404);
      expect((await change(token, { intent: "cancel" })).status, token).toBe(404);
    }
    expect(rowOf(row.uid)?.status).toBe("confirmed");
  });

  test("shows the call in both zones, and offers every other open time to move to", async () => {
    const { start, token } = await booked();
    const { status, body, headers } = await manage(token);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const page = body as {
      state: string;
      time: { visitor: { name: string }; firm: { name: string } };
      days: { times: { start: string }[] }[];
    };
    expect(page.state).toBe("upcoming");
    expect(page.time.visitor.name).toBe(timeView(start, "Asia/Kolkata").name);
    expect(page.time.firm.name).toBe(timeView(start, "America/Denver").name);
    const offered = page.days.flatMap((day) => day.times.map((time) => time.start));
    expect(offered).not.toContain(startParam(start));
    expect(offered).toEqual(openTimes().map(startParam));

    // A script asks for the same page's data at ".data": its links and forms still name the page.
    const asData = unwrap(
      await manageLoader(
        routeArgs(new Request(`${origin}/book/manage/${token}.data`), { params: { token } }),
      ),
    );
    expect(asData.body).toMatchObject({ path: `/book/manage/${token}` });
  });

  test("cancels after its confirming step; the time is offered again at once", async () => {
    const { start, token, row } = await booked();
    const step = await manage(token, "?cancel");
    expect(step.body).toMatchObject({ step: { kind: "cancel" } });
    const { status, headers } = await change(token, { intent: "cancel" });
    expect(status).toBe(303);
    expect(headers.get("Location")).toBe(`/book/manage/${token}`);
    expect(rowOf(row.uid)).toMatchObject({ status: "cancelled", cancelledBy: "visitor" });
    expect(openTimes().map(startParam)).toContain(startParam(start));
    expect((await manage(token)).body).toMatchObject({
      state: "cancelled",
      step: { kind: "none" },
    });
    expect((await change(token, { intent: "cancel" })).status).toBe(409);
  });

  test("moves to another open time, keeping the call's UID and raising its sequence", async () => {
    const { start, token, row } = await booked();
    const to = openTimes()[5]!;
    const step = await manage(token, `?move=${startParam(to)}`);
    expect(step.body).toMatchObject({ step: { kind: "move", start: startParam(to) } });
    const { status, headers } = await change(token, { intent: "move", start: startParam(to) });
    expect(status).toBe(303);
    expect(headers.get("Location")).toBe(`/book/manage/${token}`);
    expect(rowOf(row.uid)).toMatchObject({ startsAt: to, sequence: row.sequence + 1 });
    expect(openTimes().map(startParam)).toContain(startParam(start));
    expect(openTimes().map(startParam)).not.toContain(startParam(to));
  });

  test("a time taken meanwhile answers 409 with the nearest open times; nothing moves", async () => {
    const mine = await booked();
    const theirs = await booked();
    const { status, body } = await change(mine.token, {
      intent: "move",
      start: startParam(theirs.start),
    });
    expect(status).toBe(409);
    expect((body as { nearest: unknown[] }).nearest.length).toBeGreaterThan(0);
    expect(rowOf(mine.row.uid)?.startsAt).toEqual(mine.start);
    expect((await change(mine.token, { intent: "move", start: "soon" })).status).toBe(400);
  });

  test("once the call has started it says so and offers nothing", async () => {
    const { token, row } = await booked();
    db.update(bookings)
      .set({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 60_000) })
      .where(eq(bookings.id, row.id))
      .run();
    expect((await manage(token, "?cancel")).body).toMatchObject({
      state: "started",
      step: { kind: "none" },
      days: [],
    });
    expect((await change(token, { intent: "cancel" })).status).toBe(409);
    expect(rowOf(row.uid)?.status).toBe("confirmed");
  });
});
