// Leads: the assessments people submitted, filtered by level, recommendation and dates, with the
// funnel of how far visits got and how the results spread over the levels.
import type { Route } from "./+types/admin.leads._index";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { data } from "react-router";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { TruncatedText } from "~/components/admin/truncated-text";
import { Link, useLoaderData } from "react-router";
import { DateSortHeader } from "~/components/admin/date-sort-header";
import { Pagination } from "~/components/admin/pagination";
import { BarChart, DateRangeForm, LeadsPage } from "~/features/leads";
import {
  assessmentFunnel,
  countsByEfficiencyScore,
  submissionSummary,
  submissionsPage,
} from "~/features/assessment/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  assessmentFilterParams,
  assessmentFiltersFrom,
  countsByLevel,
  efficiencyLevels,
  recommendations,
} from "~/features/assessment";
import { inputClass } from "~/components/ui/form-field";
import { dateOrderFrom, pageFrom, withDateOrder } from "~/lib/url-filters";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta("Leads", "Assessments submitted on the site.");

const PER_PAGE = 25;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const search = url.searchParams;
  const filters = assessmentFiltersFrom(search);
  const page = pageFrom(search);
  const order = dateOrderFrom(search);
  const { rows, total } = submissionsPage(filters, { page, perPage: PER_PAGE, order });
  const funnel = assessmentFunnel({
    since: filters.from ?? new Date(0),
    until: filters.until ?? new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return data(
    {
      submissions: rows.map((row) => ({ ...submissionSummary(row), utmSource: row.utmSource })),
      total,
      page,
      order,
      filterParams: assessmentFilterParams(filters).toString(),
      filters: {
        level: filters.level === null ? "" : String(filters.level),
        recommendation: filters.recommendation ?? "",
      },
      levelCounts: countsByLevel(countsByEfficiencyScore(filters)),
      funnel: [
        ...funnel.steps.map((step) => ({ label: `Step ${step.step}`, value: step.reached })),
        { label: "Submitted", value: funnel.submitted },
      ],
    },
    { headers: noStore },
  );
}

export default function AssessmentLeads() {
  const { submissions, total, page, order, filterParams, filters, levelCounts, funnel } =
    useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const params = new URLSearchParams(filterParams);
  return (
    <LeadsPage title="Leads">
      <h2 className="mt-8 text-xl font-semibold text-navy">Assessments ({total})</h2>
      <DateRangeForm path="/admin/leads" params={params} label="Filter assessments">
        <label className="text-sm font-medium text-navy">
          Level
          <select name="level" defaultValue={filters.level} className={inputClass}>
            <option value="">Any level</option>
            {efficiencyLevels.map((level, index) => (
              <option key={level.name} value={index}>
                {level.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-navy">
          Recommendation
          <select
            name="recommendation"
            defaultValue={filters.recommendation}
            className={inputClass}
          >
            <option value="">Any recommendation</option>
            {Object.values(recommendations).map((recommendation) => (
              <option key={recommendation.kind} value={recommendation.kind}>
                {recommendation.title}
              </option>
            ))}
          </select>
        </label>
      </DateRangeForm>
      <p className="mt-4">
        <a
          href={`/admin/leads/export/assessments${filterParams ? `?${filterParams}` : ""}`}
          download
          className="font-semibold text-brand-strong underline"
        >
          Download assessments as CSV
        </a>
      </p>
      {/* An empty table would be headings over nothing: a sentence says so instead. One line a
          row: the table scrolls sideways in its box rather than growing tall. */}
      {submissions.length === 0 ? (
        <p className="mt-4 text-ink-soft">No assessments match these filters.</p>
      ) : (
        <DataTable tableClassName="w-full text-left text-sm whitespace-nowrap">
          <caption className="sr-only">Assessments, {order} first</caption>
          <thead className="bg-paper">
            <tr>
              <DateSortHeader
                path="/admin/leads"
                label="Date"
                order={order}
                params={params}
                className={headCellClass}
              />
              <ColumnHeadings
                names={[
                  "Company",
                  "Name",
                  "Email",
                  "Phone",
                  "Score",
                  "Level",
                  "Band",
                  "Recommendation",
                  "Not certain",
                  "UTM source",
                ]}
                className={headCellClass}
              />
            </tr>
          </thead>
          <tbody>
            {submissions.map((submission) => (
              <tr key={submission.id}>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <Link
                    to={`/admin/leads/assessments/${submission.id}`}
                    className="font-semibold text-brand-strong underline"
                  >
                    {formatDateTime(submission.createdAt, timeZone)}
                  </Link>
                </td>
                <td className={cellClass}>{submission.company}</td>
                <td className={cellClass}>{submission.name}</td>
                <td className={cellClass}>
                  <TruncatedText text={submission.email} />
                </td>
                <td className={cellClass}>{submission.phone}</td>
                <td className={cellClass}>{submission.efficiencyScore}</td>
                <td className={cellClass}>{submission.level}</td>
                <td className={cellClass}>{submission.bandScore}</td>
                <td className={cellClass}>{submission.recommendation}</td>
                <td className={cellClass}>{submission.uncertainCount}</td>
                <td className={cellClass}>{submission.utmSource}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination
        path="/admin/leads"
        page={page}
        perPage={PER_PAGE}
        total={total}
        params={withDateOrder(params, order)}
      />
      <div className="mt-10 grid gap-8 2xl:grid-cols-2">
        <BarChart
          title="Assessment funnel"
          description="How many assessment visits reached each of the ten steps, and how many submitted."
          data={funnel}
          valueLabel="Visits"
          labelHeading="Step"
        />
        <BarChart
          title="Efficiency levels"
          description="How the matching assessments spread over the four efficiency levels."
          data={levelCounts}
          valueLabel="Assessments"
          labelHeading="Level"
        />
      </div>
    </LeadsPage>
  );
}
