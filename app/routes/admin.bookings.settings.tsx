// The booking rules: the weekly hours, a call's length and grid, the notice and how far ahead calls
// are offered, and the days off. Visitors see the times these give at once.
import type { Route } from "./+types/admin.bookings.settings";
import { data, useActionData, useLoaderData } from "react-router";
import { ActionNotice } from "~/components/admin/action-notice";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  BookingRulesForm,
  DayOffForm,
  RemoveDayOffButton,
  bookingRulesFormValues,
  bookingSettingsSchemaFor,
} from "~/features/booking";
import {
  addDayOff,
  daysOff,
  readBookingSettings,
  removeDayOff,
  saveBookingRules,
} from "~/features/booking/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { parseForm, refusedAtField, refusedWithNotice } from "~/lib/form-action.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { siteConfig } from "~/lib/site-config.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { dayInZone, timeZoneLabel } from "~/lib/zoned-time";

export const headers = adminHeaders;
export const meta = adminMeta("Booking hours", "When visitors may book a discovery call.");

const SETTINGS_PATH = "/admin/bookings/settings";

/** "Thu, Nov 26, 2026": a calendar day in words, read in no zone, as it is one already. */
function dayInWords(day: string) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(new Date(`${day}T12:00:00Z`));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const now = new Date();
  const settings = readBookingSettings();
  return data(
    {
      rules: bookingRulesFormValues(settings),
      savedAt: settings.updatedAt.getTime(),
      // Days off that have passed change nothing, so only today's and later ones are listed.
      daysOff: daysOff(dayInZone(now, siteConfig.timeZone)).map(({ day, note }) => ({
        day,
        note,
        label: dayInWords(day),
      })),
      timeZone: timeZoneLabel(siteConfig.timeZone, now),
    },
    { headers: noStore },
  );
}

const saved = (title: string, description: string) =>
  redirectWithToast(SETTINGS_PATH, makeToast("success", title, description), { status: 303 });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const parsed = await parseForm(args, { schema: bookingSettingsSchemaFor, headers: noStore });
  if (parsed.refused) return parsed.refused;
  const { value, submission } = parsed;
  switch (value.intent) {
    case "save-rules": {
      const { intent: _intent, ...rules } = value;
      saveBookingRules(auditSource(admin, args.context), rules);
      logEvent("info", "booking_rules_saved", { by: admin.id });
      return saved("Hours saved", "Visitors are offered the times these rules give from now on.");
    }
    case "add-day-off": {
      if (value.day < dayInZone(new Date(), siteConfig.timeZone)) {
        return refusedAtField(submission, "day", "That day has passed.", noStore);
      }
      if (!addDayOff(auditSource(admin, args.context), value.day, value.note)) {
        return refusedAtField(submission, "day", "That day is already a day off.", noStore);
      }
      logEvent("info", "booking_day_off_added", { by: admin.id, day: value.day });
      return saved(
        "Day off added",
        `No calls are offered on ${dayInWords(value.day)}; calls booked before stay booked.`,
      );
    }
    case "remove-day-off": {
      if (!removeDayOff(auditSource(admin, args.context), value.day)) {
        return refusedWithNotice(404, "That day is not a day off.", noStore);
      }
      logEvent("info", "booking_day_off_removed", { by: admin.id, day: value.day });
      return saved("Day off removed", `Calls are offered on ${dayInWords(value.day)} again.`);
    }
  }
}

export default function BookingSettings() {
  const { rules, savedAt, daysOff: days, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage title="Booking hours" subtitle={`When visitors may book a call, in ${timeZone}.`}>
      <BackLink to="/admin/bookings">Back to Bookings</BackLink>
      <ActionNotice />
      <section aria-labelledby="booking-rules-heading" className="mt-8">
        <h2 id="booking-rules-heading" className="text-xl font-semibold text-navy">
          Hours and call length
        </h2>
        {/* Drawn afresh once saved, so the fields show the rules as stored ("9:00" as "09:00"). */}
        <BookingRulesForm
          key={savedAt}
          defaultValue={rules}
          lastResult={actionData?.result}
          timeZone={timeZone}
        />
      </section>
      <section aria-labelledby="days-off-heading" className="mt-12">
        <h2 id="days-off-heading" className="text-xl font-semibold text-navy">
          Days off
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          Whole days, in {timeZone}, on which no call is offered.
        </p>
        {/* Empty again once a day is added or removed, as it is without JavaScript. */}
        <DayOffForm
          key={days.map(({ day }) => day).join()}
          lastResult={actionData?.result}
          timeZone={timeZone}
        />
        {days.length === 0 ? (
          <p className="mt-6 text-ink-soft">No days off ahead.</p>
        ) : (
          <ul aria-label="Days off ahead" className="mt-6 max-w-2xl divide-y divide-line">
            {days.map((day) => (
              <li key={day.day} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span>
                  <span className="font-semibold text-navy">{day.label}</span>
                  {day.note ? <span className="block text-ink-soft">{day.note}</span> : null}
                </span>
                <RemoveDayOffButton day={day.day} label={day.label} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminPage>
  );
}
