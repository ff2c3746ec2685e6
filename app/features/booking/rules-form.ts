// The staff's forms for the booking rules and days off: one zod schema each, read by conform in the
// browser and by the action on the server. Safe in the browser.
import { z } from "zod";
import type { WeeklyHours } from "~/db/schema";
import { NO_CONTROL_CHARACTERS_BUT_WHITESPACE, ONE_VALUE } from "~/lib/form-fields";

export const SAVE_RULES_INTENT = "save-rules";
export const ADD_DAY_OFF_INTENT = "add-day-off";
export const REMOVE_DAY_OFF_INTENT = "remove-day-off";

/** The weekdays as the form lists them, Monday first, with their key in `WeeklyHours`. */
export const WEEKDAYS = [
  { field: "monday", label: "Monday", key: "1" },
  { field: "tuesday", label: "Tuesday", key: "2" },
  { field: "wednesday", label: "Wednesday", key: "3" },
  { field: "thursday", label: "Thursday", key: "4" },
  { field: "friday", label: "Friday", key: "5" },
  { field: "saturday", label: "Saturday", key: "6" },
  { field: "sunday", label: "Sunday", key: "0" },
] as const;

type WeekdayField = (typeof WEEKDAYS)[number]["field"];

/** What each number may be: wide enough for any firm, narrow enough that a typo is caught. */
export const RULE_LIMITS = {
  callMinutes: { min: 10, max: 240 },
  startEveryMinutes: { min: 5, max: 240 },
  noticeHours: { min: 0, max: 720 },
  horizonDays: { min: 1, max: 90 },
} as const;

export const PERIODS_MAX_LENGTH = 200;
export const NOTE_MAX_LENGTH = 200;

const PERIOD = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, "0");

type ParsedPeriod = { from: string; to: string; start: number; end: number };

/** "9:00-12:00, 13:00-17:00" as periods in minutes of the day; an empty text is a closed day. */
function parsePeriods(text: string): ParsedPeriod[] | string {
  const pieces = text
    .split(/[,;]/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const periods: ParsedPeriod[] = [];
  for (const piece of pieces) {
    const parts = PERIOD.exec(piece);
    const [fromHour, fromMinute, toHour, toMinute] = (parts?.slice(1) ?? []).map(Number);
    if (
      fromHour === undefined ||
      fromMinute === undefined ||
      toHour === undefined ||
      toMinute === undefined ||
      fromHour > 23 ||
      fromMinute > 59 ||
      toMinute > 59 ||
      toHour > 24 ||
      (toHour === 24 && toMinute > 0)
    ) {
      return `"${piece}" is not a period: write each as 09:00-17:00, separated by commas.`;
    }
    const from = `${pad(fromHour)}:${pad(fromMinute)}`;
    const to = `${pad(toHour)}:${pad(toMinute)}`;
    const start = fromHour * 60 + fromMinute;
    const end = toHour * 60 + toMinute;
    if (end <= start) return `${from}-${to} ends before it starts.`;
    periods.push({ from, to, start, end });
  }
  periods.sort((a, b) => a.start - b.start);
  for (const [index, period] of periods.entries()) {
    const before = periods[index - 1];
    if (before && period.start < before.end) {
      return `${before.from}-${before.to} and ${period.from}-${period.to} overlap.`;
    }
  }
  return periods;
}

const periodsField = z
  .string({ error: ONE_VALUE })
  .max(PERIODS_MAX_LENGTH, `Please keep this under ${PERIODS_MAX_LENGTH} characters.`)
  .optional()
  .transform((text, context) => {
    const parsed = parsePeriods(text ?? "");
    if (typeof parsed === "string") {
      context.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

function wholeNumber(name: string, { min, max }: { min: number; max: number }, unit: string) {
  const outside = `Please enter ${name} from ${min} to ${max} ${unit}.`;
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `Please enter ${name}.` : outside),
    })
    .int(`Please enter ${name} in whole ${unit}.`)
    .min(min, outside)
    .max(max, outside);
}

const weekdayFields = Object.fromEntries(
  WEEKDAYS.map(({ field }) => [field, periodsField]),
) as Record<WeekdayField, typeof periodsField>;

export const bookingRulesSchema = z
  .object({
    intent: z.literal(SAVE_RULES_INTENT),
    ...weekdayFields,
    callMinutes: wholeNumber("a call's length", RULE_LIMITS.callMinutes, "minutes"),
    startEveryMinutes: wholeNumber(
      "how often calls may start",
      RULE_LIMITS.startEveryMinutes,
      "minutes",
    ),
    noticeHours: wholeNumber("the notice", RULE_LIMITS.noticeHours, "hours"),
    horizonDays: wholeNumber("how far ahead", RULE_LIMITS.horizonDays, "days"),
  })
  .superRefine((rules, context) => {
    // A period that cannot hold one call would offer nothing, which is never what was meant.
    for (const { field } of WEEKDAYS) {
      const short = rules[field].find((period) => period.end - period.start < rules.callMinutes);
      if (short) {
        context.addIssue({
          code: "custom",
          path: [field],
          message: `${short.from}-${short.to} is shorter than a call (${rules.callMinutes} minutes).`,
        });
      }
    }
    if (rules.noticeHours >= rules.horizonDays * 24) {
      context.addIssue({
        code: "custom",
        path: ["noticeHours"],
        message: `The notice must be shorter than how far ahead calls are offered (${rules.horizonDays} days).`,
      });
    }
  })
  .transform((rules) => ({
    intent: rules.intent,
    weeklyHours: Object.fromEntries(
      WEEKDAYS.map(({ field, key }) => [
        key,
        rules[field].map(({ from, to }): [string, string] => [from, to]),
      ]),
    ) as WeeklyHours,
    callMinutes: rules.callMinutes,
    startEveryMinutes: rules.startEveryMinutes,
    noticeMinutes: rules.noticeHours * 60,
    horizonDays: rules.horizonDays,
  }));

/** The rules form's fields as text, as the form shows them. */
export type BookingRulesFields = Record<
  WeekdayField | "callMinutes" | "startEveryMinutes" | "noticeHours" | "horizonDays",
  string
>;

/** The stored rules as the form's fields show them. */
export function bookingRulesFormValues(rules: {
  weeklyHours: WeeklyHours;
  callMinutes: number;
  startEveryMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
}): BookingRulesFields {
  return {
    ...(Object.fromEntries(
      WEEKDAYS.map(({ field, key }) => [
        field,
        (rules.weeklyHours[key] ?? []).map(([from, to]) => `${from}-${to}`).join(", "),
      ]),
    ) as Record<WeekdayField, string>),
    callMinutes: String(rules.callMinutes),
    startEveryMinutes: String(rules.startEveryMinutes),
    noticeHours: String(Math.round(rules.noticeMinutes / 60)),
    horizonDays: String(rules.horizonDays),
  };
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists: "2026-02-31" is refused rather than rolled into March. */
function isCalendarDay(value: string) {
  if (!CALENDAR_DAY.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dayField = z
  .string({ error: (issue) => (issue.input === undefined ? "Please choose a day." : ONE_VALUE) })
  .trim()
  .refine(isCalendarDay, "Please enter a day as YYYY-MM-DD.");

export const dayOffSchema = z.object({
  intent: z.literal(ADD_DAY_OFF_INTENT),
  day: dayField,
  note: z
    .string({ error: ONE_VALUE })
    .trim()
    .max(NOTE_MAX_LENGTH, `Please keep this under ${NOTE_MAX_LENGTH} characters.`)
    .regex(NO_CONTROL_CHARACTERS_BUT_WHITESPACE, "This contains characters that are not allowed.")
    .optional()
    .transform((note) => note ?? ""),
});

const removeDayOffSchema = z.object({
  intent: z.literal(REMOVE_DAY_OFF_INTENT),
  day: dayField,
});

/** The schema of the form a post came from, told by its intent. */
export function bookingSettingsSchemaFor(formData: FormData) {
  const intent = formData.get("intent");
  if (intent === ADD_DAY_OFF_INTENT) return dayOffSchema;
  if (intent === REMOVE_DAY_OFF_INTENT) return removeDayOffSchema;
  return bookingRulesSchema;
}
