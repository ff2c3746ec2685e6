// What a report link answers when it cannot give the report: a small page of its own, in the
// site's colours, saying why and offering the way forward. The link is a download, answered by a
// resource route, so it has no place in the site's React frame; this page needs none of it.
import { renderToStaticMarkup } from "react-dom/server";
import { privateNoStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { REPORT_LINK_DAYS } from "./report-link.server";

export type ReportProblem = "expired" | "invalid" | "missing" | "too-many";

const problems: Record<ReportProblem, { status: number; title: string; text: string }> = {
  expired: {
    status: 410,
    title: "This link has expired",
    text: `Links to an assessment report work for ${REPORT_LINK_DAYS} days, to keep your answers private. Take the assessment again for a new report, or write to us and we will send you a copy.`,
  },
  invalid: {
    status: 404,
    title: "This link is not valid",
    text: "The link may have been cut short on its way here. Open it again from your email, or take the assessment again for a new report.",
  },
  "too-many": {
    status: 429,
    title: "Too many reports at once",
    text: "This connection has asked for many reports in the last few minutes. Please wait a few minutes and open the link again.",
  },
  missing: {
    status: 404,
    title: "We could not find this report",
    text: "The assessment this report was made from is no longer stored. Take the assessment again for a new report, or write to us and we will help.",
  },
};

export function reportProblemResponse(
  problem: ReportProblem,
  site: { brand: string; email: string },
  headers: Record<string, string> = {},
) {
  const { status, title, text } = problems[problem];
  const page = renderToStaticMarkup(
    <ReportProblemPage brand={site.brand} email={site.email} title={title} text={text} />,
  );
  return new Response(`<!DOCTYPE html>${page}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      ...privateNoStore,
      ...headers,
    },
  });
}

const link = { color: "#115e59", fontWeight: 600 };

function ReportProblemPage({
  brand,
  email,
  title,
  text,
}: {
  brand: string;
  email: string;
  title: string;
  text: string;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${brand}`}</title>
      </head>
      <body
        style={{
          margin: 0,
          fontFamily: "system-ui, sans-serif",
          color: "#0f1b2d",
          background: "#f8fafc",
        }}
      >
        <div style={{ background: "#0a1628", color: "white", padding: "20px 24px" }}>
          <a href="/" style={{ color: "white", fontWeight: 600, textDecoration: "none" }}>
            {brand}
          </a>
        </div>
        <main style={{ maxWidth: "40rem", margin: "0 auto", padding: "48px 24px" }}>
          <h1 style={{ fontFamily: "Georgia, serif", color: "#10243e" }}>{title}</h1>
          <p style={{ fontSize: "1.125rem", lineHeight: 1.6, color: "#33415c" }}>{text}</p>
          <p style={{ lineHeight: 2 }}>
            <a href="/efficiency-assessment" style={link}>
              Take the assessment again
            </a>
            <br />
            <a href={`mailto:${email}`} style={link}>
              {`Write to us at ${email}`}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}

/**
 * The page for an address that has asked for too many reports lately (each is drawn on request
 * and holds the server a moment), or null while it may have another.
 */
export async function reportLimitResponse(
  clientIp: string,
  site: { brand: string; email: string },
): Promise<Response | null> {
  const decision = await rateLimiter("reportDownload").hit(clientIp);
  if (decision.allowed) return null;
  logEvent("warn", "rate_limited", { path: "assessment-report", clientIp });
  return reportProblemResponse("too-many", site, {
    "Retry-After": String(decision.retryAfterSeconds),
  });
}
