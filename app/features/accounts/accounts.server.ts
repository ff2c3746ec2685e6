// Owners approving and revoking other accounts, and naming or removing owners. Approving tells the
// account by email; revoking ends its sessions at once and withdraws the invitations it sent. An
// admin who is not an owner may look, but changes nothing.
import { recordAudit, type AuditAction } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import type { Queryable } from "~/lib/db-client.server";
import { siteConfig } from "~/lib/site-config.server";
import { enqueueEmail } from "~/features/outbox/index.server";
import { accountApprovedEmail } from "./emails/account-emails";
import { deleteOpenInvitationsBy } from "./invitation-queries.server";
import { deleteSessionsOfUser } from "./session-queries.server";
import {
  findUserById,
  listOwners,
  listUsers,
  setApproval,
  setOwner,
  type User,
} from "./user-queries.server";
import { env } from "~/lib/env.server";
import { data } from "react-router";
import { hasAdminRights, requireAdmin } from "./admin-session.server";
import type { AccountIntent, AccountView } from "./account-fields";

/** An owner is an admin with the owner flag; the flag of an account that lost its rights counts for nothing. */
export const isOwner = (user: User) => user.owner && hasAdminRights(user);

/**
 * The guard of an owner's screen: requireAdmin's answers (sign in, wait, set up two-factor),
 * then a 403 for an admin who is not an owner.
 */
export async function requireOwner(args: Parameters<typeof requireAdmin>[0]): Promise<User> {
  const admin = await requireAdmin(args);
  if (!isOwner(admin)) throw data("Only an owner can open this page.", { status: 403 });
  return admin;
}

const ownersIn = (tx: Queryable) => listOwners(tx).filter(hasAdminRights);

/**
 * Who can approve a waiting account: the owners; on an install without one, every admin, since
 * the first of them to sign in becomes its owner.
 */
export function approversIn(tx: Queryable): User[] {
  const owners = ownersIn(tx);
  return owners.length > 0 ? owners : listUsers(tx).filter(hasAdminRights);
}

export function accountsForAdmin(): AccountView[] {
  return listUsers(db).map((user) => ({
    id: user.id,
    email: user.email,
    createdAt: user.createdAt,
    confirmed: user.confirmedAt !== null,
    allowlisted: env.ADMIN_EMAILS.includes(user.email),
    admin: hasAdminRights(user),
    owner: isOwner(user),
    twoFactor: user.totpSecret !== null,
  }));
}

/**
 * On an install without an owner, the admin signing in becomes it: the first admin of a new
 * install, or an allowlisted one where nobody was approved before owners existed.
 */
export function claimOwnershipIfNone(userId: number) {
  db.transaction((tx) => {
    const user = findUserById(tx, userId);
    if (!user || !hasAdminRights(user) || user.owner) return;
    if (ownersIn(tx).length === 0) setOwner(tx, user.id, true);
  });
}

export type AccountChange =
  | "approved"
  | "revoked"
  | "owner-added"
  | "owner-removed"
  | "not-found"
  | "not-owner"
  | "not-allowed"
  | "not-admin"
  | "last-owner";

/** What became of the change, and the address of the account it was about, to name it. */
export type AccountChangeResult = { outcome: AccountChange; email: string | null };

// What the audit log records of each change that applied.
const auditOf: Record<
  Extract<AccountChange, "approved" | "revoked" | "owner-added" | "owner-removed">,
  { action: AuditAction; details?: Record<string, unknown> }
> = {
  approved: { action: "account.approved" },
  revoked: { action: "account.removed" },
  "owner-added": { action: "account.role_changed", details: { role: "owner" } },
  "owner-removed": { action: "account.role_changed", details: { role: "admin" } },
};

/** An owner's change of another account, recorded in the audit log from `clientIp` when it applies. */
export async function changeAccount(
  actingAdmin: User,
  userId: number,
  intent: AccountIntent,
  clientIp: string,
  now = new Date(),
): Promise<AccountChangeResult> {
  // Rendered before the transaction, which cannot wait for a promise; queued only if it applies.
  const approvedNote =
    intent === "approve"
      ? await accountApprovedEmail(new URL("/admin/auth", siteConfig.origin).href, siteConfig.brand)
      : null;
  return db.transaction((tx) => {
    // Read again inside the write: the acting admin may have lost the role a moment ago.
    const actor = findUserById(tx, actingAdmin.id);
    const user = findUserById(tx, userId);
    const result = (outcome: AccountChange) => ({ outcome, email: user?.email ?? null });
    if (!actor || !isOwner(actor)) return result("not-owner");
    if (!user) return result("not-found");
    const applied = (outcome: keyof typeof auditOf) => {
      const { action, details } = auditOf[outcome];
      recordAudit(tx, {
        action,
        actor,
        target: `user:${user.id}`,
        details: { ...details, account: user.email },
        ipAddress: clientIp,
        at: now,
      });
      return result(outcome);
    };
    switch (intent) {
      case "approve":
        setApproval(tx, user.id, now);
        // Only an approval that opens the admin is news: not a second press, nor an account
        // whose email is still unconfirmed (confirming it will be enough then).
        if (approvedNote && !hasAdminRights(user) && user.confirmedAt) {
          enqueueEmail(tx, { to: user.email, ...approvedNote });
        }
        return applied("approved");
      case "revoke":
        // The allowlist is set by whoever runs the server, and revoking yourself would lock you out.
        if (env.ADMIN_EMAILS.includes(user.email) || user.id === actor.id) {
          return result("not-allowed");
        }
        setApproval(tx, user.id, null);
        setOwner(tx, user.id, false);
        deleteSessionsOfUser(tx, user.id);
        deleteOpenInvitationsBy(tx, user.id);
        return applied("revoked");
      case "make-owner":
        if (!hasAdminRights(user)) return result("not-admin");
        setOwner(tx, user.id, true);
        return applied("owner-added");
      case "remove-owner":
        if (isOwner(user) && ownersIn(tx).length <= 1) return result("last-owner");
        setOwner(tx, user.id, false);
        return applied("owner-removed");
    }
  });
}
