// Contact messages, newest first: what people wrote, whether its email reached the firm, and
// whether someone has dealt with it.
import type { Route } from "./+types/admin.leads.messages";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { data } from "react-router";
import { ChoiceLink } from "~/components/admin/choice-link";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { Form, useLoaderData } from "react-router";
import { DateSortHeader } from "~/components/admin/date-sort-header";
import { Pagination } from "~/components/admin/pagination";
import { DateRangeForm, EmailLink, LeadsPage, PhoneLink } from "~/features/leads";
import {
  contactMessagesPage,
  handledCounts,
  markContactMessageHandled,
} from "~/features/contact/index.server";
import { messageFilterParams, messageFiltersFrom } from "~/features/contact";
import type { DeliveryState } from "~/features/outbox/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  dateOrderFrom,
  dateRangeParams,
  pageFrom,
  rangeShortcuts,
  withDateOrder,
} from "~/lib/url-filters";
import { siteConfig } from "~/lib/site-config.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readButtonForm } from "~/lib/button-form.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { Button } from "~/components/ui/button";

export const headers = adminHeaders;
export const meta = adminMeta("Contact messages", "Messages sent through the contact form.");

const PER_PAGE = 25;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const search = url.searchParams;
  const { timeZone } = siteConfig;
  const page = pageFrom(search);
  const filters = messageFiltersFrom(search, timeZone);
  const order = dateOrderFrom(search);
  const { rows, total } = contactMessagesPage(filters, { page, perPage: PER_PAGE, order });
  return data(
    {
      messages: rows,
      total,
      page,
      order,
      handled: filters.handled,
      counts: handledCounts(filters),
      rangeParams: dateRangeParams(filters, timeZone).toString(),
      filterParams: messageFilterParams(filters, timeZone).toString(),
      shortcuts: rangeShortcuts(new Date(), timeZone),
    },
    { headers: noStore },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const form = await readButtonForm(request, {
    intents: ["handled"],
    refusal: "Please use the Mark as handled buttons.",
  });
  if ("refused" in form) return form.refused;
  const { id } = form;
  const marked = markContactMessageHandled(auditSource(admin, context), id);
  logEvent("info", "contact_message_handled", { by: admin.id, messageId: id, marked });
  const { pathname, search } = url;
  return redirectWithToast(
    pathname + search,
    marked
      ? makeToast("success", "Marked as handled", "The message is marked as handled.")
      : makeToast("error", "Error", "That message no longer exists or was already handled."),
    { status: 303 },
  );
}

const deliveryWords: Record<DeliveryState, string> = {
  sent: "Email sent",
  failed: "Email failed",
  queued: "Email queued",
  none: "No email",
};

/** The handled filter's links: its ?handled= value and which count it shows. */
const handledChoices = [
  { value: null, label: "All", count: "all" },
  { value: false, label: "Not handled", count: "notHandled" },
  { value: true, label: "Handled", count: "handled" },
] as const;

export default function ContactMessages() {
  const { messages, total, page, order, handled, counts, rangeParams, filterParams, shortcuts } =
    useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const range = new URLSearchParams(rangeParams);
  const params = new URLSearchParams(filterParams);
  const handledHref = (value: boolean | null) => {
    const target = withDateOrder(range, order);
    if (value !== null) target.set("handled", value ? "yes" : "no");
    const query = target.toString();
    return query ? `/admin/leads/messages?${query}` : "/admin/leads/messages";
  };
  const kept = withDateOrder(new URLSearchParams(), order);
  if (handled !== null) kept.set("handled", handled ? "yes" : "no");
  return (
    <LeadsPage title="Contact messages">
      <h2 className="mt-8 text-xl font-semibold text-navy">Contact messages ({total})</h2>
      <DateRangeForm
        path="/admin/leads/messages"
        params={range}
        kept={kept}
        shortcuts={shortcuts}
        label="Filter contact messages"
      />
      <nav aria-label="Handled" className="mt-4 flex flex-wrap gap-2">
        {handledChoices.map((choice) => (
          <ChoiceLink
            key={choice.label}
            to={handledHref(choice.value)}
            current={choice.value === handled}
          >
            {choice.label} ({counts[choice.count]})
          </ChoiceLink>
        ))}
      </nav>
      <p className="mt-4">
        <a
          href={`/admin/leads/export/messages${filterParams ? `?${filterParams}` : ""}`}
          download
          className="font-semibold text-brand-strong underline"
        >
          Download contact messages as CSV
        </a>
      </p>
      {/* An empty table would be headings over nothing: a sentence says so instead. */}
      {messages.length === 0 ? (
        <p className="mt-4 text-ink-soft">
          {filterParams ? "No messages match these filters." : "No messages yet."}
        </p>
      ) : (
        <DataTable stackOnPhone>
          <caption className="sr-only">Contact messages, {order} first</caption>
          <thead className="bg-paper">
            <tr>
              <DateSortHeader
                path="/admin/leads/messages"
                label="Received"
                order={order}
                params={params}
                className={headCellClass}
              />
              <ColumnHeadings
                names={["From", "Message", "Email delivery", "Status"]}
                className={headCellClass}
              />
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td data-label="Received" className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(message.createdAt, timeZone)}
                </td>
                <td data-label="From" className={cellClass}>
                  <p className="font-semibold">{message.fullName}</p>
                  <EmailLink email={message.email} truncate />
                  {message.phone ? <PhoneLink phone={message.phone} /> : null}
                </td>
                <td
                  data-label="Message"
                  className={`${cellClass} max-w-md min-w-64 whitespace-pre-wrap`}
                >
                  {message.message}
                </td>
                <td data-label="Email delivery" className={cellClass}>
                  {deliveryWords[message.delivery]}
                  {message.delivery === "failed" || message.delivery === "queued"
                    ? ` (${message.attempts} attempts)`
                    : null}
                </td>
                <td data-label="Status" className={cellClass}>
                  {message.handledAt ? (
                    `Handled ${formatDateTime(message.handledAt, timeZone)}`
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="id" value={message.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="handled"
                        aria-label={`Mark the message from ${message.fullName} as handled`}
                        size="small"
                      >
                        Mark as handled
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination
        path="/admin/leads/messages"
        page={page}
        perPage={PER_PAGE}
        total={total}
        params={withDateOrder(params, order)}
      />
    </LeadsPage>
  );
}
