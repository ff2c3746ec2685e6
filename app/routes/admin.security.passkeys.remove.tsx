// Removes one of the signed-in admin's passkeys, once they confirmed it on the Security page.
// Removed, it goes back to the Security page; a passkey not theirs is refused there.
import type { Route } from "./+types/admin.security.passkeys.remove";
import { ActionNotice } from "~/components/admin/action-notice";
import { removePasskey, requireAdmin } from "~/features/accounts/index.server";
import { adminHeaders } from "~/lib/admin-route";
import { readForm, refusedForm, refusedWithNotice } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { clientIpOf } from "~/lib/request-context";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args, { settingUpSecondFactor: true });
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused, noStore);
  const passkeyId = Number(read.formData.get("passkeyId"));
  const removed =
    Number.isSafeInteger(passkeyId) && removePasskey(admin, passkeyId, clientIpOf(args.context));
  logEvent(removed ? "info" : "warn", "passkey_removed", { userId: admin.id, removed });
  if (!removed) {
    return refusedWithNotice(
      404,
      "That passkey is not one of yours, or is already removed.",
      noStore,
    );
  }
  return redirectWithToast(
    "/admin/security",
    makeToast("success", "Passkey removed", "It no longer signs you in."),
  );
}

export default function RemovePasskeyRefusal() {
  return <ActionNotice />;
}
