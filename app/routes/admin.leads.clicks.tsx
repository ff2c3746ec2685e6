// CTA clicks over the last 7, 30 or 90 days: per button label, per page, and per day.
import type { Route } from "./+types/admin.leads.clicks";
import { data } from "react-router";
import { ChoiceLink } from "~/components/admin/choice-link";
import { DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { useLoaderData } from "react-router";
import { DailyChart, LeadsPage } from "~/features/leads";
import { clicksByLabel, clicksByPage, clicksPerDay } from "~/features/cta-clicks/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { PERIOD_DAYS, periodDaysFrom, periodEndingToday } from "~/lib/periods";
import { siteConfig } from "~/lib/site-config.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta("CTA clicks", "Which calls to action people click, and where.");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const days = periodDaysFrom(url.searchParams);
  const { timeZone } = siteConfig;
  const period = periodEndingToday(days, new Date(), timeZone);
  return data(
    {
      days,
      byLabel: clicksByLabel(period),
      byPage: clicksByPage(period),
      perDay: clicksPerDay(period, timeZone).map(({ day, clicks }) => ({
        day,
        value: clicks,
      })),
    },
    { headers: noStore },
  );
}

export default function CtaClicks() {
  const { days, byLabel, byPage, perDay } = useLoaderData<typeof loader>();
  const total = byLabel.reduce((sum, row) => sum + row.clicks, 0);
  return (
    <LeadsPage title="CTA clicks">
      <nav aria-label="Period" className="mt-6 flex flex-wrap items-center gap-2">
        {PERIOD_DAYS.map((option) => (
          <ChoiceLink key={option} to={`?days=${option}`} current={option === days}>
            Last {option} days
          </ChoiceLink>
        ))}
        <a
          href={`/admin/leads/export/clicks?days=${days}`}
          download
          className="ml-auto font-semibold text-brand-strong underline"
        >
          Download CTA clicks as CSV
        </a>
      </nav>
      <h2 className="mt-8 text-xl font-semibold text-navy">
        {total} clicks in the last {days} days
      </h2>
      <div className="mt-4">
        <DailyChart
          title="Clicks per day"
          description={`CTA clicks on each day of the last ${days} days.`}
          data={perDay}
          valueLabel="Clicks"
        />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <CountTable
          caption="Clicks per button"
          heading="Button"
          rows={byLabel.map((row) => [row.label, row.clicks])}
        />
        <CountTable
          caption="Clicks per page"
          heading="Page"
          rows={byPage.map((row) => [row.page, row.clicks])}
        />
      </div>
    </LeadsPage>
  );
}

function CountTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: [string, number][];
}) {
  // An empty table would be headings over nothing: the caption and a sentence say so instead.
  if (rows.length === 0) {
    return (
      <div className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-line">
        <p className="text-lg font-semibold text-navy">{caption}</p>
        <p className="mt-1 text-sm text-ink-soft">No clicks in this period.</p>
      </div>
    );
  }
  return (
    <DataTable>
      <caption className="p-3 text-left text-lg font-semibold text-navy">{caption}</caption>
      <thead className="bg-paper">
        <tr>
          <th scope="col" className={headCellClass}>
            {heading}
          </th>
          <th scope="col" className={headCellClass}>
            Clicks
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, clicks]) => (
          <tr key={name}>
            <th scope="row" className={`${cellClass} font-medium break-all`}>
              {name}
            </th>
            <td className={cellClass}>{clicks}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
