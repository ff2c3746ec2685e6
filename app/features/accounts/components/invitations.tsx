// The Users page's invitations: for owners, the form that invites a colleague; for everyone, the
// invitations not yet accepted, whom and when; for owners, Send again and Revoke beside each.
// Revoking asks first, in a dialog or, without JavaScript, on the page's ?revoke-invitation=id step.
import { Form } from "react-router";
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/zoned-time";
import type { FormReply } from "~/lib/form-action.server";
import { useTimeZone } from "~/lib/site-config";
import {
  ONLY_OWNERS_INVITE,
  REVOKE_INVITATION_QUERY,
  type InvitationIntent,
  type InvitationView,
} from "../invitation-fields";
import { InviteForm } from "./invite-form";

const revokeConfirmation = (invitation: Pick<InvitationView, "id" | "email">): Confirmation => ({
  key: `revoke-invitation-${invitation.id}`,
  question: "Revoke this invitation?",
  subject: `The link sent to ${invitation.email} will stop working.`,
  action: "/admin/users",
  fields: { invitationId: String(invitation.id) },
  intent: "revoke-invitation" satisfies InvitationIntent,
  confirmLabel: "Revoke invitation",
});

/** The confirmation step without JavaScript. */
export function RevokeInvitationConfirmation({ invitation }: { invitation: InvitationView }) {
  return <ConfirmationStep confirmation={revokeConfirmation(invitation)} keepTo="/admin/users" />;
}

export function Invitations({
  invitations,
  canManage,
  lastResult,
}: {
  invitations: InvitationView[];
  canManage: boolean;
  lastResult: FormReply["result"] | undefined;
}) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="invitations-heading" className="mt-8">
      <h2 id="invitations-heading" className="text-xl font-semibold text-navy">
        Invite a colleague
      </h2>
      {canManage ? (
        <InviteForm lastResult={lastResult} />
      ) : (
        <p className="mt-2 text-ink-soft">{ONLY_OWNERS_INVITE}</p>
      )}
      {invitations.length === 0 ? (
        <p className="mt-6 text-ink-soft">No invitations are waiting to be accepted.</p>
      ) : (
        <ul
          aria-label="Invitations not yet accepted"
          className="mt-6 max-w-3xl divide-y divide-line"
        >
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-navy">{invitation.email}</p>
                <p className="text-sm text-ink-soft">
                  Sent {formatDateTime(invitation.sentAt, timeZone)} by {invitation.invitedBy} ·{" "}
                  {invitation.expired
                    ? `Expired ${formatDateTime(invitation.expiresAt, timeZone)}`
                    : `Works until ${formatDateTime(invitation.expiresAt, timeZone)}`}
                </p>
              </div>
              {canManage ? (
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value={"resend-invitation" satisfies InvitationIntent}
                      aria-label={`Send again to ${invitation.email}`}
                      variant="secondary"
                      size="small"
                    >
                      Send again
                    </Button>
                  </Form>
                  <AskFirstButton
                    confirmation={revokeConfirmation(invitation)}
                    label="Revoke"
                    accessibleLabel={`Revoke the invitation to ${invitation.email}`}
                    askHref={`?${REVOKE_INVITATION_QUERY}=${invitation.id}`}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
