// The staff's Bookings screens against a real SQLite file: the calls listed with each prospect's
// assessment and messages, a call cancelled by staff, the booking rules refused at the field that
// is wrong and saved whole when right (the open times follow at once), days off added and
// removed, and the CSV of every call with its times in UTC and on the firm's clock.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { bookingDaysOff, bookings, contactMessages } from "~/db/schema";
import { insertUser } from "~/features/accounts/user-queries.server";
import { insertAssessmentSubmission } from "~/features/assessment/submission-queries.server";
import { contact, fullState } from "~/features/assessment/wizard-fixtures";
import { scoreAssessment, type Answers } from "~/features/assessment/scoring";
import { currentOpenTimes } from "~/features/booking/booking.server";
import { readBookingSettings } from "~/features/booking/queries.server";
import type { BookingLead } from "~/features/leads";
import { db } from "~/lib/db.server";
import { dayInZone } from "~/lib/zoned-time";
import { action as bookingsAction, loader as bookingsLoader } from "~/routes/admin.bookings._index";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/routes/admin.bookings.settings";
import { loader as exportLoader } from "~/routes/admin.leads.export.$kind";
import { parseCsv } from "./support/csv";
import { routeArgs } from "./support/actions";
import { signedIn, toastOf } from "./support/staff";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ZONE = "America/Denver";
let cookie = "";

beforeAll(async () => {
  const admin = insertUser(db, {
    email: "bookings-admin@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
  });
  cookie = await signedIn(admin);
});

function request(path: string, form?: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: cookie,
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
}

type Answer = {
  status: number;
  location?: string | null;
  toast?: { title: string; description: string } | null;
  data?: Record<string, unknown>;
};

/** What a loader or action answered: a redirect with its notice, or data with its status. */
async function answer(
  handler: (args: never) => unknown,
  path: string,
  form?: Record<string, string>,
  params: Record<string, string> = {},
): Promise<Answer> {
  try {
    const result = await handler(routeArgs(request(path, form), { params }) as never);
    if (result instanceof Response) {
      const toast = await toastOf(result.headers);
      return { status: result.status, location: result.headers.get("Location"), toast };
    }
    const wrapped = result as { data: Record<string, unknown>; init?: { status?: number } | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500 };
  }
}

/** The field errors of a form refused with 400. */
function fieldErrors(reply: Answer) {
  return (reply.data?.result as { error?: Record<string, string[]> } | undefined)?.error ?? {};
}

function storeCall(values: Partial<typeof bookings.$inferInsert> & { startsAt: Date }) {
  const [row] = db
    .insert(bookings)
    .values({
      uid: `${crypto.randomUUID()}@localhost`,
      endsAt: new Date(values.startsAt.getTime() + 30 * 60_000),
      fullName: "Dana Whitfield",
      email: "dana@example.org",
      company: "Whitfield Freight",
      topic: "Dispatch takes too long",
      visitorTimeZone: "Asia/Kolkata",
      ...values,
    })
    .returning()
    .all();
  if (!row) throw new Error("No booking stored");
  return row;
}

const validRules = {
  intent: "save-rules",
  monday: "9:00-12:00, 13:00-17:00",
  tuesday: "08:30 - 11:30",
  wednesday: "",
  thursday: "14:00-18:00",
  friday: "09:00-17:00",
  saturday: "",
  sunday: "",
  callMinutes: "45",
  startEveryMinutes: "15",
  noticeHours: "48",
  horizonDays: "21",
};

describe("the booking rules", () => {
  test("the form shows the stored rules: weekdays 09:00-17:00, 30-minute calls, 24 hours, 14 days", async () => {
    const page = await answer(settingsLoader, "/admin/bookings/settings");
    expect(page.status).toBe(200);
    expect(page.data?.rules).toEqual({
      monday: "09:00-17:00",
      tuesday: "09:00-17:00",
      wednesday: "09:00-17:00",
      thursday: "09:00-17:00",
      friday: "09:00-17:00",
      saturday: "",
      sunday: "",
      callMinutes: "30",
      startEveryMinutes: "30",
      noticeHours: "24",
      horizonDays: "14",
    });
    expect(page.data?.timeZone).toMatch(/^America\/Denver \(M[SD]T\)$/);
  });

  test.each([
    [
      "an end before its start",
      { monday: "17:00-09:00" },
      "monday",
      "17:00-09:00 ends before it starts.",
    ],
    [
      "periods that overlap",
      { tuesday: "09:00-12:00, 11:00-13:00" },
      "tuesday",
      "09:00-12:00 and 11:00-13:00 overlap.",
    ],
    [
      "words instead of times",
      { wednesday: "nine to five" },
      "wednesday",
      '"nine to five" is not a period: write each as 09:00-17:00, separated by commas.',
    ],
    [
      "an hour past the day",
      { friday: "23:00-25:00" },
      "friday",
      '"23:00-25:00" is not a period: write each as 09:00-17:00, separated by commas.',
    ],
    [
      "a period shorter than a call",
      { thursday: "09:00-09:30", callMinutes: "45" },
      "thursday",
      "09:00-09:30 is shorter than a call (45 minutes).",
    ],
    [
      "a call too short",
      { callMinutes: "5" },
      "callMinutes",
      "Please enter a call's length from 10 to 240 minutes.",
    ],
    ["a call length missing", { callMinutes: "" }, "callMinutes", "Please enter a call's length."],
    [
      "a grid of part minutes",
      { startEveryMinutes: "7.5" },
      "startEveryMinutes",
      "Please enter how often calls may start in whole minutes.",
    ],
    [
      "a horizon too far",
      { horizonDays: "365" },
      "horizonDays",
      "Please enter how far ahead from 1 to 90 days.",
    ],
    [
      "a notice as long as the horizon",
      { noticeHours: "504" },
      "noticeHours",
      "The notice must be shorter than how far ahead calls are offered (21 days).",
    ],
  ])(
    "%s is refused at its field with 400, and nothing is saved",
    async (_case, change, field, message) => {
      const before = readBookingSettings(db);
      const reply = await answer(settingsAction, "/admin/bookings/settings", {
        ...validRules,
        ...change,
      });
      expect(reply.status).toBe(400);
      expect(fieldErrors(reply)[field]).toEqual([message]);
      expect(readBookingSettings(db)).toEqual(before);
    },
  );

  test("rules that hold are saved whole, and the open times follow them at once", async () => {
    const reply = await answer(settingsAction, "/admin/bookings/settings", validRules);
    expect(reply).toMatchObject({
      status: 303,
      location: "/admin/bookings/settings",
      toast: { title: "Hours saved" },
    });
    const saved = readBookingSettings(db);
    expect(saved).toMatchObject({
      weeklyHours: {
        "0": [],
        "1": [
          ["09:00", "12:00"],
          ["13:00", "17:00"],
        ],
        "2": [["08:30", "11:30"]],
        "3": [],
        "4": [["14:00", "18:00"]],
        "5": [["09:00", "17:00"]],
        "6": [],
      },
      callMinutes: 45,
      startEveryMinutes: 15,
      noticeMinutes: 48 * 60,
      horizonDays: 21,
    });
    // A Saturday noon in Denver: 48 hours' notice leaves Monday afternoon, every 15 minutes
    // until the last 45-minute call that ends by 17:00; Tuesday morning likewise by 11:30; no
    // Wednesday; then Thursday from 14:00.
    const now = new Date("2026-11-28T19:00:00Z");
    const open = currentOpenTimes(db, now).map((time) => time.toISOString());
    expect(open.slice(0, 2)).toEqual(["2026-11-30T20:00:00.000Z", "2026-11-30T20:15:00.000Z"]);
    expect(open.slice(13, 15)).toEqual(["2026-11-30T23:15:00.000Z", "2026-12-01T15:30:00.000Z"]);
    expect(open.slice(23, 25)).toEqual(["2026-12-01T17:45:00.000Z", "2026-12-03T21:00:00.000Z"]);
    expect(Date.parse(open.at(-1) ?? "")).toBeLessThanOrEqual(now.getTime() + 21 * DAY);
    expect(Date.parse(open.at(-1) ?? "")).toBeGreaterThan(now.getTime() + 20 * DAY);

    const page = await answer(settingsLoader, "/admin/bookings/settings");
    expect(page.data?.rules).toMatchObject({
      monday: "09:00-12:00, 13:00-17:00",
      noticeHours: "48",
    });
  });
});

describe("days off", () => {
  const inDays = (days: number) => dayInZone(new Date(Date.now() + days * DAY), ZONE);

  test("a day off is added with its note, listed, keeps its times from visitors, and is removed", async () => {
    const day = inDays(5);
    const added = await answer(settingsAction, "/admin/bookings/settings", {
      intent: "add-day-off",
      day,
      note: "Team offsite",
    });
    expect(added).toMatchObject({ status: 303, toast: { title: "Day off added" } });
    expect(db.select().from(bookingDaysOff).where(eq(bookingDaysOff.day, day)).get()).toMatchObject(
      {
        note: "Team offsite",
      },
    );
    const page = await answer(settingsLoader, "/admin/bookings/settings");
    expect(page.data?.daysOff).toEqual(
      expect.arrayContaining([expect.objectContaining({ day, note: "Team offsite" })]),
    );
    expect(currentOpenTimes(db).some((time) => dayInZone(time, ZONE) === day)).toBe(false);

    const again = await answer(settingsAction, "/admin/bookings/settings", {
      intent: "add-day-off",
      day,
      note: "Twice",
    });
    expect(again.status).toBe(400);
    expect(fieldErrors(again).day).toEqual(["That day is already a day off."]);
    expect(db.select().from(bookingDaysOff).where(eq(bookingDaysOff.day, day)).get()?.note).toBe(
      "Team offsite",
    );

    const removed = await answer(settingsAction, "/admin/bookings/settings", {
      intent: "remove-day-off",
      day,
    });
    expect(removed).toMatchObject({ status: 303, toast: { title: "Day off removed" } });
    expect(
      db.select().from(bookingDaysOff).where(eq(bookingDaysOff.day, day)).get(),
    ).toBeUndefined();
    const twice = await answer(settingsAction, "/admin/bookings/settings", {
      intent: "remove-day-off",
      day,
    });
    expect(twice.status).toBe(404);
  });

  test.each([
    ["a day that has passed", { day: "2020-01-06" }, "That day has passed."],
    ["a day that does not exist", { day: "2027-02-31" }, "Please enter a day as YYYY-MM-DD."],
    ["no day", { day: "" }, "Please choose a day."],
    ["a note too long", { note: "x".repeat(201) }, "Please keep this under 200 characters."],
  ])("%s is refused with 400 and stores nothing", async (_case, change, message) => {
    const count = db.select().from(bookingDaysOff).all().length;
    const reply = await answer(settingsAction, "/admin/bookings/settings", {
      intent: "add-day-off",
      day: inDays(3),
      note: "",
      ...change,
    });
    expect(reply.status).toBe(400);
    expect(Object.values(fieldErrors(reply)).flat()).toEqual([message]);
    expect(db.select().from(bookingDaysOff).all()).toHaveLength(count);
  });
});

describe("the calls", () => {
  test("upcoming soonest first and past latest first, each with its assessment and messages", async () => {
    const answers = fullState.answers as Answers;
    const assessment = insertAssessmentSubmission(db, {
      contact: { ...contact, email: "list@example.org" },
      answers,
      score: scoreAssessment(answers),
      attribution: null,
      visitId: null,
    });
    db.insert(contactMessages)
      .values({
        fullName: "Ada",
        email: "LIST@example.org",
        message: "Can we talk about dispatch?",
      })
      .run();
    const now = Date.now();
    const later = storeCall({ startsAt: new Date(now + 3 * DAY), email: "list@example.org" });
    const sooner = storeCall({
      startsAt: new Date(now + 2 * DAY),
      email: "List@Example.org",
      assessmentSubmissionId: assessment.id,
    });
    const older = storeCall({ startsAt: new Date(now - 3 * DAY), email: "nobody@example.org" });
    const newer = storeCall({
      startsAt: new Date(now - 2 * DAY),
      status: "cancelled",
      cancelledBy: "visitor",
      cancelledAt: new Date(now - 4 * DAY),
    });

    const page = await answer(bookingsLoader, "/admin/bookings");
    const upcoming = page.data?.upcoming as BookingLead[];
    const past = page.data?.past as BookingLead[];
    expect(upcoming.map((call) => call.id)).toEqual([sooner.id, later.id]);
    expect(past.map((call) => call.id).filter((id) => [older.id, newer.id].includes(id))).toEqual([
      newer.id,
      older.id,
    ]);
    const score = scoreAssessment(answers).efficiencyScore;
    expect(upcoming[0]).toMatchObject({
      cancellable: true,
      assessment: { id: assessment.id, efficiencyScore: score },
      messages: [{ message: "Can we talk about dispatch?" }],
    });
    expect(upcoming[1]).toMatchObject({
      assessment: null,
      messages: [{ message: "Can we talk about dispatch?" }],
    });
    expect(past.find((call) => call.id === older.id)).toMatchObject({
      cancellable: false,
      messages: [],
    });
    expect(past.find((call) => call.id === newer.id)).toMatchObject({
      status: "cancelled",
      cancelledBy: "visitor",
    });

    // Without JavaScript, Cancel opens the question on the page; a past call has none.
    const asking = await answer(bookingsLoader, `/admin/bookings?cancel=${sooner.id}`);
    expect(asking.data?.cancelling).toMatchObject({ id: sooner.id });
    const pastAsk = await answer(bookingsLoader, `/admin/bookings?cancel=${older.id}`);
    expect(pastAsk.data?.cancelling).toBeUndefined();
  });

  test("staff cancel a call: a notice names it, the row says by staff, and its time is free again", async () => {
    const call = storeCall({
      startsAt: new Date(Date.now() + 4 * DAY),
      fullName: "Grace Hopper",
      company: "Compiler Works",
    });
    const reply = await answer(bookingsAction, "/admin/bookings", {
      intent: "cancel",
      id: String(call.id),
    });
    expect(reply).toMatchObject({
      status: 303,
      location: "/admin/bookings",
      toast: { title: "Call cancelled" },
    });
    expect(reply.toast?.description).toMatch(
      /^The call with Grace Hopper \(Compiler Works\) on .+ is cancelled; its time is offered again\.$/,
    );
    const stored = db.select().from(bookings).where(eq(bookings.id, call.id)).get();
    expect(stored).toMatchObject({ status: "cancelled", cancelledBy: "staff", sequence: 1 });

    const again = await answer(bookingsAction, "/admin/bookings", {
      intent: "cancel",
      id: String(call.id),
    });
    expect(again.status).toBe(409);
    const refusals: Record<string, string>[] = [
      { intent: "cancel", id: "999999" },
      { intent: "cancel" },
      { intent: "drop", id: String(call.id) },
    ];
    for (const form of refusals) {
      const refused = await answer(bookingsAction, "/admin/bookings", form);
      expect(refused.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
  });

  test("a stranger is sent to sign in and cannot cancel", async () => {
    const call = storeCall({ startsAt: new Date(Date.now() + 5 * DAY) });
    const stranger = new Request("http://localhost/admin/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "cancel", id: String(call.id) }),
    });
    await expect(bookingsAction(routeArgs(stranger) as never)).rejects.toMatchObject({
      init: { status: 401 },
    });
    expect(db.select().from(bookings).where(eq(bookings.id, call.id)).get()?.status).toBe(
      "confirmed",
    );
  });
});

describe("the bookings CSV", () => {
  test("every call, its times in UTC and on the firm's clock across a clock change, formulas inert", async () => {
    // Before and after Denver's spring change (2027-03-14): 09:00 is UTC-7, then UTC-6.
    const winter = storeCall({
      startsAt: new Date("2027-03-12T16:00:00Z"),
      fullName: '=HYPERLINK("https://evil.example","Click")',
      company: "+Acme",
      phone: "+1 303 555 0142",
      topic: "@SUM(A1:A2)",
    });
    const summer = storeCall({ startsAt: new Date("2027-03-15T15:00:00Z"), company: "Summer Co" });
    const response = (await exportLoader(
      routeArgs(request("/admin/leads/export/bookings"), { params: { kind: "bookings" } }) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const [header] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "ID,Starts at (UTC),Ends at (UTC),Starts at (America/Denver),Ends at (America/Denver),Status,Cancelled by,Cancelled at (UTC),Full name,Email,Company,Phone,Topic,Visitor's time zone,Assessment ID,Booked at (UTC)",
    );
    const rows = parseCsv(text.replace(/^\uFEFF/, ""));
    expect(rows.find((row) => row.ID === String(winter.id))).toMatchObject({
      "Starts at (UTC)": "2027-03-12T16:00:00.000Z",
      "Ends at (UTC)": "2027-03-12T16:30:00.000Z",
      "Starts at (America/Denver)": "2027-03-12T09:00:00-07:00",
      "Ends at (America/Denver)": "2027-03-12T09:30:00-07:00",
      Status: "confirmed",
      "Full name": `'=HYPERLINK("https://evil.example","Click")`,
      Company: "'+Acme",
      Phone: "'+1 303 555 0142",
      Topic: "'@SUM(A1:A2)",
      "Visitor's time zone": "Asia/Kolkata",
    });
    expect(rows.find((row) => row.ID === String(summer.id))).toMatchObject({
      "Starts at (UTC)": "2027-03-15T15:00:00.000Z",
      "Starts at (America/Denver)": "2027-03-15T09:00:00-06:00",
      Company: "Summer Co",
    });
    // Newest first, and every call stored, cancelled ones included.
    expect(rows.map((row) => Number(row.ID))).toEqual(
      db
        .select({ id: bookings.id })
        .from(bookings)
        .all()
        .map(({ id }) => id)
        .sort((a, b) => b - a),
    );
  });
});
