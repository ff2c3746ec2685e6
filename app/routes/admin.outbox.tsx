// The email outbox: what is waiting, what failed (with its last error and a retry), what went out.
import type { Route } from "./+types/admin.outbox";
import { data, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { TruncatedText } from "~/components/admin/truncated-text";
import { requireAdmin } from "~/features/accounts/index.server";
import { MessageLog, logViewFrom } from "~/features/outbox";
import { outboxPage, retryFailedMessage } from "~/features/outbox/index.server";
import { db } from "~/lib/db.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readButtonForm } from "~/lib/button-form.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Outbox", "Emails the site queued, sent or failed to send.");

const PER_PAGE = 25;
const EMAILS = { channel: "email" } as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = logViewFrom(url.searchParams);
  const { rows, totals } = outboxPage(db, view.state, { ...view, perPage: PER_PAGE }, EMAILS);
  return data({ view: { ...view, perPage: PER_PAGE, totals }, rows }, { headers: noStore });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readButtonForm(request, {
    intents: ["retry"],
    refusal: "Please use the Retry buttons.",
  });
  if ("refused" in form) return form.refused;
  const { id } = form;
  const retried = retryFailedMessage(db, id, EMAILS);
  logEvent("info", "outbox_retry_requested", { by: admin.id, outboxId: id, retried });
  return redirectWithToast(
    "/admin/outbox?state=failed",
    retried
      ? makeToast("success", "Queued again", "The email will be sent again shortly.")
      : makeToast("error", "Error", "That email is no longer waiting for a retry."),
    { status: 303 },
  );
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
          { heading: "Subject", cell: (email) => email.subject },
        ]}
        retryLabel={(email) => `Retry the email to ${email.recipient}: ${email.subject}`}
      />
    </AdminPage>
  );
}
