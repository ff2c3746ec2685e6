// Insights subscribers for staff: how many are confirmed, waiting and unsubscribed; the list,
// searched and filtered by status; Remove; the CSV of everyone; and the import of a CSV file of
// people who agreed, who each get the opt-in email.
import type { Route } from "./+types/admin.subscribers";
import { data, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ChoiceLink } from "~/components/admin/choice-link";
import { Pagination } from "~/components/admin/pagination";
import { ToastNotice } from "~/components/ui/toast-notice";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  IMPORT_INTENT,
  ImportForm,
  ImportResult,
  REMOVE_SUBSCRIBER_INTENT,
  REMOVE_SUBSCRIBER_QUERY,
  RemoveSubscriberConfirmation,
  SUBSCRIBER_STATUS_LABELS,
  SubscriberFilterForm,
  SubscriberTable,
  importFormSchema,
  subscriberFilterParams,
  subscriberFiltersFrom,
  type SubscriberFilters,
} from "~/features/subscribers";
import {
  findSubscriber,
  importSubscribers,
  removeSubscriber,
  subscriberCounts,
  subscribersPage,
  type ImportSummary,
} from "~/features/subscribers/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { pressedButton } from "~/lib/button-form.server";
import { parseFields, readForm, refusedForm, refusedAtField } from "~/lib/form-action.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { dateOrderFrom, filterFrom, pageFrom, wholeNumber, withDateOrder } from "~/lib/url-filters";

export const headers = adminHeaders;
export const meta = adminMeta("Subscribers", "The people who get each Insights article by email.");

const PATH = "/admin/subscribers";
const PER_PAGE = 25;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const search = url.searchParams;
  const filters = subscriberFiltersFrom(search);
  const page = pageFrom(search);
  const order = dateOrderFrom(search);
  const { rows, total } = subscribersPage(filters, { page, perPage: PER_PAGE, order });
  const removeId = filterFrom(search, REMOVE_SUBSCRIBER_QUERY, wholeNumber);
  return data(
    {
      subscribers: rows,
      total,
      page,
      order,
      filters,
      counts: subscriberCounts(),
      removing: removeId === null ? undefined : findSubscriber(removeId),
    },
    { headers: noStore },
  );
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused, noStore);
  const { formData } = read;
  if (formData.get("intent") === IMPORT_INTENT) {
    const parsed = parseFields(formData, importFormSchema, { headers: noStore });
    if (parsed.refused) return parsed.refused;
    const outcome = await importSubscribers(
      auditSource(admin, args.context),
      await parsed.value.file.text(),
    );
    if ("refused" in outcome) {
      return refusedAtField(parsed.submission, "file", outcome.refused, noStore);
    }
    logEvent("info", "subscribers_import_by_staff", { by: admin.id });
    return data({ result: null, notice: null, report: outcome.summary }, { headers: noStore });
  }
  const pressed = pressedButton(formData, {
    intents: [REMOVE_SUBSCRIBER_INTENT],
    refusal: "Please use the Remove buttons beside a subscriber.",
  });
  if ("refused" in pressed) return pressed.refused;
  const removed = removeSubscriber(auditSource(admin, args.context), pressed.id);
  logEvent("info", "subscriber_removed_by_staff", {
    by: admin.id,
    subscriberId: pressed.id,
    removed: removed !== undefined,
  });
  const { pathname, search } = args.url;
  return redirectWithToast(
    pathname + search,
    removed
      ? makeToast(
          "success",
          "Subscriber removed",
          `${removed.email} is off the list; nothing more will be sent to them.`,
        )
      : makeToast("error", "Error", "That subscriber was already removed."),
    { status: 303 },
  );
}

/** The status links: everyone, or one status, each with its count. */
const statusChoices = [
  { value: null, label: "All" },
  { value: "confirmed", label: SUBSCRIBER_STATUS_LABELS.confirmed },
  { value: "pending", label: SUBSCRIBER_STATUS_LABELS.pending },
  { value: "unsubscribed", label: SUBSCRIBER_STATUS_LABELS.unsubscribed },
] as const;

function hrefOf(params: URLSearchParams) {
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export default function Subscribers() {
  const { subscribers, total, page, order, filters, counts, removing } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const params = subscriberFilterParams(filters);
  const listParams = withDateOrder(params, order);
  if (page > 1) listParams.set("page", String(page));
  const listHref = hrefOf(listParams);
  const statusHref = (status: SubscriberFilters["status"]) =>
    hrefOf(withDateOrder(subscriberFilterParams({ search: filters.search, status }), order));
  const all = counts.confirmed + counts.pending + counts.unsubscribed;
  const notice = actionData && "error" in actionData ? actionData.error : actionData?.notice;
  // Only the import's answer has a report; \`in\` leaves the other answers' \`report\` unknown.
  const report =
    actionData && "report" in actionData ? (actionData.report as ImportSummary) : undefined;
  return (
    <AdminPage
      title="Subscribers"
      subtitle="The people who get each new Insights article by email, once they confirm."
      actions={
        <a
          href="/admin/leads/export/subscribers"
          download
          className="font-semibold text-brand-strong underline"
        >
          Download all subscribers as CSV
        </a>
      }
    >
      {typeof notice === "string" ? (
        <div className="mt-6">
          <ToastNotice
            toast={{ id: "remove-refused", type: "error", title: "Error", description: notice }}
          />
        </div>
      ) : notice ? (
        <div className="mt-6" key={notice.id}>
          <ToastNotice toast={notice} takesFocus />
        </div>
      ) : null}
      {removing ? <RemoveSubscriberConfirmation subscriber={removing} listHref={listHref} /> : null}
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {(["confirmed", "pending", "unsubscribed"] as const).map((status) => (
          <div key={status} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-line">
            <dt className="text-sm font-medium text-ink-soft">
              {SUBSCRIBER_STATUS_LABELS[status]}
            </dt>
            <dd className="mt-1 text-3xl font-semibold text-navy">{counts[status]}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="list-heading" className="mt-10">
        <h2 id="list-heading" className="text-xl font-semibold text-navy">
          Subscribers ({total})
        </h2>
        <nav aria-label="Status" className="mt-4 flex flex-wrap gap-2">
          {statusChoices.map((choice) => (
            <ChoiceLink
              key={choice.label}
              to={statusHref(choice.value)}
              current={choice.value === filters.status}
            >
              {choice.label} ({choice.value === null ? all : counts[choice.value]})
            </ChoiceLink>
          ))}
        </nav>
        <SubscriberFilterForm filters={filters} order={order} />
        {/* An empty table would be headings over nothing: a sentence says so instead. */}
        {subscribers.length === 0 ? (
          <p className="mt-4 text-ink-soft">
            {filters.search || filters.status
              ? "No subscribers match these filters."
              : "No subscribers yet."}
          </p>
        ) : (
          <SubscriberTable
            subscribers={subscribers}
            order={order}
            params={params}
            listHref={listHref}
          />
        )}
        <Pagination
          path={PATH}
          page={page}
          perPage={PER_PAGE}
          total={total}
          params={withDateOrder(params, order)}
        />
      </section>
      <section aria-labelledby="import-heading" className="mt-12">
        <h2 id="import-heading" className="text-xl font-semibold text-navy">
          Import subscribers
        </h2>
        {report ? <ImportResult report={report} /> : null}
        <ImportForm lastResult={actionData && "result" in actionData ? actionData.result : null} />
      </section>
    </AdminPage>
  );
}
