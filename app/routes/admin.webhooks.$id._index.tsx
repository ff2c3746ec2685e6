// One webhook endpoint: its address, events and signing secret, a test event (its delivery marked
// in the log when the page comes back), and its delivery log with a retry for what failed.
import type { Route } from "./+types/admin.webhooks.$id._index";
import { data, Form, Link, useLoaderData, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { TruncatedText } from "~/components/admin/truncated-text";
import { Button, buttonClassName } from "~/components/ui/button";
import { requireAdmin } from "~/features/accounts/index.server";
import { MessageLog, logViewFrom } from "~/features/outbox";
import { outboxPage, retryFailedMessage } from "~/features/outbox/index.server";
import { eventLabel } from "~/features/webhooks";
import {
  findEndpoint,
  queueTestEvent,
  removeEndpoint,
  replaceSecret,
} from "~/features/webhooks/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { filterFrom, wholeNumber } from "~/lib/url-filters";
import { readButtonForm } from "~/lib/button-form.server";
import { auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Webhook endpoint", "One endpoint and its deliveries.");

const PER_PAGE = 25;

function endpointOf(params: { id: string }) {
  const id = Number(params.id);
  const endpoint = Number.isSafeInteger(id) && id > 0 ? findEndpoint(id) : undefined;
  if (!endpoint) throw data(null, { status: 404, headers: noStore });
  return endpoint;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const endpoint = endpointOf(params);
  const view = logViewFrom(url.searchParams);
  const { rows, totals } = outboxPage(
    view.state,
    { ...view, perPage: PER_PAGE },
    { channel: "webhook", endpointId: endpoint.id },
  );
  return data(
    {
      endpoint,
      removing: url.searchParams.has("remove"),
      // The delivery "Send test event" just queued.
      queued: filterFrom(url.searchParams, "queued", wholeNumber) ?? undefined,
      view: { ...view, perPage: PER_PAGE, totals },
      rows,
    },
    { headers: noStore },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const endpoint = endpointOf(params);
  const form = await readButtonForm(request, {
    intents: ["test", "retry", "new-secret", "remove"],
    refusal: "Please use the buttons on this page.",
  });
  if ("refused" in form) return form.refused;
  const here = `/admin/webhooks/${endpoint.id}`;
  const log = { by: admin.id, endpointId: endpoint.id };
  switch (form.intent) {
    case "test": {
      const delivery = queueTestEvent(endpoint.id);
      logEvent("info", "webhook_test_queued", { ...log, outboxId: delivery });
      return redirectWithToast(
        `${here}?queued=${delivery}#message-${delivery}`,
        makeToast(
          "success",
          "Test event queued",
          "Its delivery is marked in the log below, with where it stands.",
        ),
        { status: 303 },
      );
    }
    case "retry": {
      const retried = retryFailedMessage(form.id, {
        channel: "webhook",
        endpointId: endpoint.id,
      });
      logEvent("info", "outbox_retry_requested", { ...log, outboxId: form.id, retried });
      return redirectWithToast(
        `${here}?state=failed`,
        retried
          ? makeToast("success", "Queued again", "The delivery will be tried again shortly.")
          : makeToast("error", "Error", "That delivery is no longer waiting for a retry."),
        { status: 303 },
      );
    }
    case "new-secret": {
      replaceSecret(auditSource(admin, context), endpoint.id);
      logEvent("info", "webhook_secret_replaced", log);
      return redirectWithToast(
        here,
        makeToast("success", "New signing secret", "Give it to the receiving system now."),
        { status: 303 },
      );
    }
    case "remove": {
      removeEndpoint(auditSource(admin, context), endpoint.id);
      logEvent("info", "webhook_endpoint_removed", log);
      return redirectWithToast(
        "/admin/webhooks",
        makeToast("success", "Endpoint removed", "It receives nothing more."),
        { status: 303 },
      );
    }
  }
}

export default function WebhookEndpoint() {
  const { endpoint, removing, queued, view, rows } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const here = `/admin/webhooks/${endpoint.id}`;
  return (
    <AdminPage title="Webhook endpoint" subtitle={endpoint.description || undefined}>
      <BackLink to="/admin/webhooks">Back to all endpoints</BackLink>
      <dl className="mt-6 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-3">
        <dt className="font-semibold text-navy">URL</dt>
        <dd className="break-all">{endpoint.url}</dd>
        <dt className="font-semibold text-navy">Events</dt>
        <dd>{endpoint.events.map(eventLabel).join(", ")}</dd>
        <dt className="font-semibold text-navy">Signing secret</dt>
        <dd>
          <details>
            <summary className="cursor-pointer font-semibold text-brand-strong">
              Show the signing secret
            </summary>
            <code className="mt-2 block break-all rounded bg-paper p-2 text-sm">
              {endpoint.secret}
            </code>
            <p className="mt-2 text-sm text-ink-soft">
              Every delivery is signed in the Standard Webhooks format: the headers webhook-id,
              webhook-timestamp and webhook-signature (HMAC-SHA256 of the id, the timestamp and the
              body, with this secret).
            </p>
          </details>
        </dd>
      </dl>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={endpoint.id} />
        <Button type="submit" name="intent" value="test" variant="primary" disabled={busy}>
          Send test event
        </Button>
        <Button type="submit" name="intent" value="new-secret" disabled={busy}>
          Make a new secret
        </Button>
        <Link to={`${here}/edit`} className={buttonClassName()}>
          Edit endpoint
        </Link>
        <Link to={`${here}?remove`} className={buttonClassName({ variant: "danger" })}>
          Remove endpoint
        </Link>
      </Form>
      {removing ? (
        <section role="alertdialog" aria-labelledby="remove-question" className="mt-8">
          <div className="rounded-xl border border-red-300 bg-red-50 p-6">
            <h2 id="remove-question" className="text-xl font-semibold text-red-900">
              Remove this endpoint?
            </h2>
            <p className="mt-2 text-red-900">
              It will receive nothing more, and its delivery log goes with it.
            </p>
            <Form method="post" className="mt-6 flex flex-wrap gap-3">
              <input type="hidden" name="id" value={endpoint.id} />
              <Button type="submit" name="intent" value="remove" variant="danger" disabled={busy}>
                Remove it
              </Button>
              <Link to={here} className={buttonClassName()}>
                Keep it
              </Link>
            </Form>
          </div>
        </section>
      ) : null}
      <h2 className="mt-10 text-xl font-semibold text-navy">Deliveries</h2>
      <MessageLog
        path={here}
        what="deliveries"
        view={view}
        rows={rows}
        columns={[
          {
            heading: "Event",
            cell: (delivery) => (
              <Link
                to={`${here}/deliveries/${delivery.id}`}
                className="font-semibold text-brand-strong underline"
              >
                {eventLabel(delivery.eventType ?? "")}
              </Link>
            ),
          },
          {
            heading: "Event id",
            cell: (delivery) => <TruncatedText text={delivery.eventId ?? ""} />,
          },
          { heading: "Answer", cell: (delivery) => delivery.responseStatus ?? "None" },
        ]}
        highlight={queued}
        retryLabel={(delivery) =>
          `Retry the ${eventLabel(delivery.eventType ?? "")} delivery ${delivery.eventId}`
        }
      />
    </AdminPage>
  );
}
