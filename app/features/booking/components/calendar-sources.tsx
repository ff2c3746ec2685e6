// The staff calendars whose events block call times: each with its masked address, when it was
// last read, how many busy periods it gave and why its last read failed; Read now, and Remove,
// which asks first (in a dialog, or without JavaScript on the page's ?remove=id step).
import { Form, useNavigation } from "react-router";
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import { useTimeZone } from "~/lib/site-config";
import { formatDateTime } from "~/lib/zoned-time";
import { CALENDARS_PATH, REMOVE_CALENDAR_QUERY, type CALENDAR_INTENTS } from "../calendar-fields";

/** A calendar as the screen shows it: its address only in part. */
type CalendarRow = {
  id: number;
  label: string;
  address: string;
  lastAttemptAt: string | Date | null;
  lastSuccessAt: string | Date | null;
  lastError: string | null;
  busyCount: number;
};

const removeConfirmation = (calendar: Pick<CalendarRow, "id" | "label">): Confirmation => ({
  key: `remove-calendar-${calendar.id}`,
  question: "Remove this calendar?",
  subject: `The events of ${calendar.label} will no longer block call times.`,
  action: CALENDARS_PATH,
  fields: { id: String(calendar.id) },
  intent: "remove" satisfies (typeof CALENDAR_INTENTS)[number],
  confirmLabel: "Remove calendar",
});

/** The confirmation step without JavaScript. */
export function RemoveCalendarConfirmation({ calendar }: { calendar: CalendarRow }) {
  return <ConfirmationStep confirmation={removeConfirmation(calendar)} keepTo={CALENDARS_PATH} />;
}

export function CalendarSources({ calendars }: { calendars: CalendarRow[] }) {
  const timeZone = useTimeZone();
  const busy = useNavigation().state === "submitting";
  if (calendars.length === 0) {
    return (
      <p className="mt-4 text-ink-soft">
        No calendars yet: only the firm&apos;s hours, days off and booked calls decide the times.
      </p>
    );
  }
  return (
    <DataTable stackOnPhone>
      <caption className="sr-only">Staff calendars</caption>
      <thead className="bg-paper">
        <tr>
          <ColumnHeadings
            names={["Calendar", "Last read", "Busy periods", "Last problem"]}
            className={headCellClass}
          />
          <th scope="col" className={headCellClass}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {calendars.map((calendar) => (
          <tr key={calendar.id}>
            <td data-label="Calendar" className={cellClass}>
              <span className="block font-semibold text-navy">{calendar.label}</span>
              <span className="block break-all text-ink-soft">{calendar.address}</span>
            </td>
            <td data-label="Last read" className={`${cellClass} whitespace-nowrap`}>
              {calendar.lastSuccessAt ? formatDateTime(calendar.lastSuccessAt, timeZone) : "Never"}
            </td>
            <td data-label="Busy periods" className={cellClass}>
              {calendar.busyCount}
            </td>
            <td data-label="Last problem" className={cellClass}>
              {calendar.lastError && calendar.lastAttemptAt ? (
                <span className="text-red-800">
                  {`Reading it on ${formatDateTime(calendar.lastAttemptAt, timeZone)} failed: ${calendar.lastError}`}
                </span>
              ) : (
                "None"
              )}
            </td>
            <td className={cellClass}>
              <div className="flex flex-wrap gap-2">
                <Form method="post" action={CALENDARS_PATH}>
                  <input type="hidden" name="id" value={calendar.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value={"read" satisfies (typeof CALENDAR_INTENTS)[number]}
                    size="small"
                    aria-label={`Read now: ${calendar.label}`}
                    disabled={busy}
                  >
                    Read now
                  </Button>
                </Form>
                <AskFirstButton
                  confirmation={removeConfirmation(calendar)}
                  label="Remove"
                  accessibleLabel={`Remove ${calendar.label}`}
                  askHref={`?${REMOVE_CALENDAR_QUERY}=${calendar.id}`}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
