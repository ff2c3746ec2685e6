// Webhooks: the endpoints that receive leads as they arrive, and the form that adds one.
import type { Route } from "./+types/admin.webhooks._index";
import { formatDateTime } from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ColumnHeadings, DataTable, cellClass, headCellClass } from "~/components/admin/data-table";
import { ToastNotice } from "~/components/ui/toast-notice";
import { requireAdmin } from "~/features/accounts/index.server";
import { EndpointForm, endpointSchema, eventLabel } from "~/features/webhooks";
import { addEndpoint, listEndpoints } from "~/features/webhooks/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { parseForm, refusedAtField } from "~/lib/form-action.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Webhooks", "Where the site sends leads as they arrive.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return data({ endpoints: listEndpoints() }, { headers: noStore });
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const parsed = await parseForm(args, { schema: endpointSchema, headers: noStore });
  if (parsed.refused) return parsed.refused;
  const saved = await addEndpoint(auditSource(admin, args.context), parsed.value);
  if (saved.outcome === "refused") {
    const why = `This address cannot receive webhooks: ${saved.reason}`;
    return refusedAtField(parsed.submission, "url", why, noStore);
  }
  const { endpoint } = saved;
  logEvent("info", "webhook_endpoint_added", {
    by: admin.id,
    endpointId: endpoint.id,
    host: new URL(endpoint.url).hostname,
  });
  return redirectWithToast(
    `/admin/webhooks/${endpoint.id}`,
    makeToast("success", "Endpoint added", "Give its signing secret to the receiving system."),
    { status: 303 },
  );
}

export default function Webhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timeZone = useTimeZone();
  return (
    <AdminPage
      title="Webhooks"
      subtitle="Each new contact message or assessment is sent, signed, to the endpoints that chose it."
    >
      {actionData?.notice ? (
        <div className="mt-6" key={actionData.notice.id}>
          <ToastNotice toast={actionData.notice} />
        </div>
      ) : null}
      <DataTable stackOnPhone>
        <caption className="sr-only">Webhook endpoints</caption>
        <thead className="bg-paper">
          <tr>
            <ColumnHeadings
              names={["Endpoint", "Events", "Added", "Failed deliveries"]}
              className={headCellClass}
            />
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <td data-label="Endpoint" className={`${cellClass} break-all`}>
                <Link
                  to={`/admin/webhooks/${endpoint.id}`}
                  className="font-semibold text-brand-strong underline"
                >
                  {endpoint.url}
                </Link>
                {endpoint.description ? (
                  <span className="block text-ink-soft">{endpoint.description}</span>
                ) : null}
              </td>
              <td data-label="Events" className={cellClass}>
                {endpoint.events.map(eventLabel).join(", ")}
              </td>
              <td data-label="Added" className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(endpoint.createdAt, timeZone)}
              </td>
              <td data-label="Failed deliveries" className={cellClass}>
                {endpoint.failed}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {endpoints.length === 0 ? (
        <p className="mt-4 text-ink-soft">No endpoints yet: leads reach the firm by email only.</p>
      ) : null}
      <section aria-labelledby="add-endpoint-heading" className="mt-10">
        <h2 id="add-endpoint-heading" className="text-xl font-semibold text-navy">
          Add an endpoint
        </h2>
        <EndpointForm lastResult={actionData?.result} />
      </section>
    </AdminPage>
  );
}
