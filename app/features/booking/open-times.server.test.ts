// The slot rules as tables: which starts a visitor is offered, read back on the firm's clock with
// Intl (not the module's own TZDate arithmetic), across hours, notice, horizon, days off, taken
// periods and the daylight-saving changes of 2027 in Denver and London, and in a zone without any.
import { describe, expect, test } from "vitest";
import type { WeeklyHours } from "~/db/schema";
import {
  minutesOfWallTime,
  nearestOpenTimes,
  openTimes,
  type BookingRules,
  type OpenTimesInput,
  type Period,
} from "./open-times.server";

const DENVER = "America/Denver";
const LONDON = "Europe/London";
const KOLKATA = "Asia/Kolkata";

const noHours: WeeklyHours = { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] };
const weekdays = (...periods: [string, string][]): WeeklyHours => ({
  ...noHours,
  "1": periods,
  "2": periods,
  "3": periods,
  "4": periods,
  "5": periods,
});

/** What a fresh install offers (drizzle/0023_booking.sql). */
const freshInstall: BookingRules = {
  weeklyHours: weekdays(["09:00", "17:00"]),
  callMinutes: 30,
  startEveryMinutes: 30,
  noticeMinutes: 1440,
  horizonDays: 14,
};

/** The input to vary, with rules given only where they differ from a fresh install's. */
type Variation = Partial<Omit<OpenTimesInput, "rules">> & { rules?: Partial<BookingRules> };

function offered(input: Variation) {
  return openTimes({
    timeZone: DENVER,
    now: new Date("2026-12-01T17:00:00Z"),
    daysOff: new Set(),
    taken: [],
    ...input,
    rules: { ...freshInstall, ...input.rules },
  });
}

const iso = (times: readonly Date[]) => times.map((time) => time.toISOString());

/** An instant as the firm's clock shows it: its day "2026-12-02" and time "10:00". */
function clock(time: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(time);
  const part = (type: string) => parts.find((each) => each.type === type)?.value;
  return {
    day: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}

/** The times as the firm's clock shows them, by day: `{ "2026-12-02": ["10:00", ...] }`. */
function onTheClock(times: readonly Date[], timeZone = DENVER) {
  const days: Record<string, string[]> = {};
  for (const each of times) {
    const { day, time } = clock(each, timeZone);
    (days[day] ??= []).push(time);
  }
  return days;
}

/** Wall times from `from` up to, not including, `to`, every `every` minutes: "09:00", "09:30"... */
function clockTimes(from: string, to: string, every = 30) {
  const [fromHour = 0, fromMinute = 0] = from.split(":").map(Number);
  const [toHour = 0, toMinute = 0] = to.split(":").map(Number);
  const times: string[] = [];
  for (let at = fromHour * 60 + fromMinute; at < toHour * 60 + toMinute; at += every) {
    times.push(
      `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`,
    );
  }
  return times;
}

const period = (start: string, end: string): Period => ({
  start: new Date(start).getTime(),
  end: new Date(end).getTime(),
});

describe("minutesOfWallTime", () => {
  test.each([
    ["00:00", 0],
    ["09:00", 540],
    ["09:30", 570],
    ["23:59", 1439],
    ["24:00", 1440],
    ["24:30", undefined],
    ["25:00", undefined],
    ["09:60", undefined],
    ["9:30", undefined],
    ["09:30:00", undefined],
    [" 09:30", undefined],
    ["09h30", undefined],
    ["", undefined],
  ])("%j is %j minutes after midnight", (wall, minutes) => {
    expect(minutesOfWallTime(wall)).toBe(minutes);
  });
});

describe("a fresh install's rules", () => {
  // Tuesday 1 December 2026, 10:00 in Denver (MST): the first start is a day later, the last one
  // 14 days later at the same time.
  const times = offered({ now: new Date("2026-12-01T17:00:00Z") });

  test("offer weekdays 09:00 to 17:00, on the hour and half hour, from 24 h to 14 days ahead", () => {
    const fullDay = clockTimes("09:00", "17:00");
    expect(fullDay).toHaveLength(16);
    expect(onTheClock(times)).toEqual({
      "2026-12-02": clockTimes("10:00", "17:00"),
      "2026-12-03": fullDay,
      "2026-12-04": fullDay,
      "2026-12-07": fullDay,
      "2026-12-08": fullDay,
      "2026-12-09": fullDay,
      "2026-12-10": fullDay,
      "2026-12-11": fullDay,
      "2026-12-14": fullDay,
      "2026-12-15": ["09:00", "09:30", "10:00"],
    });
    expect(times).toHaveLength(14 + 16 * 8 + 3);
  });

  test("the first start is exactly 24 hours away and the last exactly 14 days away", () => {
    expect(times[0]?.toISOString()).toBe("2026-12-02T17:00:00.000Z");
    expect(times.at(-1)?.toISOString()).toBe("2026-12-15T17:00:00.000Z");
  });

  test("the last call of a day ends at 17:00: 16:30 MST is 23:30 UTC", () => {
    expect(iso(times)).toContain("2026-12-03T23:30:00.000Z");
    expect(iso(times)).not.toContain("2026-12-04T00:00:00.000Z");
  });

  test("are in order, none of them twice", () => {
    const instants = times.map((time) => time.getTime());
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    expect(new Set(instants).size).toBe(instants.length);
  });

  test("on a Friday afternoon, the weekend is closed and Monday 09:00 comes first", () => {
    const fromFriday = offered({ now: new Date("2026-12-04T19:00:00Z") });
    expect(fromFriday[0]?.toISOString()).toBe("2026-12-07T16:00:00.000Z");
    const days = Object.keys(onTheClock(fromFriday));
    expect(days).not.toContain("2026-12-05");
    expect(days).not.toContain("2026-12-06");
    expect(days).not.toContain("2026-12-12");
    expect(days).not.toContain("2026-12-13");
  });
});

describe("notice and horizon, at their edges", () => {
  // Tuesday 1 December 2026, 09:00 MST exactly.
  const nine = new Date("2026-12-01T16:00:00Z");
  const cases: [label: string, now: Date, first: string, last: string][] = [
    [
      "a start exactly 24 hours and exactly 14 days away is offered",
      nine,
      "2026-12-02T16:00:00.000Z",
      "2026-12-15T16:00:00.000Z",
    ],
    [
      "a millisecond later, the first is half an hour on; the last stays (within 14 days)",
      new Date(nine.getTime() + 1),
      "2026-12-02T16:30:00.000Z",
      "2026-12-15T16:00:00.000Z",
    ],
    [
      "a millisecond earlier, the first stays; 14 days on is a millisecond too far",
      new Date(nine.getTime() - 1),
      "2026-12-02T16:00:00.000Z",
      "2026-12-14T23:30:00.000Z",
    ],
  ];
  test.each(cases)("%s", (_label, now, first, last) => {
    const times = offered({ now });
    expect(times[0]?.toISOString()).toBe(first);
    expect(times.at(-1)?.toISOString()).toBe(last);
  });

  test("without notice, the next start of today is offered, never one already begun", () => {
    const times = offered({
      now: new Date("2026-12-01T17:15:00Z"),
      rules: { noticeMinutes: 0, horizonDays: 1 },
    });
    expect(onTheClock(times)).toEqual({
      "2026-12-01": clockTimes("10:30", "17:00"),
      "2026-12-02": ["09:00", "09:30", "10:00"],
    });
  });

  test("a horizon of 0 days offers nothing past the notice", () => {
    expect(offered({ rules: { horizonDays: 0 } })).toEqual([]);
  });
});

describe("weekly hours", () => {
  const now = new Date("2026-12-06T17:00:00Z"); // Sunday 6 December, 10:00 MST
  const monday = (rules: Partial<BookingRules>) =>
    onTheClock(offered({ now, rules: { noticeMinutes: 0, horizonDays: 2, ...rules } }))[
      "2026-12-07"
    ];

  test.each<[label: string, rules: Partial<BookingRules>, expected: string[] | undefined]>([
    [
      "two periods with a lunch break",
      { weeklyHours: weekdays(["09:00", "12:00"], ["13:00", "15:00"]) },
      [...clockTimes("09:00", "12:00"), ...clockTimes("13:00", "15:00")],
    ],
    [
      "overlapping periods offer each start once",
      { weeklyHours: weekdays(["09:00", "11:00"], ["10:00", "12:00"]) },
      clockTimes("09:00", "12:00"),
    ],
    [
      "a period given late first still comes out in order",
      { weeklyHours: weekdays(["14:00", "15:00"], ["09:00", "10:00"]) },
      ["09:00", "09:30", "14:00", "14:30"],
    ],
    [
      "an end that does not fit a whole call: 09:00 to 10:40 with 30-minute calls",
      { weeklyHours: weekdays(["09:00", "10:40"]) },
      ["09:00", "09:30", "10:00"],
    ],
    [
      "45-minute calls every 30 minutes, 09:00 to 11:00: the last ends at 10:45",
      { weeklyHours: weekdays(["09:00", "11:00"]), callMinutes: 45 },
      ["09:00", "09:30", "10:00"],
    ],
    [
      "hour-long calls on the hour",
      { callMinutes: 60, startEveryMinutes: 60 },
      clockTimes("09:00", "17:00", 60),
    ],
    [
      "20-minute calls every 15 minutes: a call may end exactly at closing",
      { weeklyHours: weekdays(["09:00", "10:05"]), callMinutes: 20, startEveryMinutes: 15 },
      ["09:00", "09:15", "09:30", "09:45"],
    ],
    [
      "the start grid counts from the period's start, not the hour",
      { weeklyHours: weekdays(["09:10", "10:30"]), callMinutes: 20 },
      ["09:10", "09:40", "10:10"],
    ],
    [
      "a period to midnight (24:00)",
      { weeklyHours: weekdays(["22:00", "24:00"]) },
      ["22:00", "22:30", "23:00", "23:30"],
    ],
    [
      "a period shorter than a call offers nothing",
      { weeklyHours: weekdays(["09:00", "09:20"]) },
      undefined,
    ],
    [
      "a period that ends before it starts offers nothing",
      { weeklyHours: weekdays(["17:00", "09:00"]) },
      undefined,
    ],
    [
      "a period with a time that is not one is skipped, the others kept",
      { weeklyHours: weekdays(["9:00", "12:00"], ["13:00", "14:00"]) },
      ["13:00", "13:30"],
    ],
  ])("%s", (_label, rules, expected) => {
    expect(monday(rules)).toEqual(expected);
  });

  test("Saturday and Sunday open when staff give them hours", () => {
    const times = offered({
      now: new Date("2026-12-04T17:00:00Z"), // Friday 10:00 MST
      rules: {
        weeklyHours: { ...noHours, "6": [["10:00", "11:00"]], "0": [["12:00", "13:00"]] },
        noticeMinutes: 0,
        horizonDays: 3,
      },
    });
    expect(onTheClock(times)).toEqual({
      "2026-12-05": ["10:00", "10:30"],
      "2026-12-06": ["12:00", "12:30"],
    });
  });
});

describe("days off and taken periods", () => {
  const now = new Date("2026-12-01T17:00:00Z"); // Tuesday 10:00 MST
  const wednesday = (input: Variation) => onTheClock(offered({ now, ...input }))["2026-12-02"];

  test("a day off offers nothing that day and leaves the days around it", () => {
    const days = onTheClock(offered({ now, daysOff: new Set(["2026-12-03"]) }));
    expect(days["2026-12-03"]).toBeUndefined();
    expect(days["2026-12-02"]).toEqual(clockTimes("10:00", "17:00"));
    expect(days["2026-12-04"]).toEqual(clockTimes("09:00", "17:00"));
  });

  test("a day off is a day on the firm's clock, not in UTC", () => {
    // 19:30 MST on Monday the 7th is 02:30 UTC on Tuesday the 8th.
    const times = offered({
      now,
      rules: { weeklyHours: weekdays(["18:00", "20:00"]) },
      daysOff: new Set(["2026-12-08"]),
    });
    expect(iso(times)).toContain("2026-12-08T02:30:00.000Z");
    expect(onTheClock(times)["2026-12-08"]).toBeUndefined();
  });

  test.each<[label: string, taken: Period[], expected: string[]]>([
    [
      "a booked call takes its own time; back to back is not overlapping",
      [period("2026-12-02T18:00:00Z", "2026-12-02T18:30:00Z")],
      clockTimes("10:00", "17:00").filter((time) => time !== "11:00"),
    ],
    [
      "a busy event overlapping partly takes every time it touches",
      [period("2026-12-02T18:10:00Z", "2026-12-02T19:05:00Z")],
      clockTimes("10:00", "17:00").filter((time) => !["11:00", "11:30", "12:00"].includes(time)),
    ],
    [
      "a busy event ending as a call begins, or beginning as it ends, takes nothing more",
      [
        period("2026-12-02T17:00:00Z", "2026-12-02T17:30:00Z"),
        period("2026-12-02T23:30:00Z", "2026-12-03T00:00:00Z"),
      ],
      clockTimes("10:30", "16:30"),
    ],
    [
      "a busy event inside a call's half hour takes it",
      [period("2026-12-02T20:10:00Z", "2026-12-02T20:11:00Z")],
      clockTimes("10:00", "17:00").filter((time) => time !== "13:00"),
    ],
  ])("%s", (_label, taken, expected) => {
    expect(wednesday({ taken })).toEqual(expected);
  });

  test("a taken period spanning days closes all of them", () => {
    const days = onTheClock(
      offered({ now, taken: [period("2026-12-03T00:00:00Z", "2026-12-05T00:00:00Z")] }),
    );
    // 17:00 MST on the 2nd to 17:00 MST on the 4th.
    expect(days["2026-12-02"]).toEqual(clockTimes("10:00", "17:00"));
    expect(days["2026-12-03"]).toBeUndefined();
    expect(days["2026-12-04"]).toBeUndefined();
    expect(days["2026-12-07"]).toEqual(clockTimes("09:00", "17:00"));
  });

  test("with hour-long calls every half hour, a booked hour takes the start before it too", () => {
    expect(
      wednesday({
        rules: { callMinutes: 60 },
        taken: [period("2026-12-02T20:00:00Z", "2026-12-02T21:00:00Z")],
      }),
    ).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
    ]);
  });
});

describe("daylight saving in America/Denver", () => {
  test("across 14 March 2027, 09:00 stays 09:00 on the clock: UTC moves an hour earlier", () => {
    const times = offered({
      now: new Date("2027-03-11T17:00:00Z"), // Thursday 10:00 MST
      rules: { noticeMinutes: 0, horizonDays: 6 },
    });
    const days = onTheClock(times);
    for (const day of ["2027-03-12", "2027-03-15", "2027-03-16"]) {
      expect(days[day]).toEqual(clockTimes("09:00", "17:00"));
    }
    expect(iso(times)).toEqual(
      expect.arrayContaining([
        "2027-03-12T16:00:00.000Z", // Friday 09:00 MST (UTC-7)
        "2027-03-12T23:30:00.000Z", // Friday 16:30 MST
        "2027-03-15T15:00:00.000Z", // Monday 09:00 MDT (UTC-6)
        "2027-03-15T22:30:00.000Z", // Monday 16:30 MDT
      ]),
    );
    expect(iso(times)).not.toContain("2027-03-15T23:30:00.000Z");
  });

  test("across 7 November 2027, 09:00 stays 09:00 on the clock: UTC moves an hour later", () => {
    const times = offered({
      now: new Date("2027-11-04T16:00:00Z"), // Thursday 10:00 MDT
      rules: { noticeMinutes: 0, horizonDays: 6 },
    });
    const days = onTheClock(times);
    for (const day of ["2027-11-05", "2027-11-08", "2027-11-09"]) {
      expect(days[day]).toEqual(clockTimes("09:00", "17:00"));
    }
    expect(iso(times)).toEqual(
      expect.arrayContaining([
        "2027-11-05T15:00:00.000Z", // Friday 09:00 MDT
        "2027-11-08T16:00:00.000Z", // Monday 09:00 MST
        "2027-11-08T23:30:00.000Z", // Monday 16:30 MST
      ]),
    );
  });

  const sundayNight = (now: string, hours: [string, string]) =>
    iso(
      offered({
        now: new Date(now),
        rules: { weeklyHours: { ...noHours, "0": [hours] }, noticeMinutes: 0, horizonDays: 1 },
      }),
    );

  test("on 14 March, 02:00 to 02:59 do not exist and are not offered", () => {
    // 00:00 to 04:00 on the clock, which jumps from 01:59 MST to 03:00 MDT.
    expect(sundayNight("2027-03-14T06:00:00Z", ["00:00", "04:00"])).toEqual([
      "2027-03-14T07:00:00.000Z", // 00:00 MST
      "2027-03-14T07:30:00.000Z", // 00:30 MST
      "2027-03-14T08:00:00.000Z", // 01:00 MST
      "2027-03-14T08:30:00.000Z", // 01:30 MST, ending as the clock jumps
      "2027-03-14T09:00:00.000Z", // 03:00 MDT
      "2027-03-14T09:30:00.000Z", // 03:30 MDT
    ]);
  });

  test("on 14 March, a period ending at 02:30 (a time that does not exist) ends at the jump", () => {
    expect(sundayNight("2027-03-14T06:00:00Z", ["00:00", "02:30"])).toEqual([
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T08:00:00.000Z",
      "2027-03-14T08:30:00.000Z",
    ]);
  });

  test("on 14 March, an hour-long call may not run past a period's end that does not exist", () => {
    const times = offered({
      now: new Date("2027-03-14T06:00:00Z"),
      rules: {
        weeklyHours: { ...noHours, "0": [["00:00", "02:30"]] },
        callMinutes: 60,
        noticeMinutes: 0,
        horizonDays: 1,
      },
    });
    // 01:30 MST to 03:30 MDT would be an hour past the jump.
    expect(iso(times)).toEqual([
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T08:00:00.000Z",
    ]);
  });

  test("on 7 November, 01:00 to 01:59 come twice and are offered once", () => {
    // The clock goes from 01:59 MDT back to 01:00 MST.
    const times = sundayNight("2027-11-07T06:00:00Z", ["00:00", "03:00"]);
    expect(times).toEqual([
      "2027-11-07T06:00:00.000Z", // 00:00 MDT
      "2027-11-07T06:30:00.000Z", // 00:30 MDT
      "2027-11-07T07:00:00.000Z", // 01:00 MDT, the first 01:00
      "2027-11-07T07:30:00.000Z", // 01:30 MDT
      "2027-11-07T09:00:00.000Z", // 02:00 MST
      "2027-11-07T09:30:00.000Z", // 02:30 MST
    ]);
    expect(onTheClock(times.map((time) => new Date(time)))).toEqual({
      "2027-11-07": clockTimes("00:00", "03:00"),
    });
  });

  test("24 hours' notice is 24 hours, not the same clock time, across 14 March", () => {
    const times = offered({
      now: new Date("2027-03-13T16:00:00Z"), // Saturday 09:00 MST
      rules: { weeklyHours: { ...noHours, "0": [["09:00", "12:00"]] }, horizonDays: 2 },
    });
    // 24 hours later is Sunday 10:00 MDT.
    expect(onTheClock(times)).toEqual({ "2027-03-14": ["10:00", "10:30", "11:00", "11:30"] });
  });

  test.each([
    // Monday 10:00 MST, 8 March; 14 days on is Monday 22 March, 10:00 MDT.
    ["spring", "2027-03-08T17:00:00Z", "2027-03-22T16:00:00.000Z"],
    // Monday 10:00 MDT, 1 November; 14 days on is Monday 15 November, 10:00 MST.
    ["autumn", "2027-11-01T16:00:00Z", "2027-11-15T17:00:00.000Z"],
  ])(
    "across the %s change, 14 days ahead ends at the same time on the clock",
    (_season, now, last) => {
      const times = offered({ now: new Date(now) });
      expect(times.at(-1)?.toISOString()).toBe(last);
    },
  );
});

describe("daylight saving in Europe/London", () => {
  test("on 28 March 2027, 01:00 to 01:59 do not exist and are not offered", () => {
    const times = offered({
      timeZone: LONDON,
      now: new Date("2027-03-27T23:00:00Z"),
      rules: {
        weeklyHours: { ...noHours, "0": [["00:00", "03:00"]] },
        noticeMinutes: 0,
        horizonDays: 1,
      },
    });
    expect(iso(times)).toEqual([
      "2027-03-28T00:00:00.000Z", // 00:00 GMT
      "2027-03-28T00:30:00.000Z", // 00:30 GMT, ending as the clock jumps
      "2027-03-28T01:00:00.000Z", // 02:00 BST
      "2027-03-28T01:30:00.000Z", // 02:30 BST
    ]);
  });

  test("across 28 March 2027, 09:00 stays 09:00 on the clock", () => {
    const times = offered({
      timeZone: LONDON,
      now: new Date("2027-03-25T10:00:00Z"), // Thursday 10:00 GMT
      rules: { noticeMinutes: 0, horizonDays: 5 },
    });
    expect(onTheClock(times, LONDON)["2027-03-29"]).toEqual(clockTimes("09:00", "17:00"));
    expect(iso(times)).toEqual(
      expect.arrayContaining(["2027-03-26T09:00:00.000Z", "2027-03-29T08:00:00.000Z"]),
    );
  });
});

describe("a firm in Asia/Kolkata, which has no daylight saving", () => {
  const times = offered({
    timeZone: KOLKATA,
    now: new Date("2027-03-08T04:30:00Z"), // Monday 10:00 IST
    rules: { horizonDays: 28 },
  });

  test("09:00 IST is 03:30 UTC on every weekday, through Denver's and London's changes", () => {
    const nines = times.filter((time) => clock(time, KOLKATA).time === "09:00");
    expect(nines.length).toBeGreaterThan(15);
    expect(nines.every((time) => time.toISOString().endsWith("T03:30:00.000Z"))).toBe(true);
    expect(iso(times)).toEqual(
      expect.arrayContaining([
        "2027-03-12T03:30:00.000Z",
        "2027-03-15T03:30:00.000Z",
        "2027-03-29T03:30:00.000Z",
      ]),
    );
  });

  test("its days are its own: Saturday in Kolkata is closed though it is Friday in UTC at first", () => {
    // Friday 16:30 IST is 11:00 UTC; Saturday 00:30 IST (Friday 19:00 UTC) would be open in UTC.
    const days = onTheClock(times, KOLKATA);
    expect(days["2027-03-12"]?.at(-1)).toBe("16:30");
    expect(days["2027-03-13"]).toBeUndefined();
    expect(days["2027-03-14"]).toBeUndefined();
  });

  test("the horizon is 28 days to the minute: Monday 5 April 10:00 IST is the last", () => {
    expect(times.at(-1)?.toISOString()).toBe("2027-04-05T04:30:00.000Z");
  });
});

describe("nearestOpenTimes", () => {
  const open = ["09:00", "09:30", "11:00", "11:30", "14:00"].map(
    (time) => new Date(`2026-12-02T${time}:00Z`),
  );
  test.each<[label: string, wanted: string, count: number | undefined, expected: string[]]>([
    [
      "three around a taken time, in order of time",
      "10:00",
      undefined,
      ["09:00", "09:30", "11:00"],
    ],
    ["a tie goes to the earlier time", "10:15", 2, ["09:30", "11:00"]],
    ["an open time is its own nearest", "11:00", 1, ["11:00"]],
    ["before all of them, the first ones", "06:00", 2, ["09:00", "09:30"]],
    ["after all of them, the last ones", "18:00", 2, ["11:30", "14:00"]],
    ["no more than there are", "12:00", 10, ["09:00", "09:30", "11:00", "11:30", "14:00"]],
  ])("%s", (_label, wanted, count, expected) => {
    const nearest = nearestOpenTimes(new Date(`2026-12-02T${wanted}:00Z`), open, count);
    expect(nearest.map((time) => time.toISOString().slice(11, 16))).toEqual(expected);
  });

  test("nothing open, nothing near; the list given is left as it was", () => {
    expect(nearestOpenTimes(new Date(), [])).toEqual([]);
    const given = [...open].reverse();
    nearestOpenTimes(open[2]!, given);
    expect(given).toEqual([...open].reverse());
  });
});
