// The buttons an owner has beside an account on the Users page: approve, name or remove an owner,
// reset two-factor sign-in (which asks first) and revoke, each where it applies.
import { Form } from "react-router";
import { Button, type ButtonVariant } from "~/components/ui/button";
import type { AccountIntent, AccountView } from "../account-fields";
import { ResetTwoFactorButton } from "./two-factor-reset";

const buttonLabels: Record<AccountIntent, string> = {
  approve: "Approve",
  revoke: "Revoke",
  "make-owner": "Make owner",
  "remove-owner": "Remove owner",
};

const buttonVariants: Record<AccountIntent, ButtonVariant> = {
  approve: "primary",
  revoke: "danger",
  "make-owner": "secondary",
  "remove-owner": "secondary",
};

function AccountButton({ account, intent }: { account: AccountView; intent: AccountIntent }) {
  const label = buttonLabels[intent];
  return (
    <Form method="post">
      <input type="hidden" name="userId" value={account.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${label} ${account.email}`}
        variant={buttonVariants[intent]}
        size="small"
      >
        {label}
      </Button>
    </Form>
  );
}

export function AccountActions({
  account,
  me,
  owners,
  twoFactorRequired,
}: {
  account: AccountView;
  /** The signed-in owner's own id: their account is neither revoked nor reset here. */
  me: number;
  owners: number;
  twoFactorRequired: boolean;
}) {
  const someoneElse = account.id !== me;
  return (
    <div className="flex flex-wrap gap-2">
      {account.confirmed && !account.admin ? (
        <AccountButton account={account} intent="approve" />
      ) : null}
      {account.admin && !account.owner ? (
        <AccountButton account={account} intent="make-owner" />
      ) : null}
      {account.owner && owners > 1 ? (
        <AccountButton account={account} intent="remove-owner" />
      ) : null}
      {account.twoFactor && someoneElse ? (
        <ResetTwoFactorButton account={account} required={twoFactorRequired} />
      ) : null}
      {account.admin && !account.allowlisted && someoneElse ? (
        <AccountButton account={account} intent="revoke" />
      ) : null}
    </div>
  );
}
