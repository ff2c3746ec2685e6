// Bookings: the discovery calls booked on the site, upcoming soonest first and past latest first,
// each with the prospect's assessment and contact messages; staff cancel a call from here.
import type { Route } from "./+types/admin.bookings._index";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ToastNotice } from "~/components/ui/toast-notice";
import { requireAdmin } from "~/features/accounts/index.server";
import { cancelBooking, findBooking } from "~/features/booking/index.server";
import {
  BookingTable,
  CANCEL_BOOKING_INTENT,
  CANCEL_BOOKING_QUERY,
  CancelBookingConfirmation,
  callName,
} from "~/features/leads";
import { bookingLead, bookingLeads } from "~/features/leads/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readButtonForm } from "~/lib/button-form.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { siteConfig } from "~/lib/site-config.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { formatDateTime, timeZoneLabel } from "~/lib/zoned-time";

export const headers = adminHeaders;
export const meta = adminMeta("Bookings", "Discovery calls booked on the site.");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const now = new Date();
  const cancelId = Number(url.searchParams.get(CANCEL_BOOKING_QUERY));
  const cancelling = Number.isSafeInteger(cancelId) ? bookingLead(cancelId, now) : undefined;
  return data(
    {
      ...bookingLeads(now),
      cancelling: cancelling?.cancellable ? cancelling : undefined,
      timeZone: timeZoneLabel(siteConfig.timeZone, now),
    },
    { headers: noStore },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const form = await readButtonForm(request, {
    intents: [CANCEL_BOOKING_INTENT],
    refusal: "Please use the Cancel buttons beside a call.",
  });
  if ("refused" in form) return form.refused;
  const call = findBooking(form.id);
  const outcome = call ? await cancelBooking(call.uid, "staff") : { kind: "gone" as const };
  logEvent("info", "booking_cancelled_by_staff", {
    by: admin.id,
    bookingId: form.id,
    outcome: outcome.kind,
  });
  if (outcome.kind !== "done") {
    return data(
      { error: "That call was already cancelled, has started, or no longer exists." },
      { status: 409, headers: noStore },
    );
  }
  const { booking } = outcome;
  const when = formatDateTime(booking.startsAt, siteConfig.timeZone);
  return redirectWithToast(
    "/admin/bookings",
    makeToast(
      "success",
      "Call cancelled",
      `The ${callName(booking, when)} is cancelled; its time is offered again.`,
    ),
    { status: 303 },
  );
}

const linkClass = "font-semibold text-brand-strong underline";

export default function Bookings() {
  const { upcoming, past, cancelling, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Bookings"
      subtitle={`Discovery calls booked on the site. Times in ${timeZone}.`}
      actions={
        <>
          <Link to="/admin/bookings/settings" className={linkClass}>
            Hours and days off
          </Link>
          <Link to="/admin/bookings/calendars" className={linkClass}>
            Calendars and feed
          </Link>
          <a href="/admin/leads/export/bookings" download className={linkClass}>
            Download bookings as CSV
          </a>
        </>
      }
    >
      {actionData?.error ? (
        <div className="mt-6">
          <ToastNotice
            toast={{
              id: "cancel-refused",
              type: "error",
              title: "Error",
              description: actionData.error,
            }}
          />
        </div>
      ) : null}
      {cancelling ? <CancelBookingConfirmation call={cancelling} /> : null}
      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="text-xl font-semibold text-navy">
          Upcoming calls ({upcoming.length})
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-4 text-ink-soft">No calls are booked.</p>
        ) : (
          <BookingTable calls={upcoming} caption="Upcoming calls, soonest first" />
        )}
      </section>
      <section aria-labelledby="past-heading" className="mt-10">
        <h2 id="past-heading" className="text-xl font-semibold text-navy">
          Past calls ({past.length})
        </h2>
        {past.length === 0 ? (
          <p className="mt-4 text-ink-soft">No calls yet.</p>
        ) : (
          <BookingTable calls={past} caption="Past calls, latest first" />
        )}
      </section>
    </AdminPage>
  );
}
