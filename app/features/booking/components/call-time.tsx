// A call's time as the visitor reads it and as the firm does: one line when the zones agree.
import type { CallTimeView } from "../time-views";

export function CallTime({ time }: { time: CallTimeView }) {
  return (
    <dl className="space-y-2">
      <div>
        <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">
          {time.sameZone ? "Time" : "Your time"}
        </dt>
        <dd className="mt-1 text-lg font-medium text-navy">{time.visitor.name}</dd>
      </div>
      {time.sameZone ? null : (
        <div>
          <dt className="text-sm font-semibold tracking-wider text-ink-soft uppercase">Our time</dt>
          <dd className="mt-1 text-lg font-medium text-navy">{time.firm.name}</dd>
        </div>
      )}
    </dl>
  );
}
