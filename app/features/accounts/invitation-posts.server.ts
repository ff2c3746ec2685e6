// The Users page's invitation forms, answered: inviting (an address, refused at its field when it
// already has an account), sending again and revoking. Each invitation is an email to an address an
// owner typed, so an owner has a budget of them per hour; refusals are 4xx with the reason.
import { data } from "react-router";
import { pressedButton } from "~/lib/button-form.server";
import { parseFields, tooManyAttemptsReply, type FormReply } from "~/lib/form-action.server";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { rateLimiter } from "~/lib/rate-limit.server";
import { makeToast, type Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  INVITATION_INTENTS,
  INVITATION_LIFETIME_DAYS,
  INVITE_INTENT,
  ONLY_OWNERS_INVITE,
  invitationSchema,
  type InvitationIntent,
} from "./invitation-fields";
import {
  inviteColleague,
  resendInvitation,
  revokeInvitation,
  type InvitationChange,
} from "./invitations.server";
import type { User } from "./user-queries.server";

const ALREADY_HAS_ACCOUNT =
  "That address already has an account: it is in the list below, to approve there if it waits.";

type Refusal = { status: number; error: string };

const answers: Record<
  InvitationChange,
  (email: string, intent: InvitationIntent | typeof INVITE_INTENT) => Toast | Refusal
> = {
  sent: (email, intent) =>
    intent === INVITE_INTENT
      ? makeToast(
          "success",
          "Invitation sent",
          `We've emailed ${email} a link to join. It works once, for ${INVITATION_LIFETIME_DAYS} days.`,
        )
      : makeToast(
          "success",
          "Invitation sent again",
          `${email} has a new link, for ${INVITATION_LIFETIME_DAYS} days; the earlier one no longer works.`,
        ),
  revoked: (email) =>
    makeToast("success", "Invitation revoked", `The link sent to ${email} no longer works.`),
  "not-owner": () => ({ status: 403, error: ONLY_OWNERS_INVITE }),
  "not-found": () => ({ status: 404, error: "That invitation was already accepted or revoked." }),
  "has-account": () => ({ status: 409, error: ALREADY_HAS_ACCOUNT }),
};

/** Whether the form posted is one of the invitation forms rather than an account's button. */
export const isInvitationPost = (formData: FormData) => {
  const intent = formData.get("intent");
  return intent === INVITE_INTENT || INVITATION_INTENTS.includes(intent as InvitationIntent);
};

async function overBudget(admin: User) {
  const budget = await rateLimiter("invitationsPerOwner").hit(String(admin.id));
  if (budget.allowed) return null;
  logEvent("warn", "rate_limited", { path: "/admin/users", by: admin.id });
  return budget.retryAfterSeconds;
}

function logged(admin: User, intent: string, outcome: InvitationChange, answer: Toast | Refusal) {
  logEvent("status" in answer ? "warn" : "info", "invitation_changed", {
    by: admin.id,
    intent,
    outcome,
  });
  return answer;
}

async function invite(admin: User, formData: FormData, clientIp: string) {
  const parsed = parseFields(formData, invitationSchema, { headers: noStore });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  const retryAfter = await overBudget(admin);
  if (retryAfter !== null) return tooManyAttemptsReply(retryAfter, submission.reply(), noStore);
  const { outcome, email } = await inviteColleague(admin, submission.value.email, clientIp);
  const answer = logged(
    admin,
    INVITE_INTENT,
    outcome,
    answers[outcome](email ?? "", INVITE_INTENT),
  );
  if (!("status" in answer)) return redirectWithToast("/admin/users", answer);
  // A refusal about the address is said at its field; one about the owner in a notice.
  const atField = outcome === "has-account";
  return data<FormReply>(
    {
      result: submission.reply(atField ? { fieldErrors: { email: [answer.error] } } : {}),
      notice: atField ? null : makeToast("error", "Error", answer.error),
    },
    { status: answer.status, headers: noStore },
  );
}

/**
 * Answers a post of one of the invitation forms by an admin (only owners change anything), from
 * `clientIp` as the audit log records it.
 */
export async function answerInvitationPost(admin: User, formData: FormData, clientIp: string) {
  if (formData.get("intent") === INVITE_INTENT) return invite(admin, formData, clientIp);
  const form = pressedButton(formData, {
    intents: INVITATION_INTENTS,
    idField: "invitationId",
    refusal: "Please use the buttons beside an invitation.",
  });
  if ("refused" in form) return form.refused;
  const { intent, id } = form;
  if (intent === "resend-invitation") {
    const retryAfter = await overBudget(admin);
    if (retryAfter !== null) return tooManyAttemptsReply(retryAfter, null, noStore);
  }
  const { outcome, email } =
    intent === "resend-invitation"
      ? await resendInvitation(admin, id, clientIp)
      : revokeInvitation(admin, id, clientIp);
  const answer = logged(admin, intent, outcome, answers[outcome](email ?? "", intent));
  if ("status" in answer) {
    return data({ error: answer.error }, { status: answer.status, headers: noStore });
  }
  return redirectWithToast("/admin/users", answer);
}
