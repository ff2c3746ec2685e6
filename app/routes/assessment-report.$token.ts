// /assessment-report/<token>: the results report from the link in the respondent's email, signed
// and expiring (docs/decisions/034). A link that has expired, was altered or was never ours
// answers a page saying so, with the way to a new report.
import type { Route } from "./+types/assessment-report.$token";
import {
  checkReportLink,
  findReportOfVisit,
  reportLimitResponse,
  reportPdfResponse,
  reportProblemResponse,
} from "~/features/assessment/index.server";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";
import { siteConfig } from "~/lib/site-config.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const limited = await reportLimitResponse(clientIpOf(context), siteConfig);
  if (limited) return limited;
  const link = checkReportLink(params.token, new Date());
  if (link.kind !== "valid") {
    logEvent("info", "assessment_report_link", { outcome: link.kind });
    return reportProblemResponse(link.kind, siteConfig);
  }
  const report = findReportOfVisit(link.visitId);
  if (!report) return reportProblemResponse("missing", siteConfig);
  return await reportPdfResponse(report, siteConfig);
}
