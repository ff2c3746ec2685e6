import { ChoiceLink } from "~/components/admin/choice-link";
// The email outbox: what is waiting, what failed (with its last error and a retry), what went out.
import type { Route } from "./+types/admin.outbox";
import { data } from "react-router";
import { ColumnHeadings, DataTable } from "~/components/admin/data-table";
import { TruncatedText } from "~/components/admin/truncated-text";
import { Form, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DateSortHeader } from "~/components/admin/date-sort-header";
import { Pagination } from "~/components/admin/pagination";
import { cellClass, formatDateTime, headCellClass } from "~/features/leads";
import { requireAdmin } from "~/features/accounts/index.server";
import { type OutboxState, outboxPage, retryFailedEmail } from "~/features/outbox/index.server";
import { db } from "~/lib/db.server";
import { dateOrderFrom, pageFrom, withDateOrder } from "~/lib/url-filters";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readButtonForm } from "~/lib/button-form.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { Button } from "~/components/ui/button";

export const headers = adminHeaders;
export const meta = adminMeta("Outbox", "Emails the site queued, sent or failed to send.");

const PER_PAGE = 25;
const states: { state: OutboxState; label: string }[] = [
  { state: "failed", label: "Failed" },
  { state: "queued", label: "Queued" },
  { state: "sent", label: "Sent" },
];

const stateFrom = (value: string | null): OutboxState =>
  value === "queued" || value === "sent" ? value : "failed";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = url.searchParams;
  const state = stateFrom(search.get("state"));
  const page = pageFrom(search);
  const order = dateOrderFrom(search);
  return data(
    { state, page, order, ...outboxPage(db, state, { page, perPage: PER_PAGE, order }) },
    { headers: noStore },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readButtonForm(request, {
    intents: ["retry"],
    refusal: "Please use the Retry buttons.",
  });
  if ("refused" in form) return form.refused;
  const { id } = form;
  const retried = retryFailedEmail(db, id);
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
  const { state, page, order, rows, totals } = useLoaderData<typeof loader>();
  const params = new URLSearchParams({ state });
  return (
    <AdminPage title="Outbox">
      <nav aria-label="Email state" className="mt-6 flex flex-wrap gap-2">
        {states.map((option) => (
          <ChoiceLink
            key={option.state}
            to={`?state=${option.state}`}
            current={option.state === state}
          >
            {option.label} ({totals[option.state]})
          </ChoiceLink>
        ))}
      </nav>
      <DataTable>
        <caption className="sr-only">
          {states.find((option) => option.state === state)?.label} emails, {order} first
        </caption>
        <thead className="bg-paper">
          <tr>
            <DateSortHeader
              path="/admin/outbox"
              label="Queued at"
              order={order}
              params={params}
              className={headCellClass}
            />
            <ColumnHeadings
              names={["To", "Subject", "Attempts", "Last error", "Status"]}
              className={headCellClass}
            />
          </tr>
        </thead>
        <tbody>
          {rows.map((email) => (
            <tr key={email.id}>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(email.createdAt)}
              </td>
              <td className={cellClass}>
                <TruncatedText text={email.recipient} />
              </td>
              <td className={cellClass}>{email.subject}</td>
              <td className={cellClass}>{email.attempts}</td>
              <td className={`${cellClass} break-words`}>{email.lastError}</td>
              <td className={cellClass}>
                {email.failedAt ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={email.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="retry"
                      aria-label={`Retry the email to ${email.recipient}: ${email.subject}`}
                      size="small"
                    >
                      Retry
                    </Button>
                  </Form>
                ) : email.sentAt ? (
                  `Sent ${formatDateTime(email.sentAt)}`
                ) : (
                  `Next try ${formatDateTime(email.nextAttemptAt)}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {rows.length === 0 ? <p className="mt-4 text-ink-soft">No emails here.</p> : null}
      <Pagination
        path="/admin/outbox"
        page={page}
        perPage={PER_PAGE}
        total={totals[state]}
        params={withDateOrder(params, order)}
      />
    </AdminPage>
  );
}
