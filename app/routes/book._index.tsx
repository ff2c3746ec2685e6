// /book: the call times open in the next days, grouped by day, in the zone the visitor chose.
import type { Route } from "./+types/book._index";
import { data, useLoaderData } from "react-router";
import { PageHero } from "~/components/ui/section";
import { bookHero } from "~/content/heroes";
import { OpenTimes, ZonePicker, bookingTimeHref } from "~/features/booking";
import {
  currentOpenTimes,
  listedTimeZones,
  readBookingSettings,
  timesByDay,
  zoneChoiceOf,
} from "~/features/booking/index.server";
import { noStore } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";

// The list changes with every call booked and every minute that passes: nobody keeps a copy.
export const headers: Route.HeadersFunction = () => noStore;

export async function loader({ request }: Route.LoaderArgs) {
  const choice = zoneChoiceOf(new URL(request.url));
  const { horizonDays, callMinutes } = readBookingSettings();
  return data(
    {
      days: timesByDay(currentOpenTimes(), choice.zone),
      zone: choice.zone,
      chosen: choice.chosen,
      unknownZone: choice.unknown ?? null,
      firmZone: siteConfig.timeZone,
      zones: listedTimeZones(choice.chosen),
      horizonDays,
      callMinutes,
    },
    { status: choice.unknown ? 400 : 200, headers: noStore },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: bookHero.title,
    description:
      "Pick a time for a free discovery call with a senior consultant: the open times of the next two weeks, in your time zone.",
  });

export default function Book() {
  const { days, zone, chosen, unknownZone, firmZone, zones, horizonDays, callMinutes } =
    useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={bookHero.eyebrow} title={bookHero.title}>
        <p>
          Pick a time for a {callMinutes}-minute call with one of our senior consultants. We will
          send you a calendar invitation, and a link to cancel or move the call.
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl space-y-10 px-5 py-16 sm:px-8">
        <div className="space-y-3">
          {unknownZone ? (
            <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
              We do not know the time zone &ldquo;{unknownZone}&rdquo;. The times below are in ours,{" "}
              {firmZone}; please choose yours from the list.
            </p>
          ) : null}
          <ZonePicker zones={zones} shown={zone} chosen={chosen} />
          <p className="text-ink-soft">
            Times are shown in {zone === firmZone ? `our time zone, ${zone}` : zone}.
          </p>
        </div>
        <OpenTimes
          days={days}
          hrefOf={(start) => bookingTimeHref(start, chosen)}
          horizonDays={horizonDays}
        />
      </div>
    </>
  );
}
