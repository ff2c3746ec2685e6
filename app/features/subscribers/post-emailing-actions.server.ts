// The blog admin's two buttons for a post's emails, as the route's one-post actions (beside the
// insights feature's POST_ACTIONS): each sends, then says what it did in a notice, or answers null
// for a post that is not there. Sending again is recorded in the audit log as `by`, the staff
// member and client address the route passes.
import type { AuditSource } from "~/lib/audit.server";
import { countOf } from "~/lib/plural";
import { makeToast, type Toast } from "~/lib/toast";
import { db } from "~/lib/db.server";
import { SEND_AGAIN_INTENT, SEND_TEST_INTENT } from "./components/post-emailing";
import { sendPostAgain, sendTestEmail } from "./newsletter.server";

export const POST_EMAILING_ACTIONS = {
  [SEND_AGAIN_INTENT]: {
    failure: "Failed to email the post to the subscribers",
    run: async (id: string, by: AuditSource): Promise<Toast | null> => {
      const outcome = await sendPostAgain(db, id, by);
      if (outcome.status === "not-found") return null;
      if (outcome.status === "not-live") {
        return makeToast(
          "error",
          "Error",
          `"${outcome.title}" is not on the site, so it cannot be sent again`,
        );
      }
      const to = countOf(outcome.recipients, "subscriber");
      return makeToast("success", "Success", `"${outcome.title}" is being emailed again to ${to}`);
    },
  },
  [SEND_TEST_INTENT]: {
    failure: "Failed to send the test email",
    run: async (id: string, by: AuditSource): Promise<Toast | null> => {
      const outcome = await sendTestEmail(db, id, by.actor.email);
      if (outcome.status === "not-found") return null;
      const sent = `A test of "${outcome.title}" is on its way to ${by.actor.email}`;
      return makeToast("success", "Success", sent);
    },
  },
};
