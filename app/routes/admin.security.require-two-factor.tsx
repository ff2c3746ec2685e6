// The owner's switch on the Security page: whether every admin must use two-factor sign-in.
// Switched, it goes back to the Security page; an admin who is not an owner is refused there.
import type { Route } from "./+types/admin.security.require-two-factor";
import { ActionNotice } from "~/components/admin/action-notice";
import { ONLY_OWNERS_REQUIRE, requireTwoFactorSchema } from "~/features/accounts";
import { requireAdmin, setTwoFactorRequired } from "~/features/accounts/index.server";
import { adminHeaders } from "~/lib/admin-route";
import { readForm, refusedForm, refusedWithNotice } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { clientIpOf } from "~/lib/request-context";
import { logEvent } from "~/lib/log.server";
import { makeToast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

export const headers = adminHeaders;

export async function action(args: Route.ActionArgs) {
  // An owner without two-factor sign-in who required it must still be able to stop requiring it.
  const admin = await requireAdmin(args, { settingUpSecondFactor: true });
  const read = await readForm(args);
  if (read.refused) return refusedForm(read.refused, noStore);
  const parsed = requireTwoFactorSchema.safeParse(Object.fromEntries(read.formData));
  if (!parsed.success)
    return refusedWithNotice(400, "Please use the buttons on this page.", noStore);
  const required = parsed.data.required === "true";
  const outcome = setTwoFactorRequired(admin, required, clientIpOf(args.context));
  logEvent(outcome === "saved" ? "info" : "warn", "two_factor_requirement", {
    by: admin.id,
    required,
    outcome,
  });
  if (outcome === "not-owner") return refusedWithNotice(403, ONLY_OWNERS_REQUIRE, noStore);
  return redirectWithToast(
    "/admin/security",
    required
      ? makeToast("success", "Two-factor sign-in required", "Every admin now needs it.")
      : makeToast("success", "Two-factor sign-in optional", "Admins choose for themselves."),
  );
}

export default function RequireTwoFactorRefusal() {
  return <ActionNotice />;
}
