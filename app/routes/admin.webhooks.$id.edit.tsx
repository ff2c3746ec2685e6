// Editing a webhook endpoint: its address, description and events, the address checked as when it
// was added. Its signing secret and deliveries stay as they are.
import type { Route } from "./+types/admin.webhooks.$id.edit";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ToastNotice } from "~/components/ui/toast-notice";
import { requireAdmin } from "~/features/accounts/index.server";
import { EndpointForm, endpointSchema } from "~/features/webhooks";
import { findEndpoint, updateEndpoint } from "~/features/webhooks/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { parseForm, refusedAtField } from "~/lib/form-action.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Edit webhook endpoint", "Change where an endpoint's events go.");

function endpointOf(params: { id: string }) {
  const id = Number(params.id);
  const endpoint = Number.isSafeInteger(id) && id > 0 ? findEndpoint(id) : undefined;
  if (!endpoint) throw data(null, { status: 404, headers: noStore });
  return endpoint;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { id, url, description, events } = endpointOf(params);
  return data({ endpoint: { id, url, description, events } }, { headers: noStore });
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { id } = endpointOf(args.params);
  const parsed = await parseForm(args, { schema: endpointSchema, headers: noStore });
  if (parsed.refused) return parsed.refused;
  const saved = await updateEndpoint(auditSource(admin, args.context), id, parsed.value);
  // Removed by someone else while this form was open.
  if (!saved) throw data(null, { status: 404, headers: noStore });
  if (saved.outcome === "refused") {
    const why = `This address cannot receive webhooks: ${saved.reason}`;
    return refusedAtField(parsed.submission, "url", why, noStore);
  }
  logEvent("info", "webhook_endpoint_changed", {
    by: admin.id,
    endpointId: id,
    host: new URL(saved.endpoint.url).hostname,
  });
  return redirectWithToast(
    `/admin/webhooks/${id}`,
    makeToast("success", "Endpoint saved", "Deliveries from now on go to it as it is now."),
    { status: 303 },
  );
}

export default function EditWebhookEndpoint() {
  const { endpoint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = `/admin/webhooks/${endpoint.id}`;
  return (
    <AdminPage title="Edit webhook endpoint" subtitle={endpoint.url}>
      <p className="mt-6">
        <Link to={here} className="font-semibold text-brand-strong underline">
          Back to the endpoint
        </Link>
      </p>
      {actionData?.notice ? (
        <div className="mt-6" key={actionData.notice.id}>
          <ToastNotice toast={actionData.notice} />
        </div>
      ) : null}
      <EndpointForm
        lastResult={actionData?.result}
        defaultValue={{
          url: endpoint.url,
          description: endpoint.description,
          events: endpoint.events,
        }}
        submitLabel="Save endpoint"
      />
    </AdminPage>
  );
}
