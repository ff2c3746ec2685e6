// Retention: how long the site keeps what it collects. Owners change the periods here (other admins
// get 403); the daily sweep enforces them and the privacy policy states them.
import type { Route } from "./+types/admin.retention";
import { data, useActionData, useLoaderData } from "react-router";
import { ActionNotice } from "~/components/admin/action-notice";
import { AdminPage } from "~/components/admin/admin-page";
import { isOwner, requireAdmin } from "~/features/accounts/index.server";
import { RetentionForm, retentionSchema } from "~/features/retention";
import {
  changeRetention,
  retentionFormValues,
  retentionSettings,
} from "~/features/retention/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { parseForm, refusedWithNotice } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta("Retention", "How long the site keeps what it collects.");

const ONLY_OWNERS = "Only an owner can change how long the site keeps what it collects.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  if (!isOwner(admin)) throw data(ONLY_OWNERS, { status: 403, headers: noStore });
  const settings = retentionSettings();
  return data(
    { values: retentionFormValues(settings), saved: JSON.stringify(settings) },
    { headers: noStore },
  );
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  if (!isOwner(admin)) return refusedWithNotice(403, ONLY_OWNERS, noStore);
  const parsed = await parseForm(args, { schema: retentionSchema, headers: noStore });
  if (parsed.refused) return parsed.refused;
  const outcome = changeRetention({
    settings: parsed.value,
    actor: admin,
    ipAddress: clientIpOf(args.context),
  });
  logEvent("info", "retention_changed", { by: admin.id, outcome, ...parsed.value });
  return redirectWithToast(
    "/admin/retention",
    outcome === "saved"
      ? makeToast(
          "success",
          "Periods saved",
          "The daily sweep keeps to them from its next run, and the privacy policy states them now.",
        )
      : makeToast("success", "Nothing changed", "These are the periods already in force."),
    { status: 303 },
  );
}

export default function Retention() {
  const { values, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Retention"
      subtitle="How long the site keeps what it collects. Once a day, what is older is deleted."
    >
      <ActionNotice />
      <section aria-labelledby="retention-heading" className="mt-8">
        <h2 id="retention-heading" className="text-xl font-semibold text-navy">
          Periods
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-soft">
          The privacy policy states these periods as they are set here. The leads charts count only
          what is kept: a period older than the leads&apos; period shows nothing, and an all-time
          count covers only that period.
        </p>
        {/* Drawn afresh once saved, so the fields show the periods as stored. */}
        <RetentionForm key={saved} defaultValue={values} lastResult={actionData?.result} />
      </section>
    </AdminPage>
  );
}
