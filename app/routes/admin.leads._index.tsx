// Leads: the assessments people submitted, filtered by level, recommendation and dates, with the
// funnel of how far visits got and how the results spread over the levels.
import type { Route } from "./+types/admin.leads._index";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { data } from "react-router";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { Link, useLoaderData } from "react-router";
import { DateSortHeader, SortHeader, type SortChoice } from "~/components/admin/date-sort-header";
import { Pagination } from "~/components/admin/pagination";
import { BarChart, DateRangeForm, EmailLink, LeadsPage, PhoneLink } from "~/features/leads";
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
  submissionOrderFrom,
  type SubmissionOrder,
} from "~/features/assessment";
import { inputClass } from "~/components/ui/form-field";
import { pageFrom, rangeShortcuts, withDateOrder } from "~/lib/url-filters";
import { siteConfig } from "~/lib/site-config.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta("Leads", "Assessments submitted on the site.");

const PER_PAGE = 25;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const search = url.searchParams;
  const { timeZone } = siteConfig;
  const filters = assessmentFiltersFrom(search, timeZone);
  const page = pageFrom(search);
  const order = submissionOrderFrom(search);
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
      filterParams: assessmentFilterParams(filters, timeZone).toString(),
      shortcuts: rangeShortcuts(new Date(), timeZone),
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

const scoreChoices = {
  "score-desc": { sort: "score-desc", words: "highest score first", direction: "descending" },
  "score-asc": { sort: "score-asc", words: "lowest score first", direction: "ascending" },
} as const satisfies Record<string, SortChoice & { direction: "ascending" | "descending" }>;

/** The order words for the table's caption. */
const orderWords: Record<SubmissionOrder, string> = {
  newest: "newest first",
  oldest: "oldest first",
  "score-desc": scoreChoices["score-desc"].words,
  "score-asc": scoreChoices["score-asc"].words,
};

export default function AssessmentLeads() {
  const { submissions, total, page, order, filterParams, shortcuts, filters, levelCounts, funnel } =
    useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const params = new URLSearchParams(filterParams);
  const byDate = order === "newest" || order === "oldest" ? order : null;
  const byScore = order === "score-desc" || order === "score-asc" ? order : null;
  return (
    <LeadsPage title="Leads">
      <h2 className="mt-8 text-xl font-semibold text-navy">Assessments ({total})</h2>
      <DateRangeForm
        path="/admin/leads"
        params={params}
        kept={withDateOrder(new URLSearchParams(), order)}
        shortcuts={shortcuts}
        label="Filter assessments"
      >
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
      {/* An empty table would be headings over nothing: a sentence says so instead. Who sent it
          is one cell (company, name, email, phone stacked), and the words of the result wrap, so
          the score, level and recommendation stay in view on a laptop's screen. */}
      {submissions.length === 0 ? (
        <p className="mt-4 text-ink-soft">No assessments match these filters.</p>
      ) : (
        <DataTable stackOnPhone>
          <caption className="sr-only">Assessments, {orderWords[order]}</caption>
          <thead className="bg-paper">
            <tr>
              <DateSortHeader
                path="/admin/leads"
                label="Date"
                order={byDate}
                params={params}
                className={headCellClass}
              />
              <ColumnHeadings names={["Lead"]} className={headCellClass} />
              <SortHeader
                path="/admin/leads"
                label="Score"
                params={params}
                sorted={byScore ? scoreChoices[byScore] : undefined}
                next={scoreChoices[byScore === "score-desc" ? "score-asc" : "score-desc"]}
                className={headCellClass}
              />
              <ColumnHeadings
                names={["Level", "Recommendation", "Band", "Not certain", "UTM source"]}
                className={headCellClass}
              />
            </tr>
          </thead>
          <tbody>
            {submissions.map((submission) => (
              <tr key={submission.id}>
                <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(submission.createdAt, timeZone)}
                </td>
                <td data-label="Lead" className={cellClass}>
                  <Link
                    to={`/admin/leads/assessments/${submission.id}`}
                    className="font-semibold text-brand-strong underline"
                  >
                    {submission.company.trim() || submission.name}
                  </Link>
                  {submission.company.trim() ? <p>{submission.name}</p> : null}
                  <EmailLink email={submission.email} truncate />
                  {submission.phone ? <PhoneLink phone={submission.phone} /> : null}
                </td>
                <td data-label="Score" className={`${cellClass} font-semibold`}>
                  {submission.efficiencyScore}
                </td>
                <td data-label="Level" className={`${cellClass} min-w-40`}>
                  {submission.level}
                </td>
                <td data-label="Recommendation" className={`${cellClass} min-w-40`}>
                  {submission.recommendation}
                </td>
                <td data-label="Band" className={cellClass}>
                  {submission.bandScore}
                </td>
                <td data-label="Not certain" className={cellClass}>
                  {submission.uncertainCount}
                </td>
                <td data-label="UTM source" className={cellClass}>
                  {submission.utmSource}
                </td>
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
