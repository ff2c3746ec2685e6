// What the Users page's invitation forms and their action share, and what it lists of an
// invitation; safe in the browser.
import { z } from "zod";
import { requiredEmail } from "~/lib/form-fields";

export const INVITATION_LIFETIME_DAYS = 7;

/** The intents of the invitation forms, which tell them from the page's account buttons. */
export const INVITE_INTENT = "invite";
export const INVITATION_INTENTS = ["resend-invitation", "revoke-invitation"] as const;
export type InvitationIntent = (typeof INVITATION_INTENTS)[number];

/** Without JavaScript, an invitation's Revoke opens the page with this query to ask first. */
export const REVOKE_INVITATION_QUERY = "revoke-invitation";

export const ONLY_OWNERS_INVITE = "Only an owner can invite colleagues.";

export const invitationSchema = z.object({
  intent: z.literal(INVITE_INTENT),
  email: requiredEmail("Please enter your colleague's email address."),
});

export type InvitationView = {
  id: number;
  email: string;
  invitedBy: string;
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
};
