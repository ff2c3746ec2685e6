// One delivery of a webhook endpoint: where it stands, the receiver's answer, and the body it
// carries, exactly as signed and sent, as text.
import type { Route } from "./+types/admin.webhooks.$id.deliveries.$deliveryId";
import { data, useLoaderData, useParams, useRouteError } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { rethrowUnlessNotFound } from "~/components/admin/record-not-found";
import { requireAdmin } from "~/features/accounts/index.server";
import { MessageFacts, MessageText } from "~/features/outbox";
import { findMessage } from "~/features/outbox/index.server";
import { eventLabel } from "~/features/webhooks";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { noStore } from "~/lib/headers";

export const headers = adminHeaders;
export const meta = adminMeta("Webhook delivery", "One delivery and the body it carries.");

const positive = (value: string) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const endpointId = positive(params.id);
  const id = positive(params.deliveryId);
  const row = endpointId && id ? findMessage(id, { channel: "webhook", endpointId }) : undefined;
  if (!row) throw data(null, { status: 404, headers: noStore });
  return data(
    {
      delivery: {
        id: row.id,
        eventType: row.eventType ?? "",
        eventId: row.eventId ?? "",
        responseStatus: row.responseStatus,
        attempts: row.attempts,
        lastError: row.lastError,
        nextAttemptAt: row.nextAttemptAt,
        heldAt: row.heldAt,
        sentAt: row.sentAt,
        failedAt: row.failedAt,
        createdAt: row.createdAt,
      },
      payload: row.payload ?? "",
    },
    { headers: noStore },
  );
}

export default function WebhookDelivery() {
  const { delivery, payload } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={`${eventLabel(delivery.eventType)} delivery`} subtitle={delivery.eventId}>
      <BackToEndpoint />
      <MessageFacts message={delivery}>
        <dt className="font-semibold text-ink-soft">Answer</dt>
        <dd>
          {delivery.responseStatus === null ? "None" : `HTTP status ${delivery.responseStatus}`}
        </dd>
      </MessageFacts>
      <MessageText heading="Body" text={payload} />
    </AdminPage>
  );
}

function BackToEndpoint() {
  const { id } = useParams();
  return <BackLink to={`/admin/webhooks/${id}`}>Back to the endpoint</BackLink>;
}

/** An id that names no delivery of this endpoint: said plainly, inside the admin's frame. */
export function ErrorBoundary() {
  rethrowUnlessNotFound(useRouteError());
  return (
    <AdminPage title="Delivery not found">
      <p className="mt-6 text-ink-soft">This endpoint has no delivery with this number.</p>
      <BackToEndpoint />
    </AdminPage>
  );
}
