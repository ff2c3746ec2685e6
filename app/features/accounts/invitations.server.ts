// Owners invite colleagues by email (decision 052): the invitation's link works once, for a week,
// and sets the password of an account that needs no approval, signing it in. Sending it again
// replaces the link; revoking it, or revoking the owner who sent it, withdraws it. An address that
// already has a confirmed account is refused: that account is in the list, to approve or not.
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config.server";
import { enqueueEmail } from "~/features/outbox/index.server";
import { isOwner } from "./accounts.server";
import { markConfirmationsOfUserUsed } from "./confirmation-queries.server";
import { invitationEmail } from "./emails/account-emails";
import { INVITATION_LIFETIME_DAYS, type InvitationView } from "./invitation-fields";
import {
  acceptInvitationRow,
  deleteOpenInvitation,
  findInvitationById,
  findInvitationByToken,
  findOpenInvitationTo,
  insertInvitation,
  listOpenInvitations,
  renewInvitation,
  type Invitation,
} from "./invitation-queries.server";
import { hashPassword } from "./passwords.server";
import { newPasswordProblem } from "./password-strength.server";
import { newSecretToken, secretTokenHash } from "./secret-tokens.server";
import {
  confirmUser,
  findUserByEmail,
  findUserById,
  insertUser,
  normaliseEmail,
  setApproval,
  type User,
} from "./user-queries.server";

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

const invitationUrl = (token: string) =>
  new URL(`/admin/invitation?token=${encodeURIComponent(token)}`, siteConfig.origin).href;

/** The invitations not yet accepted, for the Users page; expired ones can be sent again. */
export function invitationsForAdmin(now = new Date()): InvitationView[] {
  return listOpenInvitations(db).map((invitation) => ({
    ...invitation,
    expired: invitation.expiresAt <= now,
  }));
}

export type InvitationChange = "sent" | "revoked" | "not-owner" | "not-found" | "has-account";

/** What became of the change, and the address it was about, to name it. */
export type InvitationChangeResult = { outcome: InvitationChange; email: string | null };

/**
 * Emails a new link to `email`: a new invitation, or, for an address already invited, the same
 * invitation with a new link and a new week (the earlier link stops working). With `onlyIfOpen`,
 * only an invitation still open is sent again. Each one sent is recorded in the audit log, the
 * address (of no staff account yet) only as its keyed hash.
 */
async function sendInvitation(
  actingAdmin: User,
  email: string,
  { now, onlyIfOpen, clientIp }: { now: Date; onlyIfOpen: boolean; clientIp: string },
): Promise<InvitationChangeResult> {
  const address = normaliseEmail(email);
  const token = newSecretToken();
  // Rendered before the transaction, which cannot wait for a promise.
  const message = await invitationEmail(
    invitationUrl(token),
    actingAdmin.email,
    INVITATION_LIFETIME_DAYS,
    siteConfig.brand,
  );
  return db.transaction((tx) => {
    const result = (outcome: InvitationChange) => ({ outcome, email: address });
    // Read again inside the write: the acting admin may have lost the role a moment ago.
    const actor = findUserById(tx, actingAdmin.id);
    if (!actor || !isOwner(actor)) return result("not-owner");
    if (findUserByEmail(tx, address)?.confirmedAt) return result("has-account");
    const open = findOpenInvitationTo(tx, address);
    if (!open && onlyIfOpen) return result("not-found");
    const link = {
      tokenHash: secretTokenHash(token),
      invitedBy: actor.id,
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    };
    if (open) renewInvitation(tx, open.id, link);
    const invitationId = open ? open.id : insertInvitation(tx, { email: address, ...link });
    enqueueEmail(tx, { to: address, ...message });
    recordAudit(tx, {
      action: "account.invited",
      actor,
      target: `invitation:${invitationId}`,
      subjectEmail: address,
      ipAddress: clientIp,
      details: open ? { again: true } : undefined,
      at: now,
    });
    return result("sent");
  });
}

/** An owner invites a colleague by email. */
export const inviteColleague = (
  actingAdmin: User,
  email: string,
  clientIp: string,
  now = new Date(),
) => sendInvitation(actingAdmin, email, { now, onlyIfOpen: false, clientIp });

/** An owner sends an open invitation again, with a new link. */
export async function resendInvitation(
  actingAdmin: User,
  invitationId: number,
  clientIp: string,
  now = new Date(),
): Promise<InvitationChangeResult> {
  const invitation = findInvitationById(db, invitationId);
  if (!invitation || invitation.acceptedAt) return { outcome: "not-found", email: null };
  return sendInvitation(actingAdmin, invitation.email, { now, onlyIfOpen: true, clientIp });
}

/** An owner withdraws an open invitation: its link stops working at once. */
export function revokeInvitation(
  actingAdmin: User,
  invitationId: number,
  clientIp: string,
  now = new Date(),
): InvitationChangeResult {
  return db.transaction((tx) => {
    const actor = findUserById(tx, actingAdmin.id);
    const invitation = findInvitationById(tx, invitationId);
    const result = (outcome: InvitationChange) => ({ outcome, email: invitation?.email ?? null });
    if (!actor || !isOwner(actor)) return result("not-owner");
    if (!invitation || !deleteOpenInvitation(tx, invitationId)) return result("not-found");
    recordAudit(tx, {
      action: "account.invitation_revoked",
      actor,
      target: `invitation:${invitationId}`,
      subjectEmail: invitation.email,
      ipAddress: clientIp,
      at: now,
    });
    return result("revoked");
  });
}

/** What a link is: open, already used, past its week, or not one we sent (or withdrawn). */
export type InvitationState = "open" | "used" | "expired" | "unknown";

type Found =
  { state: "open"; invitation: Invitation } | { state: Exclude<InvitationState, "open"> };

const found = (invitation: Invitation | undefined, now: Date): Found => {
  if (!invitation) return { state: "unknown" };
  if (invitation.acceptedAt) return { state: "used" };
  return invitation.expiresAt <= now ? { state: "expired" } : { state: "open", invitation };
};

const invitationOf = (token: string, now: Date) =>
  found(token === "" ? undefined : findInvitationByToken(db, secretTokenHash(token)), now);

/** Whether a link can still be accepted, and for which address; opening it changes nothing. */
export function invitationState(
  token: string,
  now = new Date(),
): { state: "open"; email: string } | { state: Exclude<InvitationState, "open"> } {
  const link = invitationOf(token, now);
  return link.state === "open" ? { state: "open", email: link.invitation.email } : link;
}

export type InvitationAcceptance =
  | { outcome: "accepted"; user: User }
  | { outcome: "refused"; problem: string }
  | { outcome: "taken" }
  | { outcome: Exclude<InvitationState, "open"> };

/**
 * Accepts an open invitation with the password the colleague chose, once: the account is
 * confirmed and approved (an unconfirmed sign-up of the same address becomes it, its links spent),
 * and the caller signs it in. A password that new passwords may not be is refused with its
 * problem, and nothing changes. An address that got a confirmed account meanwhile is "taken", and
 * its invitation withdrawn.
 */
export async function acceptInvitation(
  token: string,
  password: string,
  now = new Date(),
): Promise<InvitationAcceptance> {
  const link = invitationOf(token, now);
  if (link.state !== "open") return { outcome: link.state };
  const { invitation } = link;
  const problem = await newPasswordProblem(password, {
    email: invitation.email,
    brand: siteConfig.brand,
  });
  if (problem) return { outcome: "refused", problem };
  const passwordHash = await hashPassword(password);
  return db.transaction((tx): InvitationAcceptance => {
    const existing = findUserByEmail(tx, invitation.email);
    if (existing?.confirmedAt) {
      deleteOpenInvitation(tx, invitation.id);
      return { outcome: "taken" };
    }
    // Accepted only if still open inside the write: of two posts with the link, one wins.
    if (!acceptInvitationRow(tx, invitation.id, invitation.tokenHash, now)) {
      const current = found(findInvitationByToken(tx, invitation.tokenHash), now);
      return { outcome: current.state === "open" ? "unknown" : current.state };
    }
    let userId: number;
    if (existing) {
      confirmUser(tx, existing.id, passwordHash, now);
      setApproval(tx, existing.id, now);
      markConfirmationsOfUserUsed(tx, existing.id, now);
      userId = existing.id;
    } else {
      userId = insertUser(tx, {
        email: invitation.email,
        passwordHash,
        confirmedAt: now,
        approvedAt: now,
      }).id;
    }
    const user = findUserById(tx, userId);
    return user ? { outcome: "accepted", user } : { outcome: "unknown" };
  });
}
