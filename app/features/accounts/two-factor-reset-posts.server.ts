// The Users page's "Reset two-factor", answered: an owner's reset of another account's two-factor
// sign-in, or the refusal (4xx) that says why not.
import { data } from "react-router";
import { pressedButton } from "~/lib/button-form.server";
import { logEvent } from "~/lib/log.server";
import { makeToast, type Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { RESET_TWO_FACTOR } from "./two-factor-code";
import { resetTwoFactor, type TwoFactorReset } from "./two-factor.server";
import type { User } from "./user-queries.server";

type Refusal = { status: number; error: string };

const answers: Record<TwoFactorReset, (email: string, required: boolean) => Toast | Refusal> = {
  reset: (email, required) =>
    makeToast(
      "success",
      "Two-factor sign-in reset",
      required
        ? `${email} signs in with their password, then sets up two-factor sign-in again at Security before anything else opens. We've emailed them.`
        : `${email} signs in with their password alone until they set up two-factor sign-in again. We've emailed them.`,
    ),
  "not-owner": () => ({ status: 403, error: "Only an owner can reset two-factor sign-in." }),
  "not-found": () => ({ status: 404, error: "That account no longer exists." }),
  "own-account": () => ({
    status: 409,
    error: "Your own two-factor sign-in is turned off or changed at Security.",
  }),
  "not-on": (email) => ({ status: 409, error: `${email} has no two-factor sign-in to reset.` }),
};

export const isTwoFactorResetPost = (formData: FormData) =>
  formData.get("intent") === RESET_TWO_FACTOR;

/** Answers a press of "Reset two-factor" by an admin (only owners reset anything). */
export async function answerTwoFactorResetPost(admin: User, formData: FormData, clientIp: string) {
  const form = pressedButton(formData, {
    intents: [RESET_TWO_FACTOR],
    idField: "userId",
    refusal: "Please use the buttons beside an account.",
  });
  if ("refused" in form) return form.refused;
  const { outcome, email, required } = await resetTwoFactor(admin, form.id, clientIp);
  const answer = answers[outcome](email ?? "", required);
  const refused = "status" in answer;
  logEvent(refused ? "warn" : "info", "two_factor_reset", {
    by: admin.id,
    userId: form.id,
    outcome,
  });
  if (refused) return data({ error: answer.error }, { status: answer.status });
  return redirectWithToast("/admin/users", answer);
}
