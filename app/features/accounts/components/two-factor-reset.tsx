// An owner's reset of another account's two-factor sign-in, on the Users page: it asks first, in a
// dialog or, without JavaScript, on the page's ?reset-two-factor=id step.
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { RESET_TWO_FACTOR } from "../two-factor-code";

type Account = { id: number; email: string };

const resetConfirmation = (account: Account, required: boolean): Confirmation => ({
  key: `reset-two-factor-${account.id}`,
  question: "Reset two-factor sign-in?",
  subject: `The codes of ${account.email}'s authenticator app and their recovery codes will stop working, and they will be signed out everywhere; their passkeys stay. They then sign in with their password alone${
    required
      ? " and, as this site requires two-factor sign-in, are taken to Security to set it up again before anything else opens."
      : ", and can set up two-factor sign-in again at Security."
  } We email them to say so.`,
  action: "/admin/users",
  fields: { userId: String(account.id) },
  intent: RESET_TWO_FACTOR,
  confirmLabel: "Reset two-factor",
});

export function ResetTwoFactorButton({
  account,
  required,
}: {
  account: Account;
  required: boolean;
}) {
  return (
    <AskFirstButton
      confirmation={resetConfirmation(account, required)}
      label="Reset two-factor"
      accessibleLabel={`Reset two-factor sign-in of ${account.email}`}
      askHref={`?${RESET_TWO_FACTOR}=${account.id}`}
    />
  );
}

/** The confirmation step without JavaScript. */
export function ResetTwoFactorConfirmation({
  account,
  required,
}: {
  account: Account;
  required: boolean;
}) {
  return (
    <ConfirmationStep confirmation={resetConfirmation(account, required)} keepTo="/admin/users" />
  );
}
