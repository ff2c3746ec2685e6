// A time that is not open (taken, past, or never offered): the nearest ones that are.
import { Link } from "react-router";
import { PageHero } from "~/components/ui/section";
import { bookingListHref, bookingTimeHref } from "../start-address";
import type { CallTimeView, TimeView } from "../time-views";
import { TimeLink } from "./time-link";

export function BookingTimeGone({
  time,
  nearest,
  zone,
}: {
  time: CallTimeView;
  nearest: TimeView[];
  /** The zone the visitor chose, carried on; null for the firm's. */
  zone: string | null;
}) {
  return (
    <>
      <PageHero eyebrow="Discovery call" title="This time is not open">
        <p>{time.visitor.name} has been booked by someone else, or is no longer offered.</p>
      </PageHero>
      <div className="mx-auto max-w-6xl space-y-6 px-5 py-16 sm:px-8">
        <h2 className="text-2xl font-semibold text-navy">Nearest open times</h2>
        {nearest.length > 0 ? (
          <ul className="flex flex-wrap gap-3">
            {nearest.map((open) => (
              <li key={open.start} className="flex flex-col gap-1">
                <span className="text-sm text-ink-soft">{open.day}</span>
                <TimeLink time={open} href={bookingTimeHref(open.start, zone)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">No other time is open right now.</p>
        )}
        <p>
          <Link
            to={bookingListHref(zone)}
            className="font-medium text-brand-strong underline underline-offset-4"
          >
            See all open times
          </Link>
        </p>
      </div>
    </>
  );
}
