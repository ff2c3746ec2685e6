// The staff's list of subscribers: who, where they stand since when (on the firm's clock), where
// they signed up, and Remove, which asks first: in a dialog, or without JavaScript on the page's
// ?remove=id step.
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { DateSortHeader } from "~/components/admin/date-sort-header";
import { useTimeZone } from "~/lib/site-config";
import type { DateOrder } from "~/lib/url-filters";
import { formatDateTime } from "~/lib/zoned-time";
import { SUBSCRIBER_STATUS_LABELS } from "../list-filters";

export const REMOVE_SUBSCRIBER_INTENT = "remove";
/** Without JavaScript, Remove opens the page with this query to ask first. */
export const REMOVE_SUBSCRIBER_QUERY = "remove";

/** What the table shows of a subscriber. */
export type SubscriberRow = {
  id: number;
  email: string;
  name: string | null;
  status: keyof typeof SUBSCRIBER_STATUS_LABELS;
  source: "insights" | "article" | "assessment" | "import";
  confirmationSentAt: Date | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
};

const SOURCE_LABELS: Record<SubscriberRow["source"], string> = {
  insights: "Insights page",
  article: "An article",
  assessment: "Assessment results",
  import: "Staff import",
};

function removeConfirmation(subscriber: SubscriberRow, listHref: string): Confirmation {
  return {
    key: `remove-subscriber-${subscriber.id}`,
    question: "Remove this subscriber?",
    subject: `${subscriber.email} will be deleted from the list, with any emails still waiting to go to them. If they sign up again, they start over with the confirmation email.`,
    action: listHref,
    fields: { id: String(subscriber.id) },
    intent: REMOVE_SUBSCRIBER_INTENT,
    confirmLabel: "Remove subscriber",
  };
}

/** The confirmation step without JavaScript; Keep it goes back to the list as it was. */
export function RemoveSubscriberConfirmation({
  subscriber,
  listHref,
}: {
  subscriber: SubscriberRow;
  listHref: string;
}) {
  return (
    <ConfirmationStep confirmation={removeConfirmation(subscriber, listHref)} keepTo={listHref} />
  );
}

function Status({ subscriber }: { subscriber: SubscriberRow }) {
  const timeZone = useTimeZone();
  const since = {
    confirmed: subscriber.confirmedAt,
    pending: subscriber.confirmationSentAt,
    unsubscribed: subscriber.unsubscribedAt,
  }[subscriber.status];
  const words = {
    confirmed: "Confirmed",
    pending: "Link sent",
    unsubscribed: "Unsubscribed",
  }[subscriber.status];
  return (
    <>
      <span className="block font-semibold">{SUBSCRIBER_STATUS_LABELS[subscriber.status]}</span>
      {since ? (
        <span className="block text-ink-soft">
          {words} {formatDateTime(since, timeZone)}
        </span>
      ) : null}
    </>
  );
}

export function SubscriberTable({
  subscribers,
  order,
  params,
  listHref,
}: {
  subscribers: SubscriberRow[];
  order: DateOrder;
  /** The list's filters, which the order's link and Remove's step keep. */
  params: URLSearchParams;
  listHref: string;
}) {
  const timeZone = useTimeZone();
  return (
    <DataTable stackOnPhone>
      <caption className="sr-only">Subscribers, {order} first</caption>
      <thead className="bg-paper">
        <tr>
          <ColumnHeadings names={["Subscriber", "Status", "Source"]} className={headCellClass} />
          <DateSortHeader
            path="/admin/subscribers"
            label="Signed up"
            order={order}
            params={params}
            className={headCellClass}
          />
          <th scope="col" className={headCellClass}>
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {subscribers.map((subscriber) => {
          const ask = new URLSearchParams(params);
          if (order === "oldest") ask.set("sort", "oldest");
          ask.set(REMOVE_SUBSCRIBER_QUERY, String(subscriber.id));
          return (
            <tr key={subscriber.id}>
              <td data-label="Subscriber" className={`${cellClass} break-all`}>
                <span className="block font-semibold">{subscriber.email}</span>
                {subscriber.name ? <span className="block">{subscriber.name}</span> : null}
              </td>
              <td data-label="Status" className={cellClass}>
                <Status subscriber={subscriber} />
              </td>
              <td data-label="Source" className={cellClass}>
                {SOURCE_LABELS[subscriber.source]}
              </td>
              <td data-label="Signed up" className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(subscriber.createdAt, timeZone)}
              </td>
              <td className={cellClass}>
                <AskFirstButton
                  confirmation={removeConfirmation(subscriber, listHref)}
                  label="Remove"
                  accessibleLabel={`Remove ${subscriber.email}`}
                  askHref={`?${ask.toString()}`}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
