// Owners approving and revoking other accounts, and naming or removing owners. Revoking ends that
// account's sessions at once. An admin who is not an owner may look, but changes nothing.
import { db } from "~/lib/db.server";
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
import { hasAdminRights } from "./admin-session.server";

/** An owner is an admin with the owner flag; the flag of an account that lost its rights counts for nothing. */
export const isOwner = (user: User) => user.owner && hasAdminRights(user);

const ownersIn = (tx: Parameters<typeof listOwners>[0]) => listOwners(tx).filter(hasAdminRights);

export type AccountView = {
  id: number;
  email: string;
  createdAt: Date;
  confirmed: boolean;
  allowlisted: boolean;
  admin: boolean;
  owner: boolean;
};

export function accountsForAdmin(): AccountView[] {
  return listUsers(db).map((user) => ({
    id: user.id,
    email: user.email,
    createdAt: user.createdAt,
    confirmed: user.confirmedAt !== null,
    allowlisted: env.ADMIN_EMAILS.includes(user.email),
    admin: hasAdminRights(user),
    owner: isOwner(user),
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

export const ACCOUNT_INTENTS = ["approve", "revoke", "make-owner", "remove-owner"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

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

export function changeAccount(
  actingAdmin: User,
  userId: number,
  intent: AccountIntent,
  now = new Date(),
): AccountChange {
  return db.transaction((tx) => {
    // Read again inside the write: the acting admin may have lost the role a moment ago.
    const actor = findUserById(tx, actingAdmin.id);
    if (!actor || !isOwner(actor)) return "not-owner";
    const user = findUserById(tx, userId);
    if (!user) return "not-found";
    switch (intent) {
      case "approve":
        setApproval(tx, user.id, now);
        return "approved";
      case "revoke":
        // The allowlist is set by whoever runs the server, and revoking yourself would lock you out.
        if (env.ADMIN_EMAILS.includes(user.email) || user.id === actor.id) return "not-allowed";
        setApproval(tx, user.id, null);
        setOwner(tx, user.id, false);
        deleteSessionsOfUser(tx, user.id);
        return "revoked";
      case "make-owner":
        if (!hasAdminRights(user)) return "not-admin";
        setOwner(tx, user.id, true);
        return "owner-added";
      case "remove-owner":
        if (isOwner(user) && ownersIn(tx).length <= 1) return "last-owner";
        setOwner(tx, user.id, false);
        return "owner-removed";
    }
  });
}
