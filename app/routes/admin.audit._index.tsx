// The audit log, for owners only: what staff did, newest first, filtered by person, action and
// the days in the firm's zone (all in the URL, so a view can be bookmarked and its CSV matches it).
import type { Route } from "./+types/admin.audit._index";
import { data, useLoaderData } from "react-router";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { Pagination } from "~/components/admin/pagination";
import { FilterSelect } from "~/components/ui/filter-select";
import { accountsForAdmin, requireOwner } from "~/features/accounts/index.server";
import { DateRangeForm } from "~/features/leads";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import {
  AUDIT_ACTIONS,
  auditEntriesPage,
  auditFilterParams,
  auditFiltersFrom,
} from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { useTimeZone } from "~/lib/site-config";
import { siteConfig } from "~/lib/site-config.server";
import { dateRangeParams, pageFrom, rangeShortcuts } from "~/lib/url-filters";
import { formatDateTime } from "~/lib/zoned-time";

export const headers = adminHeaders;
export const meta = adminMeta("Audit log", "What staff did, when and from where.");

const PER_PAGE = 50;

/** The admin page where the thing an entry names can be seen, when there is one. */
function linkOf(target: string | null): string | null {
  const [kind, id] = target?.split(":") ?? [];
  switch (kind) {
    case "post":
      return `/admin/blog?edit=${encodeURIComponent(id ?? "")}`;
    case "user":
    case "invitation":
      return "/admin/users";
    case "webhook":
      return `/admin/webhooks/${encodeURIComponent(id ?? "")}`;
    case "calendar":
      return "/admin/bookings/calendars";
    case "settings":
      return id === "booking-rules" ? "/admin/bookings/settings" : null;
    case "day-off":
      return "/admin/bookings/settings";
    case "subscriber":
    case "subscribers":
      return "/admin/subscribers";
    case "passkey":
    case "export":
    default:
      return null;
  }
}

/** An entry's details as short "name: value" words; what the log holds is never personal data. */
function detailsInWords(details: Record<string, unknown> | null): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : String(value)}`)
    .join("; ");
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireOwner({ request, context });
  const { timeZone } = siteConfig;
  const search = url.searchParams;
  const filters = auditFiltersFrom(search, timeZone);
  const page = pageFrom(search);
  const { rows, total } = auditEntriesPage(filters, { page, perPage: PER_PAGE });
  const entries = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    label: AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] ?? row.action,
    actorEmail: row.actorEmail,
    target: row.target,
    link: linkOf(row.target),
    // Enough of the keyed hash to match two entries about one person by eye.
    subject: row.subjectKey ? `${row.subjectKey.slice(0, 10)}…` : null,
    ipAddress: row.ipAddress,
    details: detailsInWords(row.details),
  }));
  return data(
    {
      entries,
      total,
      page,
      filters: { user: filters.userId, action: filters.action },
      people: accountsForAdmin().map(({ id, email }) => ({ id, email })),
      actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
      rangeParams: dateRangeParams(filters, timeZone).toString(),
      filterParams: auditFilterParams(filters, timeZone).toString(),
      shortcuts: rangeShortcuts(new Date(), timeZone),
    },
    { headers: noStore },
  );
}

export default function AuditLog() {
  const { entries, total, page, filters, people, actions, rangeParams, filterParams, shortcuts } =
    useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const params = new URLSearchParams(filterParams);
  return (
    <AdminPage title="Audit log" subtitle={`${total} ${total === 1 ? "entry" : "entries"}`}>
      <DateRangeForm
        path="/admin/audit"
        params={new URLSearchParams(rangeParams)}
        shortcuts={shortcuts}
        label="Filter the audit log"
      >
        <FilterSelect
          label="Person"
          name="user"
          value={filters.user === null ? null : String(filters.user)}
          anyLabel="Anyone"
          options={people.map((person) => ({ value: String(person.id), label: person.email }))}
        />
        <FilterSelect
          label="Action"
          name="action"
          value={filters.action}
          anyLabel="Any action"
          options={actions}
        />
      </DateRangeForm>
      <p className="mt-4">
        <a
          href={`/admin/audit/export${filterParams ? `?${filterParams}` : ""}`}
          download
          className="font-semibold text-brand-strong underline"
        >
          Download these entries as CSV
        </a>
      </p>
      {entries.length === 0 ? (
        <p className="mt-4 text-ink-soft">
          {filterParams ? "No entries match these filters." : "Nothing recorded yet."}
        </p>
      ) : (
        <DataTable stackOnPhone>
          <caption className="sr-only">Audit log, newest first</caption>
          <thead className="bg-paper">
            <tr>
              <ColumnHeadings
                names={["When", "Who", "Action", "About", "From", "Details"]}
                className={headCellClass}
              />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="When" className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(entry.at, timeZone)}
                </td>
                <td data-label="Who" className={`${cellClass} break-all`}>
                  {entry.actorEmail ?? "Nobody signed in"}
                </td>
                <td data-label="Action" className={cellClass}>
                  {entry.label}
                </td>
                <td data-label="About" className={`${cellClass} break-all`}>
                  {entry.target ? (
                    entry.link ? (
                      <Link to={entry.link} className="text-brand-strong underline">
                        {entry.target}
                      </Link>
                    ) : (
                      entry.target
                    )
                  ) : null}
                  {entry.subject ? (
                    <span className="block text-sm text-ink-soft">
                      Person outside the firm: {entry.subject}
                    </span>
                  ) : null}
                </td>
                <td data-label="From" className={`${cellClass} whitespace-nowrap`}>
                  {entry.ipAddress ?? ""}
                </td>
                <td data-label="Details" className={`${cellClass} max-w-md text-sm`}>
                  {entry.details}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination
        path="/admin/audit"
        page={page}
        perPage={PER_PAGE}
        total={total}
        params={params}
      />
    </AdminPage>
  );
}
