// The link in the respondent's result email to their report: the visit that submitted and when the
// link stops working, signed with the server's secret, so nobody can reach another person's report
// by changing the address. See docs/decisions/034.
import crypto from "node:crypto";
import { env } from "~/lib/env.server";

/**
 * How long an emailed link works. Long enough to come back to the report after a holiday; short
 * enough that a forwarded or leaked email stops showing a person's answers to whoever holds it.
 */
export const REPORT_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// The visit's id is a UUID, the expiry whole seconds since the epoch, the signature 32 bytes.
const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([\w-]{43})$/;

export type ReportLinkCheck =
  { kind: "valid"; visitId: string } | { kind: "expired" } | { kind: "invalid" };

// The secret also signs the site's cookies: naming the purpose in what is signed keeps a
// signature made for one from ever passing for the other.
function signature(visitId: string, expiresAtSeconds: string, secret: string): Buffer {
  return crypto
    .createHmac("sha256", secret)
    .update(`assessment-report:${visitId}:${expiresAtSeconds}`)
    .digest();
}

export function signReportToken(visitId: string, expiresAt: Date, secret: string): string {
  const seconds = String(Math.floor(expiresAt.getTime() / 1000));
  return `${visitId}.${seconds}.${signature(visitId, seconds, secret).toString("base64url")}`;
}

/** Only a token this server signed says "expired": anything else is simply not a link of ours. */
export function checkReportToken(token: string, now: Date, secret: string): ReportLinkCheck {
  const match = TOKEN.exec(token);
  if (!match) return { kind: "invalid" };
  const [, visitId = "", seconds = "", given = ""] = match;
  const expected = signature(visitId, seconds, secret);
  const presented = Buffer.from(given, "base64url");
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
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
