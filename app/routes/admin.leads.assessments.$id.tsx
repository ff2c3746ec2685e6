// One submitted assessment: who sent it, its scores, and every answer in words with its score.
import type { Route } from "./+types/admin.leads.assessments.$id";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { data } from "react-router";
import { DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { useLoaderData, useRouteError } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { rethrowUnlessNotFound } from "~/components/admin/record-not-found";
import type { ReactNode } from "react";
import { EmailLink, LeadsPage, PhoneLink } from "~/features/leads";
import { answersOf, findSubmission, submissionSummary } from "~/features/assessment/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { answersInWords } from "~/features/assessment";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta("Assessment", "One submitted assessment.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? findSubmission(id) : undefined;
  if (!row) throw data(null, { status: 404, headers: noStore });
  return data(
    {
      submission: {
        ...submissionSummary(row),
        attribution: [
          ["UTM source", row.utmSource],
          ["UTM medium", row.utmMedium],
          ["UTM campaign", row.utmCampaign],
          ["UTM term", row.utmTerm],
          ["UTM content", row.utmContent],
          ["Referrer", row.referrer],
        ].filter((entry): entry is [string, string] => Boolean(entry[1])),
      },
      answers: answersInWords(answersOf(row)),
    },
    { headers: noStore },
  );
}

export default function AssessmentDetail() {
  const { submission, answers } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const facts: [string, ReactNode][] = [
    ["Submitted", formatDateTime(submission.createdAt, timeZone)],
    ["Company", submission.company],
    ["Name", submission.name],
    ["Email", <EmailLink key="email" email={submission.email} />],
    ["Phone", submission.phone ? <PhoneLink key="phone" phone={submission.phone} /> : null],
    ["Efficiency score", submission.efficiencyScore],
    ["Level", submission.level],
    ["Band score", submission.bandScore],
    ["Recommendation", submission.recommendation],
    ["Not certain answers", submission.uncertainCount],
    ...submission.attribution,
  ];
  return (
    <LeadsPage title={`Assessment from ${submission.company.trim() || submission.name}`}>
      <BackLink to="/admin/leads">Back to all assessments</BackLink>
      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-lg bg-white p-5 ring-1 ring-line sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-ink-soft">{term}</dt>
            <dd className="break-words text-ink">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      <DataTable stackOnPhone>
        <caption className="p-3 text-left text-lg font-semibold text-navy">Answers</caption>
        <thead className="bg-paper">
          <tr>
            <th scope="col" className={headCellClass}>
              Question
            </th>
            <th scope="col" className={headCellClass}>
              Answer
            </th>
            <th scope="col" className={headCellClass}>
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {answers.map((answer) => (
            <tr key={answer.id}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {answer.prompt}
              </th>
              <td data-label="Answer" className={cellClass}>
                {answer.answer}
              </td>
              <td data-label="Score" className={cellClass}>
                {answer.score}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </LeadsPage>
  );
}

/** An id that names no submission: said plainly, inside the leads frame. */
export function ErrorBoundary() {
  rethrowUnlessNotFound(useRouteError());
  return (
    <LeadsPage title="Assessment not found">
      <p className="mt-6 text-ink-soft">No assessment has this number.</p>
      <BackLink to="/admin/leads" className="mt-4">
        Back to all assessments
      </BackLink>
    </LeadsPage>
  );
}
