// Calendars for bookings: the staff calendars whose events block call times (added by their secret
// address, read now, removed after asking), and the private feed of the calls with its address.
import type { Route } from "./+types/admin.bookings.calendars";
import { data, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { ToastNotice } from "~/components/ui/toast-notice";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  ADD_CALENDAR_INTENT,
  AddCalendarForm,
  CALENDARS_PATH,
  CALENDAR_INTENTS,
  CalendarSources,
  PrivateFeed,
  REMOVE_CALENDAR_QUERY,
  REPLACE_FEED_INTENT,
  REPLACE_FEED_QUERY,
  RemoveCalendarConfirmation,
  ReplaceFeedConfirmation,
  calendarSchema,
} from "~/features/booking";
import {
  addCalendarSource,
  listCalendarSources,
  readBookingSettings,
  refreshCalendarSource,
  removeCalendarSource,
  replaceFeedSecret,
} from "~/features/booking/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { pressedButton } from "~/lib/button-form.server";
import {
  parseFields,
  readForm,
  refusedAtField,
  refusedForm,
  refusedWithNotice,
} from "~/lib/form-action.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { countOf } from "~/lib/plural";
import { siteConfig } from "~/lib/site-config.server";
import { makeToast, type Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta(
  "Calendars",
  "The staff calendars that block call times, and the private feed of the calls.",
);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const calendars = listCalendarSources();
  const removingId = Number(url.searchParams.get(REMOVE_CALENDAR_QUERY));
  const { feedSecret } = readBookingSettings();
  return data(
    {
      calendars,
      removing: calendars.find(({ id }) => id === removingId),
      replacingFeed: url.searchParams.has(REPLACE_FEED_QUERY),
      feedUrl: `${siteConfig.origin}/calendar/${feedSecret}.ics`,
    },
    { headers: noStore },
  );
}

const BUTTONS_ONLY = "Please use the buttons on this page.";

const done = (toast: Toast) => redirectWithToast(CALENDARS_PATH, toast, { status: 303 });

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused, noStore);
  if (read.formData.get("intent") === ADD_CALENDAR_INTENT) {
    const parsed = parseFields(read.formData, calendarSchema, { headers: noStore });
    if (parsed.refused) return parsed.refused;
    const added = await addCalendarSource(auditSource(admin, args.context), parsed.value);
    if (added.outcome === "refused") {
      return refusedAtField(parsed.submission, "url", added.reason, noStore);
    }
    const { source } = added;
    logEvent("info", "calendar_source_added", { by: admin.id, sourceId: source.id });
    const { horizonDays } = readBookingSettings();
    return done(
      makeToast(
        "success",
        "Calendar added",
        `${source.label}: ${countOf(source.busyCount, "busy period")} in the next ${horizonDays} days now block call times.`,
      ),
    );
  }
  const form = pressedButton(read.formData, {
    intents: CALENDAR_INTENTS,
    intentsWithoutId: [REPLACE_FEED_INTENT],
    refusal: BUTTONS_ONLY,
  });
  if ("refused" in form) return refusedWithNotice(400, BUTTONS_ONLY, noStore);
  const log = { by: admin.id, sourceId: form.id };
  const gone = () => refusedWithNotice(404, "That calendar is no longer on the list.", noStore);
  switch (form.intent) {
    case "read": {
      const outcome = await refreshCalendarSource(form.id);
      logEvent("info", "calendar_read_requested", { ...log, outcome: outcome.outcome });
      if (outcome.outcome === "gone") return gone();
      return done(
        outcome.outcome === "read"
          ? makeToast(
              "success",
              "Calendar read",
              `${countOf(outcome.busyCount, "busy period")} now block call times.`,
            )
          : makeToast(
              "error",
              "Calendar not read",
              `${outcome.error} Its busy periods from the last good read still count.`,
            ),
      );
    }
    case "remove": {
      if (!removeCalendarSource(auditSource(admin, args.context), form.id)) return gone();
      logEvent("info", "calendar_source_removed", log);
      return done(
        makeToast("success", "Calendar removed", "Its events no longer block call times."),
      );
    }
    case REPLACE_FEED_INTENT: {
      replaceFeedSecret(auditSource(admin, args.context));
      logEvent("info", "booking_feed_secret_replaced", { by: admin.id });
      return done(
        makeToast(
          "success",
          "New feed address",
          "The old address no longer works: give your calendar app the new one below.",
        ),
      );
    }
  }
}

export default function BookingCalendars() {
  const { calendars, removing, replacingFeed, feedUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Calendars"
      subtitle="Events in these calendars block call times; they are read every 15 minutes."
    >
      <BackLink to="/admin/bookings">Back to bookings</BackLink>
      {actionData?.notice ? (
        <div className="mt-6" key={actionData.notice.id}>
          <ToastNotice toast={actionData.notice} />
        </div>
      ) : null}
      {removing ? <RemoveCalendarConfirmation calendar={removing} /> : null}
      {replacingFeed ? <ReplaceFeedConfirmation /> : null}
      <h2 className="mt-8 text-xl font-semibold text-navy">Staff calendars</h2>
      <CalendarSources calendars={calendars} />
      <section aria-labelledby="add-calendar-heading" className="mt-10">
        <h2 id="add-calendar-heading" className="text-xl font-semibold text-navy">
          Add a calendar
        </h2>
        <AddCalendarForm lastResult={actionData?.result} />
      </section>
      <PrivateFeed feedUrl={feedUrl} />
    </AdminPage>
  );
}
