// A respondent's results report: what the results page showed them and the ten answers behind it,
// read from their stored submission and answered as a PDF download.
import { isoDate } from "~/lib/dates";
import type { Queryable } from "~/lib/db-client.server";
import { privateNoStore } from "~/lib/headers";
import {
  answersInWords,
  levelFor,
  recommendationFor,
  uncertainCountOf,
  type AnswerInWords,
  type EfficiencyLevel,
  type Recommendation,
} from "./scoring";
import {
  answersOf,
  findSubmission,
  findSubmissionByVisit,
  type SubmissionRow,
} from "./submission-queries.server";
import { RenderPoolBusy, runInPool } from "~/lib/render-pool.server";
import { REPORT_PDF_WORKER, reportPdf } from "./report-pdf.worker";
import type { ReportSite } from "./report-pdf.server";
import { reportLinkUrl, updatesLinkUrl } from "./report-link.server";

export type AssessmentReport = {
  /** The visit that submitted, which the signed links are made for; none before visits were kept. */
  visitId: string | null;
  submittedAt: Date;
  name: string;
  company: string;
  efficiencyScore: number;
  uncertainCount: number;
  level: EfficiencyLevel;
  recommendation: Recommendation;
  answers: AnswerInWords[];
};

/** From the stored scores, as the results page draws them, so the report says what it said. */
function reportOf(row: SubmissionRow): AssessmentReport {
  const answers = answersOf(row);
  const uncertainCount = uncertainCountOf(answers);
  return {
    visitId: row.visitId,
    submittedAt: row.createdAt,
    name: `${row.firstName} ${row.lastName}`,
    company: row.company,
    efficiencyScore: row.efficiencyScore,
    uncertainCount,
    level: levelFor(row.efficiencyScore),
    recommendation: recommendationFor(row.bandScore, uncertainCount),
    answers: answersInWords(answers),
  };
}

export function findReport(db: Queryable, submissionId: number): AssessmentReport | undefined {
  const row = findSubmission(db, submissionId);
  return row && reportOf(row);
}

export function findReportOfVisit(db: Queryable, visitId: string): AssessmentReport | undefined {
  const row = findSubmissionByVisit(db, visitId);
  return row && reportOf(row);
}

function reportFileName(report: AssessmentReport): string {
  return `operational-efficiency-report-${isoDate(report.submittedAt)}.pdf`;
}

/**
 * The "Subscribe to Efficiency Updates" step's page, signed like the emailed report link, for a
 * report that recommends it: a PDF cannot post, so it links to the page with the one button.
 */
function updatesUrlOf(report: AssessmentReport, origin: string, now: Date): string | null {
  if (report.recommendation.kind !== "low" || report.visitId === null) return null;
  return updatesLinkUrl(reportLinkUrl(report.visitId, origin, now));
}

export async function reportPdfResponse(
  report: AssessmentReport,
  site: ReportSite,
  now = new Date(),
): Promise<Response> {
  const input = { report, site, updatesUrl: updatesUrlOf(report, site.origin, now) };
  let pdf: Uint8Array;
  try {
    pdf = await runInPool({ workerFile: REPORT_PDF_WORKER, task: "reportPdf", input }, () =>
      reportPdf(input),
    );
  } catch (error) {
    if (error instanceof RenderPoolBusy) return error.response();
    throw error;
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${reportFileName(report)}"`,
      // One person's answers: no shared cache may keep them, nor the browser's own.
      ...privateNoStore,
      // Nor a search engine that came by a forwarded link: a PDF has no <meta> to say so.
      "X-Robots-Tag": "noindex",
    },
  });
}
