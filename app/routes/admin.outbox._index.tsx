// The email outbox: every email, newest first, or those waiting (with Send now, and Discard for what
// a restore held back), failed (with its last error and a retry) or sent; each opens on its page.
import type { Route } from "./+types/admin.outbox._index";
import { data, Link, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { TruncatedText } from "~/components/admin/truncated-text";
import { requireAdmin } from "~/features/accounts/index.server";
import { MessageLog, logViewFrom } from "~/features/outbox";
import {
  discardHeldMessage,
  outboxPage,
  retryFailedMessage,
  sendQueuedNow,
} from "~/features/outbox/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readButtonForm } from "~/lib/button-form.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast, type Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Outbox", "Emails the site queued, sent or failed to send.");

const PER_PAGE = 25;
const EMAILS = { channel: "email" } as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const view = logViewFrom(url.searchParams);
  const { rows, totals } = outboxPage(view.state, { ...view, perPage: PER_PAGE }, EMAILS);
  return data({ view: { ...view, perPage: PER_PAGE, totals }, rows }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const form = await readButtonForm(request, {
    intents: ["retry", "send-now", "discard"],
    intentsWithoutId: ["send-all"],
    refusal: "Please use the Retry, Send now or Discard buttons.",
  });
  if ("refused" in form) return form.refused;
  const { intent, id } = form;
  if (intent === "retry") {
    const retried = retryFailedMessage(id, EMAILS);
    logEvent("info", "outbox_retry_requested", { by: admin.id, outboxId: id, retried });
    return answer(
      "failed",
      retried
        ? makeToast("success", "Queued again", "The email will be sent again shortly.")
        : makeToast("error", "Error", "That email is no longer waiting for a retry."),
    );
  }
  if (intent === "discard") {
    const discarded = discardHeldMessage(id, EMAILS);
    logEvent("info", "outbox_discarded", { by: admin.id, outboxId: id, discarded });
    return answer(
      "queued",
      discarded
        ? makeToast("success", "Discarded", "The email will not be sent.")
        : makeToast("error", "Error", "That email is no longer held."),
    );
  }
  const released = sendQueuedNow(EMAILS, id ?? undefined);
  logEvent("info", "outbox_send_now", { by: admin.id, outboxId: id, released });
  return answer(
    "queued",
    released > 0
      ? makeToast(
          "success",
          "Sending now",
          released === 1 ? "The email is being sent." : `${released} emails are being sent.`,
        )
      : makeToast("error", "Error", "Nothing was waiting to be sent."),
  );
}

function answer(state: "queued" | "failed", toast: Toast) {
  return redirectWithToast(`/admin/outbox?state=${state}`, toast, { status: 303 });
}

export default function Outbox() {
  const { view, rows } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Outbox">
      <MessageLog
        path="/admin/outbox"
        what="emails"
        view={view}
        rows={rows}
        columns={[
          { heading: "To", cell: (email) => <TruncatedText text={email.recipient ?? ""} /> },
          {
            heading: "Subject",
            cell: (email) => (
              <Link
                to={`/admin/outbox/${email.id}`}
                className="font-semibold text-brand-strong underline"
              >
                {email.subject || "(no subject)"}
              </Link>
            ),
          },
        ]}
        retryLabel={(email) => `Retry the email to ${email.recipient}: ${email.subject}`}
        sendNowLabel={(email) => `Send the email to ${email.recipient} now: ${email.subject}`}
      />
    </AdminPage>
  );
}
