// The booked calls in a table: when (on the firm's clock), who, what about, what they sent before
// (their assessment and contact messages) and where the call stands, with Cancel for staff.
// Cancelling asks first, in a dialog or, without JavaScript, on the page's ?cancel=id step.
import { Link } from "react-router";
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { useTimeZone } from "~/lib/site-config";
import { formatDateTime } from "~/lib/zoned-time";
import type { BookingLead } from "../booking-lead";
import { EmailLink, PhoneLink } from "./contact-links";

export const CANCEL_BOOKING_INTENT = "cancel";
/** Without JavaScript, Cancel opens the page with this query to ask first. */
export const CANCEL_BOOKING_QUERY = "cancel";

/** The call in words ("call with Dana (Acme) on ..."), as its button, question and notice name it. */
export function callName(call: Pick<BookingLead, "fullName" | "company">, when: string) {
  return `call with ${call.fullName} (${call.company}) on ${when}`;
}

function cancelConfirmation(call: BookingLead, timeZone: string): Confirmation {
  return {
    key: `cancel-booking-${call.id}`,
    question: "Cancel this call?",
    subject: `The ${callName(call, formatDateTime(call.startsAt, timeZone))} will be cancelled, and its time offered again.`,
    action: "/admin/bookings",
    fields: { id: String(call.id) },
    intent: CANCEL_BOOKING_INTENT,
    confirmLabel: "Cancel call",
  };
}

/** The confirmation step without JavaScript. */
export function CancelBookingConfirmation({ call }: { call: BookingLead }) {
  const timeZone = useTimeZone();
  return (
    <ConfirmationStep confirmation={cancelConfirmation(call, timeZone)} keepTo="/admin/bookings" />
  );
}

function Status({ call }: { call: BookingLead }) {
  const timeZone = useTimeZone();
  if (call.status === "cancelled") {
    const by = call.cancelledBy === "staff" ? "by staff" : "by the visitor";
    return (
      <>
        <span className="font-semibold text-red-800">Cancelled {by}</span>
        {call.cancelledAt ? (
          <span className="block text-ink-soft">{formatDateTime(call.cancelledAt, timeZone)}</span>
        ) : null}
      </>
    );
  }
  if (!call.cancellable) return <>Confirmed</>;
  const when = formatDateTime(call.startsAt, timeZone);
  return (
    <>
      <span className="block">Confirmed</span>
      <span className="mt-2 block">
        <AskFirstButton
          confirmation={cancelConfirmation(call, timeZone)}
          label="Cancel"
          accessibleLabel={`Cancel the ${callName(call, when)}`}
          askHref={`?${CANCEL_BOOKING_QUERY}=${call.id}`}
        />
      </span>
    </>
  );
}

function Assessment({ assessment }: { assessment: BookingLead["assessment"] }) {
  if (!assessment) return <span className="text-ink-soft">None</span>;
  return (
    <>
      <Link
        to={`/admin/leads/assessments/${assessment.id}`}
        className="font-semibold text-brand-strong underline"
      >
        Score {assessment.efficiencyScore}, {assessment.level}
      </Link>
      <span className="block text-ink-soft">{assessment.recommendation}</span>
    </>
  );
}

function Messages({ messages }: { messages: BookingLead["messages"] }) {
  const timeZone = useTimeZone();
  if (messages.length === 0) return <span className="text-ink-soft">None</span>;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-strong">
        {messages.length === 1 ? "1 message" : `${messages.length} messages`}
      </summary>
      <ul className="mt-2 space-y-3">
        {messages.map((message) => (
          <li key={message.id}>
            <span className="block text-ink-soft">
              {formatDateTime(message.createdAt, timeZone)}
            </span>
            <span className="block whitespace-pre-wrap">{message.message}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function BookingTable({ calls, caption }: { calls: BookingLead[]; caption: string }) {
  const timeZone = useTimeZone();
  return (
    <DataTable stackOnPhone>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-paper">
        <tr>
          <ColumnHeadings
            names={["When", "Prospect", "Topic", "Assessment", "Contact messages", "Status"]}
            className={headCellClass}
          />
        </tr>
      </thead>
      <tbody>
        {calls.map((call) => (
          <tr key={call.id}>
            <td data-label="When" className={`${cellClass} whitespace-nowrap`}>
              {formatDateTime(call.startsAt, timeZone)}
              <span className="block text-ink-soft">
                {Math.round((call.endsAt.getTime() - call.startsAt.getTime()) / 60_000)} minutes
              </span>
            </td>
            <td data-label="Prospect" className={cellClass}>
              <p className="font-semibold">{call.fullName}</p>
              <p>{call.company}</p>
              <EmailLink email={call.email} truncate />
              {call.phone ? <PhoneLink phone={call.phone} /> : null}
            </td>
            <td data-label="Topic" className={`${cellClass} max-w-md min-w-48 whitespace-pre-wrap`}>
              {call.topic || <span className="text-ink-soft">None given</span>}
            </td>
            <td data-label="Assessment" className={cellClass}>
              <Assessment assessment={call.assessment} />
            </td>
            <td data-label="Contact messages" className={`${cellClass} max-w-md min-w-48`}>
              <Messages messages={call.messages} />
            </td>
            <td data-label="Status" className={cellClass}>
              <Status call={call} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
