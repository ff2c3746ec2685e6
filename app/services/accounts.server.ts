// Admins approving and revoking other accounts. Revoking ends that account's sessions at once.
import { db } from "~/db/db.server";
import { deleteSessionsOfUser } from "~/models/session.server";
import { findUserById, listUsers, setApproval, type User } from "~/models/user.server";
import { env } from "~/utils/env.server";
import { hasAdminRights } from "./admin-session.server";

export type AccountView = {
  id: number;
  email: string;
  createdAt: Date;
  confirmed: boolean;
  allowlisted: boolean;
  admin: boolean;
};

export function accountsForAdmin(): AccountView[] {
  return listUsers(db).map((user) => ({
    id: user.id,
    email: user.email,
    createdAt: user.createdAt,
    confirmed: user.confirmedAt !== null,
    allowlisted: env.ADMIN_EMAILS.includes(user.email),
    admin: hasAdminRights(user),
  }));
}

export type AccountChange = "approved" | "revoked" | "not-found" | "not-allowed";

export function changeApproval(
  actingAdmin: User,
  userId: number,
  approve: boolean,
  now = new Date(),
): AccountChange {
  return db.transaction((tx) => {
    const user = findUserById(tx, userId);
    if (!user) return "not-found";
    // The allowlist is set by whoever runs the server, and revoking yourself would lock you out.
    if (!approve && (env.ADMIN_EMAILS.includes(user.email) || user.id === actingAdmin.id)) {
      return "not-allowed";
    }
    setApproval(tx, user.id, approve ? now : null);
    if (!approve) deleteSessionsOfUser(tx, user.id);
    return approve ? "approved" : "revoked";
  });
}
