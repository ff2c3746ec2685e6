// A log of outbox messages, all of them or one state at a time: the admin's email outbox and each
// webhook endpoint's deliveries. Each row says where it stands; failed ones carry a Retry button,
// queued ones (where the log allows) Send now; every control is a link or a plain form.
import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { Form } from "react-router";
import { ChoiceLink } from "~/components/admin/choice-link";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { DateSortHeader } from "~/components/admin/date-sort-header";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { type DateOrder, withDateOrder } from "~/lib/url-filters";
import { OUTBOX_VIEWS, messageState, type OutboxView } from "../outbox-states";

export type LogRow = {
  id: number;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  heldAt: Date | null;
  sentAt: Date | null;
  failedAt: Date | null;
  createdAt: Date;
};

export type LogColumn<Row> = { heading: string; cell: (row: Row) => ReactNode };

export function MessageLog<Row extends LogRow>({
  path,
  what,
  view: { state, page, order, perPage, totals },
  rows,
  columns,
  retryLabel,
  sendNowLabel,
  highlight,
}: {
  path: string;
  /** What the rows are, in the plural: "emails", "deliveries". */
  what: string;
  view: {
    state: OutboxView;
    page: number;
    order: DateOrder;
    perPage: number;
    totals: Record<OutboxView, number>;
  };
  rows: Row[];
  columns: LogColumn<Row>[];
  /** What a row's Retry button says to a screen reader. */
  retryLabel: (row: Row) => string;
  /**
   * What a queued row's Send now button says to a screen reader; without it queued rows have no
   * buttons. With it, held rows also get Discard, and the queue a Send all now.
   */
  sendNowLabel?: (row: Row) => string;
  /** The row staff just acted on (a test event queued), marked and anchored as `message-<id>`. */
  highlight?: number;
}) {
  const timeZone = useTimeZone();
  const params = viewParams(state);
  const stateLabel = OUTBOX_VIEWS.find((option) => option.state === state)?.label;
  return (
    <>
      <nav aria-label={`State of the ${what}`} className="mt-6 flex flex-wrap gap-2">
        {OUTBOX_VIEWS.map((option) => (
          <ChoiceLink
            key={option.state}
            to={withQuery(path, viewParams(option.state))}
            current={option.state === state}
          >
            {option.label} ({totals[option.state]})
          </ChoiceLink>
        ))}
      </nav>
      {sendNowLabel && state === "queued" && totals.queued > 0 ? (
        <Form method="post" action={`${path}?state=queued`} className="mt-4">
          <Button type="submit" name="intent" value="send-all" size="small">
            Send all now
          </Button>
          <span className="ml-3 text-sm text-ink-soft">Held emails wait for their own button.</span>
        </Form>
      ) : null}
      <DataTable stackOnPhone>
        <caption className="sr-only">
          {stateLabel} {what}, {order} first
        </caption>
        <thead className="bg-paper">
          <tr>
            <DateSortHeader
              path={path}
              label="Queued at"
              order={order}
              params={params}
              className={headCellClass}
            />
            <ColumnHeadings
              names={[
                ...columns.map((column) => column.heading),
                "Attempts",
                "Last error",
                "Status",
              ]}
              className={headCellClass}
            />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              id={`message-${row.id}`}
              aria-current={row.id === highlight ? "true" : undefined}
              className="scroll-mt-24 aria-[current=true]:bg-brand-soft"
            >
              <td data-label="Queued at" className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(row.createdAt, timeZone)}
              </td>
              {columns.map((column) => (
                <td key={column.heading} data-label={column.heading} className={cellClass}>
                  {column.cell(row)}
                </td>
              ))}
              <td data-label="Attempts" className={cellClass}>
                {row.attempts}
              </td>
              <td data-label="Last error" className={`${cellClass} break-words`}>
                {row.lastError}
              </td>
              <td data-label="Status" className={cellClass}>
                <span className="block font-semibold text-navy">{messageState(row)}</span>
                {row.failedAt ? (
                  <Form method="post" action={`${path}?state=failed`} className="mt-2">
                    <input type="hidden" name="id" value={row.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="retry"
                      aria-label={retryLabel(row)}
                      size="small"
                    >
                      Retry
                    </Button>
                  </Form>
                ) : row.sentAt ? (
                  formatDateTime(row.sentAt, timeZone)
                ) : (
                  <>
                    {row.heldAt
                      ? "Held: queued when the restored backup was taken"
                      : `Next try ${formatDateTime(row.nextAttemptAt, timeZone)}`}
                    {sendNowLabel ? (
                      <Form
                        method="post"
                        action={`${path}?state=queued`}
                        className="mt-2 flex flex-wrap gap-2"
                      >
                        <input type="hidden" name="id" value={row.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="send-now"
                          aria-label={sendNowLabel(row)}
                          size="small"
                        >
                          Send now
                        </Button>
                        {row.heldAt ? (
                          <Button
                            type="submit"
                            name="intent"
                            value="discard"
                            variant="danger"
                            size="small"
                          >
                            Discard
                          </Button>
                        ) : null}
                      </Form>
                    ) : null}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {rows.length === 0 ? <p className="mt-4 text-ink-soft">No {what} here.</p> : null}
      <Pagination
        path={path}
        page={page}
        perPage={perPage}
        total={totals[state]}
        params={withDateOrder(params, order)}
      />
    </>
  );
}

/** A view's address: the whole log needs no parameter. */
function viewParams(state: OutboxView): URLSearchParams {
  return new URLSearchParams(state === "all" ? {} : { state });
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
