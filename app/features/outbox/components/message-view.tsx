// One outbox message on its own page: where it stands, then what was sent, as text. Every part is
// a text node, so markup in a body or a header shows as what it is and never runs.
import { useId, type ReactNode } from "react";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { messageState } from "../outbox-states";
import type { LogRow } from "./message-log";

export function MessageFacts({
  message,
  children,
}: {
  message: LogRow;
  /** Facts of the channel's own, such as a delivery's answer, as dt/dd pairs. */
  children?: ReactNode;
}) {
  const timeZone = useTimeZone();
  const state = messageState(message);
  const when = message.failedAt ?? message.sentAt;
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-lg bg-white p-5 ring-1 ring-line sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold text-ink-soft">State</dt>
      <dd>
        {state}
        {when ? ` ${formatDateTime(when, timeZone)}` : null}
        {state === "Queued"
          ? `: next try ${formatDateTime(message.nextAttemptAt, timeZone)}`
          : null}
      </dd>
      <dt className="font-semibold text-ink-soft">Queued at</dt>
      <dd>{formatDateTime(message.createdAt, timeZone)}</dd>
      <dt className="font-semibold text-ink-soft">Attempts</dt>
      <dd>{message.attempts}</dd>
      <dt className="font-semibold text-ink-soft">Last error</dt>
      <dd className="break-words">{message.lastError ?? "None"}</dd>
      {children}
    </dl>
  );
}

/** A part of the message, exactly as stored, in a box that wraps long lines. */
export function MessageText({ heading, text }: { heading: string; text: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold text-navy">
        {heading}
      </h2>
      {text ? (
        <pre className="mt-3 overflow-x-auto rounded-lg bg-white p-4 text-sm whitespace-pre-wrap break-words ring-1 ring-line">
          {text}
        </pre>
      ) : (
        <p className="mt-3 text-ink-soft">Empty.</p>
      )}
    </section>
  );
}
