// One email of the outbox as it was (or will be) sent: where it stands, its headers, and its body
// as text: the plain-text part, the HTML part as its source, never rendered, and the calendar it
// carries, if any.
import type { Route } from "./+types/admin.outbox.$id";
import { data, useLoaderData, useRouteError } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { rethrowUnlessNotFound } from "~/components/admin/record-not-found";
import { requireAdmin } from "~/features/accounts/index.server";
import { MessageFacts, MessageText } from "~/features/outbox";
import { emailAsSent } from "~/features/outbox/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta("Email", "One email of the outbox, as it was sent.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const id = Number(params.id);
  const email = Number.isSafeInteger(id) && id > 0 ? emailAsSent(id) : undefined;
  if (!email) throw data(null, { status: 404, headers: noStore });
  const { row, headers, calendar } = email;
  return data(
    {
      message: {
        id: row.id,
        subject: row.subject ?? "",
        attempts: row.attempts,
        lastError: row.lastError,
        nextAttemptAt: row.nextAttemptAt,
        heldAt: row.heldAt,
        sentAt: row.sentAt,
        failedAt: row.failedAt,
        createdAt: row.createdAt,
      },
      headers,
      text: row.textBody ?? "",
      html: row.htmlBody ?? "",
      calendar: calendar ?? null,
    },
    { headers: noStore },
  );
}

const calendarMeaning = { REQUEST: "An invitation", CANCEL: "A cancellation" } as const;

export default function OutboxEmail() {
  const { message, headers, text, html, calendar } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={message.subject || "Email"} subtitle="An email of the outbox">
      <BackLink to="/admin/outbox">Back to the outbox</BackLink>
      <MessageFacts message={message}>
        <dt className="font-semibold text-ink-soft">Calendar</dt>
        <dd>
          {calendar
            ? `${calendarMeaning[calendar.method]} (METHOD:${calendar.method}), as a text/calendar part and ${calendar.fileName}`
            : "None"}
        </dd>
      </MessageFacts>
      <MessageText
        heading="Headers"
        text={headers.map(([name, value]) => `${name}: ${value}`).join("\n")}
      />
      <MessageText heading="Text" text={text} />
      <MessageText heading="HTML source" text={html} />
      {calendar && <MessageText heading="Calendar" text={calendar.content} />}
    </AdminPage>
  );
}

/** An id that names no email: said plainly, inside the admin's frame. */
export function ErrorBoundary() {
  rethrowUnlessNotFound(useRouteError());
  return (
    <AdminPage title="Email not found">
      <p className="mt-6 text-ink-soft">No email of the outbox has this number.</p>
      <BackLink to="/admin/outbox">Back to the outbox</BackLink>
    </AdminPage>
  );
}
