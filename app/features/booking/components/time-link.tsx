// One open time as a link (to its booking page, or to the step that moves a call there): the time alone on screen, the day, date, time and
// zone in its accessible name (which begins with the day, so it still contains the time shown).
import { Link } from "react-router";
import type { TimeView } from "../time-views";

export function TimeLink({ time, href }: { time: TimeView; href: string }) {
  return (
    <Link
      to={href}
      aria-label={time.name}
      className="inline-flex min-h-11 min-w-20 items-center justify-center rounded-md border border-slate-500 bg-white px-4 py-2 font-semibold text-brand-strong tabular-nums hover:border-brand hover:bg-brand/5"
    >
      {time.time}
    </Link>
  );
}
