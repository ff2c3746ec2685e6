// The "Subscribe to Efficiency Updates" next step: the respondent gave their address with the
// assessment, so one button sends Insights' opt-in email there (decision 068). The results page
// finds them by their cookie; the email and the PDF, which cannot post, by their signed link.
import { data } from "react-router";
import { requestSubscription } from "~/features/subscribers/index.server";
import type { Queryable } from "~/lib/db-client.server";
import type { FormReply } from "~/lib/form-action.server";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { checkReportLink } from "./report-link.server";
import { findSubmission, findSubmissionByVisit } from "./submission-queries.server";

export type UpdatesLinkCheck =
  { kind: "valid"; submissionId: number } | { kind: "expired" | "invalid" | "missing" };

/** Whose submission a subscribe link (the report's, with /subscribe) is, or why it is none. */
export function checkUpdatesLink(db: Queryable, token: string, now: Date): UpdatesLinkCheck {
  const link = checkReportLink(token, now);
  if (link.kind !== "valid") {
    logEvent("info", "assessment_updates_link", { outcome: link.kind });
    return link;
  }
  const row = findSubmissionByVisit(db, link.visitId);
  return row ? { kind: "valid", submissionId: row.id } : { kind: "missing" };
}

/**
 * Sends the opt-in email to the submission's address, under the subscribers' own rules: a few
 * links an hour per address, nothing to an address already confirmed. False when the submission
 * is no longer stored.
 */
export async function subscribeRespondent(db: Queryable, submissionId: number): Promise<boolean> {
  const row = findSubmission(db, submissionId);
  if (!row) return false;
  await requestSubscription({
    email: row.email,
    name: `${row.firstName} ${row.lastName}`,
    source: "assessment",
  });
  return true;
}

/**
 * What the button's post answers, the same whether the address was sent a link, had its share
 * this hour or is subscribed already: the page must not tell whoever holds it which.
 */
export function updatesReply(subscribed: boolean, headers: Record<string, string>) {
  if (!subscribed) {
    return data<FormReply>(
      {
        result: null,
        notice: makeToast(
          "error",
          "We could not find your assessment",
          "It is no longer stored. Take the assessment again, or write to us and we will add you.",
        ),
      },
      { status: 404, headers },
    );
  }
  return data<FormReply>(
    {
      result: null,
      notice: makeToast(
        "success",
        "Check your inbox to confirm",
        "A confirmation link is on its way to the address you gave with your assessment, unless it is subscribed already. The updates start once you open it.",
      ),
    },
    { headers },
  );
}
