// A person's request about their data (decision 069): find everything held about one address,
// export it as JSON, and, for owners, erase it after a question. Every search, export and erasure
// is in the audit log, which holds the address only as its keyed hash.
import type { Route } from "./+types/admin.privacy._index";
import { data, useActionData, useLoaderData } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ConfirmationStep } from "~/components/admin/ask-first";
import { ToastNotice } from "~/components/ui/toast-notice";
import { isOwner, requireAdmin } from "~/features/accounts/index.server";
import {
  PersonalDataReport,
  PrivacySearchForm,
  erasureConfirmation,
  erasureSummary,
  privacyHref,
  requestedAddress,
} from "~/features/privacy";
import { erasePersonalData, findPersonalData } from "~/features/privacy/index.server";
import { adminHeaders, adminMeta } from "~/lib/admin-route";
import { readForm, refusedForm, refusedWithNotice } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { clientIpOf } from "~/lib/request-context";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;
export const meta = adminMeta(
  "Privacy requests",
  "Find, export or erase what the site holds about one person.",
);

const ONLY_OWNERS = "Only an owner can erase a person's data.";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const canErase = isOwner(admin);
  const typed = url.searchParams.get("email");
  const address = requestedAddress(typed);
  if (address === null || "error" in address) {
    return data(
      { email: typed ?? "", error: address?.error, found: null, canErase, asking: false },
      { status: address === null ? 200 : 400, headers: noStore },
    );
  }
  const found = findPersonalData(address.email, {
    id: admin.id,
    email: admin.email,
    ipAddress: clientIpOf(context),
  });
  const asking = canErase && url.searchParams.get("erase") === "ask";
  return data(
    { email: address.email, error: undefined, found, canErase, asking },
    { headers: noStore },
  );
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused, noStore);
  const { formData } = read;
  if (formData.get("intent") !== "erase") {
    return refusedWithNotice(400, "Please use the Erase button of a search.", noStore);
  }
  if (!isOwner(admin)) return refusedWithNotice(403, ONLY_OWNERS, noStore);
  const address = requestedAddress(formData.get("email"));
  if (address === null || "error" in address) {
    return refusedWithNotice(400, address?.error ?? "Please search for an address first.", noStore);
  }
  const report = erasePersonalData(address.email, {
    id: admin.id,
    email: admin.email,
    ipAddress: clientIpOf(args.context),
  });
  logEvent("info", "privacy_erased", { by: admin.id, counts: report.counts });
  const kept = report.kept.map((kind) => `${kind.label} (${kind.count}): ${kind.why}`).join(" ");
  return redirectWithToast(
    privacyHref(address.email),
    makeToast(
      "success",
      "Personal data erased",
      `Erased: ${erasureSummary(report.counts)}${kept ? ` Kept: ${kept}` : ""}`,
    ),
    { status: 303 },
  );
}

export default function PrivacyRequests() {
  const { email, error, found, canErase, asking } = useLoaderData<typeof loader>();
  const notice = useActionData<typeof action>()?.notice;
  return (
    <AdminPage
      title="Privacy requests"
      subtitle="Everything the site holds about one email address: to show it, export it, or erase it at the person's request."
    >
      {notice ? (
        <div className="mt-6" key={notice.id}>
          <ToastNotice toast={notice} takesFocus />
        </div>
      ) : null}
      {asking ? (
        <ConfirmationStep confirmation={erasureConfirmation(email)} keepTo={privacyHref(email)} />
      ) : null}
      <PrivacySearchForm email={email} error={error} />
      {found ? <PersonalDataReport email={email} found={found} canErase={canErase} /> : null}
    </AdminPage>
  );
}
