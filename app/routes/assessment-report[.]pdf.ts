// /assessment-report.pdf: the visitor's own results report, found by their signed assessment
// cookie like the results page, never by an id in the URL.
import type { Route } from "./+types/assessment-report[.]pdf";
import { redirect } from "react-router";
import {
  findReport,
  readAssessmentSession,
  reportLimitResponse,
  reportPdfResponse,
  reportProblemResponse,
} from "~/features/assessment/index.server";
import { clientIpOf } from "~/lib/request-context";
import { siteConfig } from "~/lib/site-config.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { state } = await readAssessmentSession(request);
  // Without a result in this browser, the results page says so and leads to the assessment.
  if (!state.result) return redirect("/assessment-results");
  const limited = await reportLimitResponse(clientIpOf(context), siteConfig);
  if (limited) return limited;
  const { submissionId } = state.result;
  const report = findReport(submissionId);
  if (!report) return reportProblemResponse("missing", siteConfig);
  return await reportPdfResponse(report, siteConfig);
}
