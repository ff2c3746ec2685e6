// The open call times, one list per day, or what to do when none is open.
import { Link } from "react-router";
import type { DayOfTimes } from "../time-views";
import { TimeLink } from "./time-link";

export function OpenTimes({
  days,
  hrefOf,
  horizonDays,
}: {
  days: DayOfTimes[];
  /** Where each time leads, from its address part ("2026-12-01T16:00:00Z"). */
  hrefOf: (start: string) => string;
  horizonDays: number;
}) {
  if (days.length === 0) {
    return (
      <div className="rounded-xl bg-paper p-8 ring-1 ring-line">
        <h2 className="text-2xl font-semibold text-navy">No open times right now</h2>
        <p className="mt-3 text-ink-soft">
          Every time in the next {horizonDays} days is taken. Please{" "}
          <Link
            to="/contact"
            className="font-medium text-brand-strong underline underline-offset-4"
          >
            send us a message
          </Link>{" "}
          and we will find a time with you.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-10">
      {days.map(({ day, times }, index) => (
        <section key={day} aria-labelledby={`day-${index}`}>
          <h2 id={`day-${index}`} className="text-xl font-semibold text-navy">
            {day}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {times.map((time) => (
              <li key={time.start}>
                <TimeLink time={time} href={hrefOf(time.start)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
