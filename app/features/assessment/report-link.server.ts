// The link in the respondent's result email to their report: the visit that submitted and when the
// link stops working, signed with the server's secret, so nobody can reach another person's report
// by changing the address. See docs/decisions/034.
import { env } from "~/lib/env.server";
import { linkSignatureMatches, signLinkValue, SIGNATURE_PATTERN } from "~/lib/signed-links.server";

/**
 * How long an emailed link works. Long enough to come back to the report after a holiday; short
 * enough that a forwarded or leaked email stops showing a person's answers to whoever holds it.
 */
export const REPORT_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// The visit's id is a UUID, the expiry whole seconds since the epoch, the signature 32 bytes.
const TOKEN = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(\\d{1,12})\\.(${SIGNATURE_PATTERN})$`,
);
const PURPOSE = "assessment-report";

export type ReportLinkCheck =
  { kind: "valid"; visitId: string } | { kind: "expired" } | { kind: "invalid" };

export function signReportToken(visitId: string, expiresAt: Date, secret: string): string {
  const seconds = String(Math.floor(expiresAt.getTime() / 1000));
  return `${visitId}.${seconds}.${signLinkValue(PURPOSE, `${visitId}:${seconds}`, secret)}`;
}

/** Only a token this server signed says "expired": anything else is simply not a link of ours. */
export function checkReportToken(token: string, now: Date, secret: string): ReportLinkCheck {
  const match = TOKEN.exec(token);
  if (!match) return { kind: "invalid" };
  const [, visitId = "", seconds = "", given = ""] = match;
  if (!linkSignatureMatches(PURPOSE, `${visitId}:${seconds}`, given, secret)) {
    return { kind: "invalid" };
  }
  if (Number(seconds) * 1000 <= now.getTime()) return { kind: "expired" };
  return { kind: "valid", visitId };
}

/** The absolute address of the report for the visit that submitted, working for 30 days. */
export function reportLinkUrl(visitId: string, origin: string, now: Date): string {
  const expiresAt = new Date(now.getTime() + REPORT_LINK_DAYS * DAY_MS);
  const token = signReportToken(visitId, expiresAt, env.SESSION_SECRET);
  return new URL(`/assessment-report/${token}`, origin).href;
}

export function checkReportLink(token: string, now: Date): ReportLinkCheck {
  return checkReportToken(token, now, env.SESSION_SECRET);
}

/**
 * The page behind the same signed link that subscribes the respondent to the efficiency updates:
 * an email or a PDF cannot post, so it links to a page with the one button (decision 068).
 */
export function updatesLinkUrl(reportUrl: string): string {
  return `${reportUrl}/subscribe`;
}
