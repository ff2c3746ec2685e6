// The results report's PDF, drawn in the render pool's worker (app/lib/render-pool.server.ts), so
// the main thread neither loads the renderer nor waits while it lays a report out. Built on its own
// into build/workers/ (vite.workers.config.ts).
import type { AssessmentReport } from "./report.server";
import { renderReportPdf, type ReportSite } from "./report-pdf.server";

export const REPORT_PDF_WORKER = "report-pdf.worker.js";

export function reportPdf(input: {
  report: AssessmentReport;
  site: ReportSite;
  updatesUrl: string | null;
}): Promise<Buffer> {
  return renderReportPdf(input.report, input.site, input.updatesUrl);
}
