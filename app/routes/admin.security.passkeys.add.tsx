// Adds a passkey to the signed-in admin's account: the Security page's Add button posts the
// browser's answer here. Added, it goes back to the Security page; refused, the page shows why.
import type { Route } from "./+types/admin.security.passkeys.add";
import { ActionNotice } from "~/components/admin/action-notice";
import { PASSKEY_CREDENTIAL_FIELD } from "~/features/accounts";
import { addPasskey, requireAdmin } from "~/features/accounts/index.server";
import { adminHeaders } from "~/lib/admin-route";
import { readForm, refusedForm, refusedWithNotice } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { clientIpOf } from "~/lib/request-context";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;

export async function action(args: Route.ActionArgs) {
  // Where the owner requires two-factor sign-in, a passkey is one more way to set up first.
  const admin = await requireAdmin(args, { settingUpSecondFactor: true });
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused, noStore);
  const { formData } = read;
  const name = String(formData.get("name") ?? "");
  const credential = String(formData.get(PASSKEY_CREDENTIAL_FIELD) ?? "");
  const added = await addPasskey(admin, credential, name, clientIpOf(args.context));
  logEvent(added.outcome === "added" ? "info" : "warn", "passkey_added", {
    userId: admin.id,
    outcome: added.outcome,
  });
  if (added.outcome === "refused") return refusedWithNotice(added.status, added.message, noStore);
  return redirectWithToast(
    "/admin/security",
    makeToast("success", "Passkey added", `${added.name} now signs you in.`),
  );
}

export default function AddPasskeyRefusal() {
  return <ActionNotice />;
}
